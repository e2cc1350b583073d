// The organization-and-access resources through the real CLI from a YAML
// program on the native provider, against the emulator with an
// organization-scoped key: up, a no-change preview, one in-place change per
// kind with its detailed-diff line, pulumi import of every kind (by natural
// key where the service has one, in the stack's own workspace by
// `<workspaceId>/…`) followed by a no-change preview, refresh with drift,
// and destroy leaving nothing the service can delete. Canaries in the SSO
// metadata never reach the output, the state or the generated import code.
import { DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID } from "../../packages/emulator/src";
import { createClient } from "../../provider/client";
import { WORKSPACE_ENDPOINTS } from "../../provider/workspace/endpoints";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { installNativePlugin } from "../helpers/nativePlugin";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { toolPaths } from "../helpers/tools";

const SSO_CANARY = "canary-sso-metadata-3b7d21";
const EDITOR_ROLE = "00000000-0000-4000-8000-000000000a06";
const PROJECT_ID = "7d3c1b2a-9e8f-4a6b-8c5d-1e2f3a4b5c6d";

interface Variant {
  workspaceName: string;
  roleDescription: string;
  keyDescription: string;
  valueDescription: string;
  applyToAllProjects: boolean;
  limitValue: number;
  groups: boolean;
}

const FIRST: Variant = { workspaceName: "platform-dev", roleDescription: "reads traces", keyDescription: "environment", valueDescription: "development", applyToAllProjects: false, limitValue: 100000, groups: false };
const SECOND: Variant = { workspaceName: "platform-development", roleDescription: "reads traces and datasets", keyDescription: "deployment environment", valueDescription: "the dev stack", applyToAllProjects: true, limitValue: 250000, groups: true };

function program(v: Variant): string {
  return `
resources:
  ws:
    type: langsmith:index:Workspace
    properties:
      displayName: ${v.workspaceName}
  reviewer:
    type: langsmith:index:Role
    properties:
      displayName: Reviewer
      description: ${v.roleDescription}
      permissions: ["projects:read", "runs:read"]
  env:
    type: langsmith:index:TagKey
    properties:
      workspaceId: \${ws.id}
      key: env
      description: ${v.keyDescription}
  dev:
    type: langsmith:index:TagValue
    properties:
      workspaceId: \${ws.id}
      tagKeyId: \${env.id}
      value: dev
      description: ${v.valueDescription}
  tagged:
    type: langsmith:index:Tagging
    properties:
      workspaceId: \${ws.id}
      tagValueId: \${dev.id}
      resourceType: project
      resourceId: ${PROJECT_ID}
  retention:
    type: langsmith:index:TtlSettings
    properties:
      workspaceId: \${ws.id}
      defaultTraceTier: longlived
      applyToAllProjects: ${v.applyToAllProjects}
  traces:
    type: langsmith:index:UsageLimit
    properties:
      workspaceId: \${ws.id}
      limitType: monthly_traces
      limitValue: ${v.limitValue}
  sso:
    type: langsmith:index:SsoSettings
    properties:
      metadataXml:
        fn::secret: "<EntityDescriptor>${SSO_CANARY}</EntityDescriptor>"
      defaultWorkspaceRoleId: ${EDITOR_ROLE}
      defaultWorkspaceIds: ["\${ws.id}"]
      ssoGroupsEnabled: ${v.groups}
`;
}

