// `pulumi-langsmith adopt` (provider/adopt) on an organization made outside
// the program: the emulator (with a real S3 store for the destinations' test
// writes) seeded by the conformance matrix's program of every input of every
// kind (the default workspace and the program's), a third workspace with a
// team's usual objects (about 60 objects in 3 workspaces), and a deployment
// in the stack's workspace, then
// `npx pulumi-langsmith adopt` from the installed package for each language.
// Adopt only reads (the emulator's request log shows no write); the program it
// writes, with `pulumi import --file import.json`, gives a stack whose preview
// shows only the updates of the secrets the service never returns, clean once
// they are up; one edit of the program gives exactly one update. No secret
// canary of the seed appears in the program, the plan, the report, any
// output or the state.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID } from "../../packages/emulator/src";
import { loadAllKinds } from "../../provider/registry";
import { matrixProgram, S3_SECRET_PLACEHOLDERS, s3Placeholders } from "../helpers/conformance/program";
import { e2eRoot } from "../helpers/e2eRoot";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";
import { installNativePlugin } from "../helpers/nativePlugin";
import { isReadRequest } from "../helpers/serviceReads";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { providerWheel } from "../helpers/pythonSdk";
import { outcome } from "../helpers/yamlProject";
import { startVersitygw, type Versitygw } from "../helpers/versitygw";
import { yamlGithubDeployment } from "../helpers/yamlPrograms";

const run = promisify(execFile);
const KINDS = loadAllKinds();
const BUCKET = "adopt-exports";
const THIRD_SECRET = "canary-adopt-third-secret-5e1a77";
/** A third workspace and what a team keeps in it (YAML resources, after the matrix's). */
const THIRD_WORKSPACE = `  third:
    type: langsmith:index:Workspace
    properties: { displayName: adopt-third }
  third-traces:
    type: langsmith:index:Project
    properties: { workspaceId: "\${third.id}", name: third-traces, description: traces of the third team }
  third-evals:
    type: langsmith:index:Project
    properties: { workspaceId: "\${third.id}", name: third-evals }
  third-dataset:
    type: langsmith:index:Dataset
    properties: { workspaceId: "\${third.id}", name: third-regressions }
  third-queue:
    type: langsmith:index:AnnotationQueue
    properties: { workspaceId: "\${third.id}", name: third-review, defaultDatasetId: "\${third-dataset.id}" }
  third-rule:
    type: langsmith:index:RunRule
    properties: { workspaceId: "\${third.id}", displayName: third errors, projectId: "\${third-traces.id}", filter: "eq(error, true)", samplingRate: 0.2, addToDatasetId: "\${third-dataset.id}", addToAnnotationQueueId: "\${third-queue.id}" }
  third-env:
    type: langsmith:index:TagKey
    properties: { workspaceId: "\${third.id}", key: env }
  third-env-prod:
    type: langsmith:index:TagValue
    properties: { workspaceId: "\${third.id}", tagKeyId: "\${third-env.id}", value: prod }
  third-env-dev:
    type: langsmith:index:TagValue
    properties: { workspaceId: "\${third.id}", tagKeyId: "\${third-env.id}", value: dev }
  third-tagging:
    type: langsmith:index:Tagging
    properties: { workspaceId: "\${third.id}", tagValueId: "\${third-env-prod.id}", resourceType: project, resourceId: "\${third-traces.id}" }
  third-secret:
    type: langsmith:index:WorkspaceSecret
    properties: { workspaceId: "\${third.id}", key: THIRD_API_TOKEN, value: ${THIRD_SECRET} }
  third-retention:
    type: langsmith:index:TtlSettings
    properties: { workspaceId: "\${third.id}", defaultTraceTier: longlived }
  third-limit:
    type: langsmith:index:UsageLimit
    properties: { workspaceId: "\${third.id}", limitType: monthly_traces, limitValue: 50000 }
  third-key:
    type: langsmith:index:ApiKey
    properties: { workspaceId: "\${third.id}", description: third team key }
  third-feedback:
    type: langsmith:index:FeedbackConfig
    properties: { workspaceId: "\${third.id}", feedbackKey: helpfulness, type: continuous, min: 0, max: 1 }
`;

