// adopt's program model (provider/adopt/program.ts) apart from the service:
// names from the objects' own names, unique; ids of adopted objects turned
// into references (a UUID anywhere, a named id where the field says which
// kind it names); the secrets the service never returns as placeholders
// (required ones, and the alternative the check asks for); the resources
// ordered after what they refer to; and the three languages' renderings.
import { buildProgram, camel, slug } from "../../provider/adopt/program";
import { pythonProgram } from "../../provider/adopt/emit/python";
import { typescriptProgram } from "../../provider/adopt/emit/typescript";
import { yamlProgram } from "../../provider/adopt/emit/yaml";
import { packageSchema } from "../../provider/native/schema";
import { loadKind } from "../../provider/registry";
import type { LangSmithResource } from "../../provider/engine/resource";

const kinds = ["Workspace", "Project", "RunRule", "WorkspaceSecret", "SsoSettings"].map((name) => loadKind(`langsmith:index:${name}`) as LangSmithResource);
const WS = "11111111-2222-4333-8444-555555555555";
const PROJECT = "66666666-7777-4888-9999-aaaaaaaaaaaa";

const program = buildProgram(
  [
    // The rule first: the program puts it after the project it refers to.
    {
      token: "langsmith:index:RunRule",
      id: "bbbbbbbb-cccc-4ddd-8eee-ffffffffffff",
      importId: `${WS}/bbbbbbbb-cccc-4ddd-8eee-ffffffffffff`,
      label: "Errored runs",
      workspaceId: WS,
      inputs: { workspaceId: WS, displayName: "Errored runs", projectId: PROJECT, samplingRate: 0.1, unset: undefined },
    },
    { token: "langsmith:index:Workspace", id: WS, importId: WS, label: "agents-dev", workspaceId: undefined, inputs: { displayName: "agents-dev" } },
    {
      token: "langsmith:index:Project",
      id: PROJECT,
      importId: `${WS}/${PROJECT}`,
      label: "Support traces",
      workspaceId: WS,
      inputs: { workspaceId: WS, name: "Support traces" },
    },
    {
      token: "langsmith:index:Project",
      id: "99999999-7777-4888-9999-aaaaaaaaaaaa",
      importId: `${WS}/99999999-7777-4888-9999-aaaaaaaaaaaa`,
      label: "Support traces",
      workspaceId: WS,
      inputs: { workspaceId: WS, name: "Support traces" },
    },
    {
      token: "langsmith:index:WorkspaceSecret",
      id: "OPENAI_API_KEY",
      importId: `${WS}/OPENAI_API_KEY`,
      label: "OPENAI_API_KEY",
      workspaceId: WS,
      inputs: { workspaceId: WS, key: "OPENAI_API_KEY" },
    },
    {
      token: "langsmith:index:SsoSettings",
      id: "dddddddd-cccc-4ddd-8eee-ffffffffffff",
      importId: "dddddddd-cccc-4ddd-8eee-ffffffffffff",
      label: undefined,
      workspaceId: undefined,
      inputs: {},
    },
  ],
  kinds,
);

describe("adopt's program", () => {
  it("names resources from their objects' names, unique, and orders them after what they refer to", () => {
    expect(slug("Support traces (prod)")).toBe("support-traces-prod");
    expect(camel("project-support-traces")).toBe("projectSupportTraces");
    expect(program.resources.map((r) => r.name)).toEqual([
      "workspace-agents-dev",
      "project-support-traces",
      "run-rule-errored-runs",
      "project-support-traces-2",
      "workspace-secret-openai-api-key",
      "sso-settings-dddddddd",
    ]);
  });

  it("turns adopted ids into references and drops inputs read as unset", () => {
    const rule = program.resources.find((r) => r.token === "langsmith:index:RunRule");
    expect(rule?.inputs).toEqual({
      workspaceId: { reference: "workspace-agents-dev", output: "id" },
      displayName: "Errored runs",
      projectId: { reference: "project-support-traces", output: "id" },
      samplingRate: 0.1,
    });
  });

  it("asks for the secrets the service never returns: a required one, and the alternative the check wants", () => {
    expect(program.secrets).toEqual([
      { configKey: "workspaceSecretOpenaiApiKeyValue", resource: "workspace-secret-openai-api-key", input: "value" },
      { configKey: "ssoSettingsDdddddddMetadataXml", resource: "sso-settings-dddddddd", input: "metadataXml" },
    ]);
  });

  it("renders in TypeScript, Python and YAML with the references and placeholders of each", () => {
    const ts = typescriptProgram(program);
    expect(ts).toContain('const runRuleErroredRuns = new langsmith.RunRule("run-rule-errored-runs", {');
    expect(ts).toContain("projectId: projectSupportTraces.id,");
    expect(ts).toContain('value: config.requireSecret("workspaceSecretOpenaiApiKeyValue"),');
    const py = pythonProgram(program, packageSchema("0.2.0"));
    expect(py).toContain("run_rule_errored_runs = langsmith.RunRule(");
    expect(py).toContain("    project_id=project_support_traces.id,");
    expect(py).toContain('    value=config.require_secret("workspaceSecretOpenaiApiKeyValue"),');
    const yaml = yamlProgram(program, "adopted");
    expect(yaml).toContain('      "projectId": ${project-support-traces.id}');
    expect(yaml).toContain("  workspaceSecretOpenaiApiKeyValue:\n    type: String\n    secret: true");
  });
});

describe("the adopt command's arguments", () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { parseAdoptArguments } = require("../../provider/adopt/cli") as typeof import("../../provider/adopt/cli");

  it("takes the language, the folder, the project and the workspaces; refuses anything else, with the usage", () => {
    expect(parseAdoptArguments(["adopt"])).toEqual({ language: "typescript", out: "adopted", project: "langsmith-organization", workspaces: [] });
    expect(parseAdoptArguments(["adopt", "--language", "python", "--out", "x", "--project", "org", "--workspaces", "dev, prod"])).toEqual({
      language: "python",
      out: "x",
      project: "org",
      workspaces: ["dev", "prod"],
    });
    expect(() => parseAdoptArguments(["adopt", "--language", "go"])).toThrow("--language must be one of typescript, python, yaml, not go");
    expect(() => parseAdoptArguments(["adopt", "--bogus"])).toThrow(/unknown argument --bogus[\s\S]*Usage: pulumi-langsmith adopt/);
    expect(() => parseAdoptArguments(["adopt", "--out"])).toThrow("--out needs a value");
    expect(() => parseAdoptArguments(["import"])).toThrow(/^Usage: pulumi-langsmith adopt/);
  });
});