describe("organization resources: a YAML program through the real CLI", () => {
  let stack: EmulatorStack;
  let project: PulumiProject;

  beforeAll(async () => {
    if (toolPaths().yamlBinDir === undefined) throw new Error("the YAML language host is not recorded by the tools bootstrap: run npm run tools");
    stack = await startEmulatorStack();
    project = await createPulumiProject({
      name: "organization-yaml",
      runtime: "yaml",
      program: program(FIRST),
      config: { ...stack.config, "langsmith:apiKey": { secret: DEFAULT_ORG_API_KEY } },
      env: stack.env,
    });
    await installNativePlugin(project);
  }, 300_000);

  afterAll(async () => {
    project?.cleanup();
    await stack?.emulator.close();
  });

  const ok = (result: { code: number | null; output: string }) => ({ code: result.code, tail: result.code === 0 ? "" : result.output.slice(-4000) });
  const objects = (kind: string) => stack.emulator.control.dumpState().state.objects[kind] ?? [];
  const state = async () => (await project.exportStack()).deployment.resources ?? [];
  const idOf = async (name: string) => (await state()).find((r) => r.urn.endsWith(`::${name}`))?.id as string;

  it("creates every kind, previews clean, changes each in place with a property-level diff, refreshes drift", async () => {
    const up = await project.up();
    expect(ok(up)).toEqual({ code: 0, tail: "" });
    expect(up.output).toMatch(/9 created/); // and the stack
    expect(objects("workspaces").map((w) => w.wire["display_name"])).toContain("platform-dev");
    expect(await project.preview(["--expect-no-changes"]).then(ok)).toEqual({ code: 0, tail: "" });

    project.writeProgram(program(SECOND));
    const preview = await project.preview(["--diff"]);
    expect(ok(preview)).toEqual({ code: 0, tail: "" });
    expect(preview.output).toMatch(/~ displayName\s*: "platform-dev" => "platform-development"/);
    expect(preview.output).toMatch(/~ description\s*: "reads traces" => "reads traces and datasets"/);
    expect(preview.output).toMatch(/~ description\s*: "environment" => "deployment environment"/);
    expect(preview.output).toMatch(/~ description\s*: "development" => "the dev stack"/);
    expect(preview.output).toMatch(/~ applyToAllProjects\s*: false => true/);
    expect(preview.output).toMatch(/~ limitValue\s*: 100000 => 250000/);
    expect(preview.output).toMatch(/~ ssoGroupsEnabled\s*: false => true/);
    expect(preview.output).toMatch(/7 to update/);
    expect(preview.output).not.toMatch(/to replace|replaced/);

    stack.emulator.control.clearRequestLog();
    const changed = await project.up();
    expect(ok(changed)).toEqual({ code: 0, tail: "" });
    expect(changed.output).toMatch(/7 updated/);
    const writes = stack.emulator.control.requestLog().filter((r) => r.method !== "GET");
    expect(writes.map((r) => r.method).sort()).toEqual(["PATCH", "PATCH", "PATCH", "PATCH", "PATCH", "PUT", "PUT"]);

    // Drift: the workspace renamed outside Pulumi is seen by refresh, and the next preview puts the name back.
    const client = createClient({ apiUrl: stack.emulator.url, controlPlaneUrl: stack.emulator.url, apiKey: DEFAULT_ORG_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID });
    const workspaceId = await idOf("ws");
    await client.resources.send(WORKSPACE_ENDPOINTS.update, { action: "renaming a workspace by hand", params: { id: workspaceId }, body: { display_name: "renamed-by-hand" } });
    const refresh = await project.refresh(["--yes", "--skip-preview"]);
    expect(ok(refresh)).toEqual({ code: 0, tail: "" });
    expect((await state()).find((r) => r.urn.endsWith("::ws"))?.outputs?.["displayName"]).toBe("renamed-by-hand");
    const back = await project.preview(["--diff"]);
    expect(back.output).toMatch(/~ displayName\s*: "renamed-by-hand" => "platform-development"/);
    expect(ok(await project.up())).toEqual({ code: 0, tail: "" });

    const all = up.output + preview.output + changed.output + refresh.output + back.output;
    expect(all).not.toContain(SSO_CANARY);
    expect(project.rawStateFile()).not.toContain(SSO_CANARY);
  });

  it("imports every kind by the key a user knows, then previews with no changes; nothing is written", async () => {
    const ids: Record<string, string | undefined> = {};
    for (const name of ["ws", "reviewer", "env", "dev", "tagged", "retention", "traces", "sso"]) ids[name] = await idOf(name);
    const ws = ids["ws"] as string;
    const imports = [
      ["langsmith:index:Workspace", "ws", "platform-development"],
      ["langsmith:index:Role", "reviewer", "Reviewer"],
      ["langsmith:index:TagKey", "env", `${ws}/env`],
      ["langsmith:index:TagValue", "dev", `${ws}/${ids["env"]}/dev`],
      ["langsmith:index:Tagging", "tagged", `${ws}/${ids["tagged"]}`],
      ["langsmith:index:TtlSettings", "retention", `${ws}/${ids["retention"]}`],
      ["langsmith:index:UsageLimit", "traces", `${ws}/monthly_traces`],
      ["langsmith:index:SsoSettings", "sso", `${ids["sso"]}`],
    ] as const;
    // Dependents first: the state cannot lose an object others depend on.
    for (const [, name] of [...imports].reverse()) await project.runOk(["state", "delete", "--yes", "--stack", project.stack, "--force", (await state()).find((r) => r.urn.endsWith(`::${name}`))?.urn as string]);
    stack.emulator.control.clearRequestLog();
    for (const [type, name, key] of imports) {
      const imported = await project.run(["import", type, name, key, "--yes", "--non-interactive", "--stack", project.stack, "--protect=false"]);
      expect({ name, ...ok(imported) }).toEqual({ name, code: 0, tail: "" });
      // The program pulumi import prints (YAML drops the default `index` module).
      expect(imported.output).toContain(`type: ${type.replace(":index:", ":")}`);
      expect(imported.output).not.toContain(SSO_CANARY);
      expect((await state()).find((r) => r.urn.endsWith(`::${name}`))?.id).toBe(ids[name]);
    }
    const clean = await project.preview(["--diff"]);
    // The SSO metadata is a secret the service's answer is never imported from: the program's value is applied once.
    expect(clean.output).toMatch(/[+~] metadataXml\s*: \[secret\]/);
    expect(clean.output).toMatch(/1 to update/);
    expect(stack.emulator.control.requestLog().filter((r) => r.method !== "GET")).toEqual([]);
    expect(ok(await project.up())).toEqual({ code: 0, tail: "" });
    expect(await project.preview(["--expect-no-changes"]).then(ok)).toEqual({ code: 0, tail: "" });
    expect(project.rawStateFile()).not.toContain(SSO_CANARY);
  });

  it("destroys everything the service can delete; the retention settings stay, with one warning", async () => {
    const destroy = await project.destroy(["--yes", "--skip-preview"]);
    expect(ok(destroy)).toEqual({ code: 0, tail: "" });
    expect(destroy.output).toMatch(/retention settings .*the service cannot delete it/);
    expect(objects("workspaces").map((w) => w.wire["display_name"])).not.toContain("platform-development");
    for (const kind of ["roles", "tagKeys", "tagValues", "taggings", "usageLimits", "ssoSettings"]) expect({ kind, left: objects(kind) }).toEqual({ kind, left: [] });
  });
});