describe("pulumi-langsmith adopt, through the real CLI", () => {
  let stack: EmulatorStack;
  let seed: PulumiProject;
  const projects: PulumiProject[] = [];
  let canaries: readonly string[] = [];
  let s3: Versitygw;

  beforeAll(async () => {
    s3 = await startVersitygw();
    await s3.createBucket(BUCKET);
    stack = await startEmulatorStack({ acceptInvitations: true, s3EndpointOverride: s3.endpoint });
    const program = matrixProgram(KINDS, {
      track: "full",
      step: "value",
      placeholders: s3Placeholders(s3, BUCKET),
      secretPlaceholders: S3_SECRET_PLACEHOLDERS,
      canaryPrefix: "adopt",
    });
    canaries = program.canaries;
    // And a deployment in the stack's own workspace (the matrix's live in its workspace, which adopt reports as another stack's),
    // and a third workspace with a team's usual objects: rules pointing at its project, dataset and queue, tags, a secret.
    canaries = [...canaries, THIRD_SECRET];
    const seedProgram = `${program.yaml}  adopt-agent:\n${yamlGithubDeployment("adopt-agent")}${THIRD_WORKSPACE}`;
    seed = await createPulumiProject({
      name: "adopt-seed",
      runtime: "yaml",
      program: seedProgram,
      config: { ...stack.config, "langsmith:apiKey": { secret: DEFAULT_ORG_API_KEY } },
      env: stack.env,
    });
    await installNativePlugin(seed);
    const up = await seed.up();
    expect(outcome(up)).toEqual({ code: 0, tail: "" });
  }, 600_000);

  afterAll(async () => {
    seed?.cleanup();
    for (const project of projects) project.cleanup();
    await stack?.emulator.close();
    await s3?.stop();
  });

  /** Runs `npx pulumi-langsmith adopt` from the installed package; answers its output and the directory it wrote. */
  async function adopt(language: string): Promise<{ dir: string; output: string }> {
    const dir = mkdtempSync(join(e2eRoot(), `adopted-${language}-`));
    const env = {
      ...process.env,
      LANGSMITH_API_KEY: DEFAULT_ORG_API_KEY,
      LANGSMITH_ENDPOINT: `${stack.emulator.url}/api/v1`,
      LANGSMITH_CONTROL_PLANE_URL: stack.emulator.url,
      LANGSMITH_WORKSPACE_ID: DEFAULT_WORKSPACE_ID,
    };
    const result = await run(
      join(e2eRoot(), "node_modules", ".bin", "pulumi-langsmith"),
      ["adopt", "--language", language, "--out", dir, "--project", `adopted-${language}`],
      { cwd: e2eRoot(), env, maxBuffer: 64 * 1024 * 1024 },
    );
    return { dir, output: `${result.stdout}${result.stderr}` };
  }

  /** The adopted program as a project of its language, with the plugin installed and the stack's org-scoped key. */
  async function adoptedProject(language: "yaml" | "typescript" | "python", files: Record<string, string>): Promise<PulumiProject> {
    const common = { name: `adopted-${language}`, config: { ...stack.config, "langsmith:apiKey": { secret: DEFAULT_ORG_API_KEY } }, env: stack.env };
    const project =
      language === "yaml"
        ? await createPulumiProject({
            ...common,
            runtime: "yaml",
            program: (files["Pulumi.yaml"] ?? "")
              .split("\n")
              .filter((line) => !/^(name|runtime):/.test(line))
              .join("\n"),
          })
        : language === "python"
          ? await createPulumiProject({ ...common, runtime: "python", program: files["__main__.py"] ?? "", pythonWheels: [providerWheel()] })
          : await createPulumiProject({ ...common, program: files["index.ts"] ?? "" });
    projects.push(project);
    await installNativePlugin(project);
    return project;
  }

  const PROGRAM_FILE = { yaml: "Pulumi.yaml", typescript: "index.ts", python: "__main__.py" } as const;

  it.each(["yaml", "typescript", "python"] as const)(
    "%s: adopt only reads; import and the program preview only the secrets' updates, then clean; one edit is one update",
    async (language) => {
      stack.emulator.control.clearRequestLog();
      const adopted = await adopt(language);
      expect(stack.emulator.control.requestLog().filter((entry) => !isReadRequest(entry))).toEqual([]);
      const files = Object.fromEntries(
        [PROGRAM_FILE[language], "import.json", "ADOPTED.md"].map((name) => [name, readFileSync(join(adopted.dir, name), "utf8")]),
      );
      const plan = JSON.parse(files["import.json"] ?? "{}") as { resources: { type: string; name: string; id: string }[] };
      // Every kind the seed made that adopt can list is in the plan.
      const planned = new Set(plan.resources.map((r) => r.type));
      for (const kind of KINDS)
        if (kind.list !== undefined) expect({ kind: kind.token, planned: planned.has(kind.token) }).toEqual({ kind: kind.token, planned: true });
      // 3 workspaces and about 60 objects.
      expect(plan.resources.filter((r) => r.type === "langsmith:index:Workspace")).toHaveLength(3);
      expect(plan.resources.length).toBeGreaterThanOrEqual(55);
      // References where the service holds ids: a run rule's project is the project's id.
      expect(files[PROGRAM_FILE[language]]).toMatch(
        language === "yaml"
          ? /"projectId": \$\{project-[a-z0-9-]+\.id\}/
          : language === "python"
            ? /project_id=project_[a-z0-9_]+\.id/
            : /projectId: project[A-Za-z0-9]+\.id/,
      );

      const project = await adoptedProject(language, files);
      const secrets = [...(files["ADOPTED.md"] ?? "").matchAll(/pulumi config set --secret (\S+) <value>/g)].map((m) => m[1] as string);
      expect(secrets.length).toBeGreaterThan(0);
      // The values a platform team would give (SAML metadata is an XML document); any value the service takes will do.
      // A destination's credentials must be a pair the bucket takes: the service test-writes with them.
      const valueFor = (key: string): string =>
        key.endsWith("MetadataXml")
          ? `<EntityDescriptor entityID="https://idp.example.com/adopted"></EntityDescriptor>`
          : key.endsWith("AccessKeyId")
            ? s3.users.full.accessKeyId
            : key.endsWith("SecretAccessKey")
              ? s3.users.full.secretAccessKey
              : `adopted-secret-for-${key}`;
      for (const key of secrets) await project.setConfig(key, { secret: valueFor(key) });
      const imported = await project.run([
        "import",
        "--file",
        join(adopted.dir, "import.json"),
        "--generate-code=false",
        "--protect=false",
        "--yes",
        "--non-interactive",
        "--stack",
        project.stack,
      ]);
      expect(outcome(imported)).toEqual({ code: 0, tail: "" });

      // Only the secrets the service never returns: one update per resource holding them, nothing else.
      const withSecrets = new Set(
        [...(files["ADOPTED.md"] ?? "").matchAll(/pulumi config set --secret \S+ <value> {3}# ([a-z0-9-]+):/g)].map((m) => m[1] as string),
      );
      const preview = await project.preview(["--diff"]);
      expect(outcome(preview)).toEqual({ code: 0, tail: "" });
      expect(preview.output).toMatch(new RegExp(`~ ${withSecrets.size} to update`));
      expect(preview.output).not.toMatch(/to create|to delete|to replace/);
      for (const match of preview.output.matchAll(/^\s+[-+~] (\w+): (?!\[secret\])/gm)) expect(match[0]).toBe("");
      const up = await project.up();
      expect(outcome(up)).toEqual({ code: 0, tail: "" });
      expect(outcome(await project.preview(["--expect-no-changes"]))).toEqual({ code: 0, tail: "" });

      // One edit of the program is one update.
      const program = files[PROGRAM_FILE[language]] ?? "";
      const edited = program.replace('"declared by the conformance matrix"', '"edited after adoption"');
      expect(edited).not.toBe(program);
      project.writeProgram(
        language === "yaml"
          ? edited
              .split("\n")
              .filter((line) => !/^(name|runtime):/.test(line))
              .join("\n")
          : edited,
      );
      const oneEdit = await project.preview(["--diff"]);
      expect(outcome(oneEdit)).toEqual({ code: 0, tail: "" });
      expect(oneEdit.output).toMatch(/~ 1 to update/);
      expect(oneEdit.output).toMatch(/~ description\s*: "declared by the conformance matrix" => "edited after adoption"/);

      for (const output of [adopted.output, ...Object.values(files), imported.output, preview.output, up.output, project.rawStateFile()])
        for (const canary of canaries) expect(output).not.toContain(canary);
      await project.runOk(["state", "delete", "--all", "--yes", "--stack", project.stack]);
    },
    900_000,
  );
});
