// A Deployment shipped from its source directory through the real CLI and
// the native plugin (issue 45): a YAML program whose `sourceArchive` is
// `fn::fileArchive` of a LangGraph project beside it. Up ships it once (both
// ignore files honoured, symlinks and `..` left out); an unchanged tree makes
// no request in preview or up; one edited file is one upload and one
// revision; a Check error stops the preview before any request; a failed
// build's error carries its log; a deployment an interrupted create left
// without a revision is finished; an upload cut half-way is retried; the
// signed URL's signature and the secrets are in no output, export or state
// file. The monorepo case, the 200 MiB limit and the Check errors one by one
// are in tests/integration/deploymentSource.test.ts.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID } from "../../packages/emulator/src";
import { createClient } from "../../provider/client";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";
import { installNativePlugin } from "../helpers/nativePlugin";
import { createPulumiProject, type PulumiProject } from "../helpers/pulumiProject";
import { type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";

const SECRET_CANARY = "sk-source-canary-5e1f";

const program = (name: string): string => `
resources:
  agent:
    type: langsmith:index:Deployment
    properties:
      name: ${name}
      source: internal_source
      sourceArchive:
        fn::fileArchive: ./agent
      secrets:
        - name: OPENAI_API_KEY
          value: ${SECRET_CANARY}
outputs:
  revision: \${agent.latestRevisionId}
  status: \${agent.latestRevisionStatus}
  contentHash: \${agent.sourceContentHash}
  files: \${agent.sourceFileCount}
  objectPath: \${agent.sourceObjectPath}
`;

describe("native provider: a Deployment shipped from its source directory", () => {
  let stack: EmulatorStack;
  let project: PulumiProject;
  let agent: string;

  /** The requests since the log was last cleared, as `METHOD path` with ids and the upload's path elided. */
  const requests = (): string[] =>
    stack.emulator.control
      .requestLog()
      .map((entry) => `${entry.method} ${entry.path.replace(/[0-9a-f-]{36}/g, ":id").replace(/\/source-uploads\/.*/, "/source-uploads/…")}`);
  const writes = (): string[] => requests().filter((line) => !line.startsWith("GET") && !line.endsWith("_logs"));
  const outputs = async (): Promise<Record<string, unknown>> =>
    JSON.parse((await project.runOk(["stack", "output", "--json", "--show-secrets"])).stdout) as Record<string, unknown>;
  /** The files of the archive the service holds at `objectPath`. */
  const archived = (objectPath: string): string[] => {
    const file = stack.emulator.control.sourceArchiveFile(objectPath);
    if (file === undefined) throw new Error(`no archive at ${objectPath}`);
    return execFileSync("tar", ["tzf", file], { encoding: "utf8" }).trim().split("\n").sort();
  };

  beforeAll(async () => {
    stack = await startEmulatorStack();
    project = await createPulumiProject({ name: "source-deploy", runtime: "yaml", program: program("source-agent"), config: stack.config, env: stack.env });
    await installNativePlugin(project);
    agent = join(project.dir, "agent");
    mkdirSync(join(agent, "data"), { recursive: true });
    writeFileSync(join(agent, "langgraph.json"), JSON.stringify({ dependencies: ["."], graphs: { agent: "./agent.py:graph" } }));
    writeFileSync(join(agent, "agent.py"), "graph = None\n");
    writeFileSync(join(agent, ".gitignore"), "*.log\n");
    writeFileSync(join(agent, ".dockerignore"), "data/\n");
    writeFileSync(join(agent, "run.log"), "ignored by .gitignore\n");
    writeFileSync(join(agent, "data", "big.csv"), "ignored by .dockerignore\n");
    writeFileSync(join(project.dir, "outside.py"), "never packed\n");
    symlinkSync(join(project.dir, "outside.py"), join(agent, "linked.py"));
  }, 300_000);

  afterAll(async () => {
    project?.cleanup();
    await stack?.emulator.close();
  });

  it("ships once; an unchanged tree makes no request in preview or up; one edited file is one upload and one revision", async () => {
    stack.emulator.control.clearRequestLog();
    const up = await project.up();
    expect({ code: up.code, tail: up.code === 0 ? "" : up.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
    expect(writes()).toEqual(["POST /v2/deployments", "POST /v2/deployments/:id/upload-url", "PUT /source-uploads/…", "PATCH /v2/deployments/:id"]);
    const first = await outputs();
    expect(first).toMatchObject({ status: "DEPLOYED", files: 4 });
    expect(archived(first["objectPath"] as string)).toEqual([".dockerignore", ".gitignore", "agent.py", "langgraph.json"]);

    stack.emulator.control.clearRequestLog();
    expect((await project.preview(["--expect-no-changes"])).code).toBe(0);
    const again = await project.up(["--expect-no-changes"]);
    expect(again.code).toBe(0);
    expect(requests()).toEqual([]);

    writeFileSync(join(agent, "agent.py"), "graph = 'v2'\n");
    const preview = await project.preview(["--diff"]);
    expect(preview.output).toMatch(/source content changed: 4 files, .* \(was 4 files, .*\)/);
    expect(preview.output).toMatch(/~ sourceArchive/);
    stack.emulator.control.clearRequestLog();
    const edited = await project.up();
    expect(edited.code).toBe(0);
    expect(writes()).toEqual(["POST /v2/deployments/:id/upload-url", "PUT /source-uploads/…", "PATCH /v2/deployments/:id"]);
    const second = await outputs();
    expect(second["revision"]).not.toBe(first["revision"]);
    expect(second["contentHash"]).not.toBe(first["contentHash"]);
  });

  it("a Check error stops the preview before any request; a failed build's error carries its log", async () => {
    rmSync(join(agent, "langgraph.json"));
    stack.emulator.control.clearRequestLog();
    const preview = await project.preview();
    expect(preview.code).not.toBe(0);
    expect(preview.output).toMatch(/config file langgraph.json is not in .*agent; add it there/);
    expect(requests()).toEqual([]);
    writeFileSync(join(agent, "langgraph.json"), JSON.stringify({ dependencies: ["."], graphs: { agent: "./agent.py:graph" } }));

    writeFileSync(join(agent, "agent.py"), "graph = 'v3'\n");
    stack.emulator.control.failNextRevision({ deploymentName: "source-agent" }, { status: "BUILD_FAILED" });
    const failed = await project.up();
    expect(failed.code).not.toBe(0);
    expect(failed.output).toMatch(/BUILD_FAILED/);
    expect(failed.output).toMatch(/the last \d+ lines of its build log:/);
    expect(failed.output).toMatch(/Build failed: the emulator was told to fail this build/);
    // The next up re-submits the failed revision (the content is what was shipped): no new upload.
    stack.emulator.control.clearRequestLog();
    const resumed = await project.up();
    expect(resumed.code).toBe(0);
    expect(writes().filter((line) => line.startsWith("PUT"))).toEqual([]);
  });

  it("finishes a deployment an interrupted create left without a revision; retries an upload cut half-way", async () => {
    const api = createClient({ controlPlaneUrl: stack.emulator.url, apiUrl: stack.emulator.url, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID });
    const left = await deploymentCalls.create(api, {
      name: "source-agent-2",
      source: "internal_source",
      source_config: {},
      source_revision_config: {},
      secrets: [],
    });
    project.writeProgram(program("source-agent-2"));
    stack.emulator.control.injectFault({ method: "PUT", path: "/source-uploads/*", drop: "before-handler" });
    stack.emulator.control.clearRequestLog();
    const up = await project.up();
    expect({ code: up.code, tail: up.code === 0 ? "" : up.output.slice(-3000) }).toEqual({ code: 0, tail: "" });
    expect(writes().filter((line) => line === "POST /v2/deployments")).toEqual([]);
    expect(writes().filter((line) => line.startsWith("PUT"))).toHaveLength(2);
    const resources = (await project.exportStack()).deployment.resources ?? [];
    expect(resources.find((r) => r.type === "langsmith:index:Deployment")?.id).toBe(left.id);
    expect(await outputs()).toMatchObject({ status: "DEPLOYED" });
  });

  it("keeps the signed URL's signature and the secrets out of every output, the export and the state file", async () => {
    const exported = JSON.stringify(await project.exportStack());
    const state = project.rawStateFile();
    const shown = JSON.stringify(await outputs());
    for (const text of [exported, state, shown]) {
      expect(text).not.toContain(SECRET_CANARY);
      expect(text).not.toMatch(/[?&](signature|sig|expires)=/i);
      expect(text).not.toContain("/source-uploads/");
    }
    expect(readFileSync(join(project.dir, "Pulumi.yaml"), "utf8")).toContain(SECRET_CANARY);
    expect((await project.destroy()).code).toBe(0);
  });
});
