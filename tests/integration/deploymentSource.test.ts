// The Deployment shipped from a source directory (`sourceArchive`), driven
// in process against the emulator as the native provider drives it: Check
// (the table's rules, then what it reads of the directory), Diff by content
// hash, a create that packs before any request, uploads through the signed
// URL and makes one revision, an update that ships exactly one new revision
// when the content changed, the interrupted create finished by the next
// create, and an upload cut half-way retried. Archives are given in the
// engine's signature form, as the engine sends a FileArchive and an
// AssetArchive.
import { randomBytes } from "node:crypto";
import { appendFileSync, chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator, FAST_TIMINGS } from "../../packages/emulator/src";
import { createClient } from "../../provider/client";
import { resource as deployment } from "../../provider/deployments/deployment/resource";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";
import type { OperationContext } from "../../provider/engine/context/operation";
import { DYNAMIC_SESSION, dynamicProvider } from "../../provider/engine/dynamic";
import type { CheckResult, Properties } from "../../provider/engine/resource";
import { configureWith } from "../helpers/providerConfig";

const SIG = "4dabf18193072939515e22adb298388d";
const ARCHIVE_SIG = "0def7320c3a5731c473e5ecbe6d01bc7";
const ASSET_SIG = "c44067f5952c0a294b673a41bacd8c17";

/** A FileArchive of `path` as the engine sends it, with the engine's hash. */
const fileArchive = (path: string, hash: string): Properties => ({ [SIG]: ARCHIVE_SIG, path, hash });
/** An AssetArchive of texts as the engine sends it. */
const assetArchive = (texts: Record<string, string>, hash: string): Properties => ({
  [SIG]: ARCHIVE_SIG,
  hash,
  assets: Object.fromEntries(Object.entries(texts).map(([name, text]) => [name, { [SIG]: ASSET_SIG, text }])),
});

const LANGGRAPH_JSON = JSON.stringify({ dependencies: ["."], graphs: { agent: "./agent.py:graph" } });

describe("a Deployment shipped from its source directory", () => {
  let emulator: Emulator;
  let work: string;
  const saved = { ...process.env };
  const lines: string[] = [];

  /** The context of one call, its progress lines kept in {@link lines}. */
  const context = (): OperationContext => DYNAMIC_SESSION.operation({ log: (_severity, message) => lines.push(message) });

  /** Check as the native provider runs it: the table's rules, then the directory. */
  async function check(olds: Properties, news: Properties): Promise<CheckResult> {
    const table = deployment.check(olds, news);
    if (table.failures.length > 0 || deployment.checkLocal === undefined) return table;
    return deployment.checkLocal.run(olds, table);
  }

  /** A LangGraph project at `work/<name>`: `files` (path → text) over a default config and graph. */
  function project(name: string, files: Record<string, string> = {}): string {
    const dir = join(work, name);
    const all = { "langgraph.json": LANGGRAPH_JSON, "agent.py": "graph = None\n", ...files };
    for (const [path, text] of Object.entries(all)) {
      mkdirSync(join(dir, path, ".."), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  }

  const requests = (): string[] =>
    emulator.control
      .requestLog()
      .map((entry) => `${entry.method} ${entry.path.replace(/[0-9a-f-]{36}/g, ":id").replace(/\/source-uploads\/.*/, "/source-uploads/…")}`);

  beforeAll(async () => {
    emulator = await createEmulator({ control: true });
    Object.assign(process.env, { LANGSMITH_POLL_MIN_INTERVAL_MS: "20", LANGSMITH_POLL_MAX_INTERVAL_MS: "50" });
    work = mkdtempSync(join(tmpdir(), "deployment-source-"));
    configureWith({
      "langsmith:apiUrl": emulator.url,
      "langsmith:controlPlaneUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    });
  });

  afterAll(async () => {
    process.env = saved;
    await emulator?.close();
    rmSync(work, { recursive: true, force: true });
  });

  beforeEach(() => {
    lines.length = 0;
    emulator.control.clearFaults();
  });

  test("create uploads once and makes one revision; unchanged content is no change; one edited file is one upload and one revision", async () => {
    const dir = project("agent-a", { ".gitignore": "secrets.env\n", "secrets.env": "KEY=1\n" });
    const program = { name: "agent-a", source: "internal_source", sourceArchive: fileArchive(dir, "engine-1") };
    const checked = await check({}, program);
    expect(checked.failures).toEqual([]);
    expect(checked.inputs["__sourceContent"]).toMatchObject({ fileCount: 3, configPath: "langgraph.json", configArchivePath: "langgraph.json" });

    emulator.control.clearRequestLog();
    const created = await deployment.create(context(), checked.inputs);
    const outs = created.outs as Properties;
    expect(requests()).toEqual(
      expect.arrayContaining(["POST /v2/deployments", "POST /v2/deployments/:id/upload-url", "PUT /source-uploads/…", "PATCH /v2/deployments/:id"]),
    );
    expect(requests().filter((line) => line.startsWith("POST /v2/deployments") || line.startsWith("PATCH") || line.startsWith("PUT"))).toHaveLength(4);
    // While it built, its build log was read (the newest line as the progress).
    expect(requests()).toContain("POST /v1/projects/:id/revisions/:id/build_logs");
    expect(outs).toMatchObject({
      latestRevisionStatus: "DEPLOYED",
      sourceFileCount: 3,
      sourceContentHash: (checked.inputs["__sourceContent"] as Properties)["contentHash"],
    });
    expect(outs["sourceObjectPath"]).toEqual(expect.any(String));
    expect(outs["lastOperation"]).toMatch(/^created; shipped the source \(3 files, .*\) as revision \S+; revision \S+ DEPLOYED/);
    // The signed URL (its signature) is in no output and no progress line.
    expect(JSON.stringify(outs)).not.toMatch(/signature|expires|source-uploads/i);
    expect(lines.join("\n")).not.toMatch(/signature=|expires=/i);
    const revision = await deploymentCalls.getRevision(
      createClient({ controlPlaneUrl: emulator.url, apiUrl: emulator.url, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID }),
      created.id,
      outs["latestRevisionId"] as string,
    );
    expect(revision.source_revision_config).toMatchObject({ source_tarball_path: outs["sourceObjectPath"], langgraph_config_path: "langgraph.json" });

    // The same engine hash: nothing read, nothing sent; a new engine hash over the same content (an ignored file changed): no change either.
    emulator.control.clearRequestLog();
    writeFileSync(join(dir, "secrets.env"), "KEY=2\n");
    for (const hash of ["engine-1", "engine-2"]) {
      const again = await check(checked.inputs, { ...program, sourceArchive: fileArchive(dir, hash) });
      expect(deployment.diff(outs, again.inputs)).toMatchObject({ changes: false });
    }
    expect(requests()).toEqual([]);

    writeFileSync(join(dir, "agent.py"), "graph = 'v2'\n");
    const edited = await check(checked.inputs, { ...program, sourceArchive: fileArchive(dir, "engine-3") });
    expect(edited.notes?.map((note) => note.message)).toEqual([expect.stringMatching(/^source content changed: 3 files/)]);
    const diff = deployment.diff(outs, edited.inputs);
    expect(diff).toMatchObject({ changes: true, replaces: [], updates: ["sourceArchive"] });
    emulator.control.clearRequestLog();
    const updated = (await deployment.update(context(), created.id, outs, edited.inputs)).outs as Properties;
    expect(requests().filter((line) => !line.startsWith("GET") && !line.endsWith("/build_logs"))).toEqual([
      "POST /v2/deployments/:id/upload-url",
      "PUT /source-uploads/…",
      "PATCH /v2/deployments/:id",
    ]);
    expect(updated["latestRevisionId"]).not.toBe(outs["latestRevisionId"]);
    expect(updated["sourceContentHash"]).not.toBe(outs["sourceContentHash"]);
    expect(updated["lastOperation"]).toMatch(/source changed \(3 files, .* → 3 files, .*\)/);
    expect(deployment.diff(updated, edited.inputs)).toMatchObject({ changes: false });

    // A refresh keeps what was shipped: no drift, nothing to ship.
    const refreshed = await deployment.read(context(), created.id, updated);
    expect(refreshed?.props).toMatchObject({ sourceContentHash: updated["sourceContentHash"], sourceObjectPath: updated["sourceObjectPath"] });
    expect(deployment.diff(refreshed?.props as Properties, edited.inputs)).toMatchObject({ changes: false });

    // A mode change alone is a content change (the archive's mode is 0755 then).
    chmodSync(join(dir, "agent.py"), 0o755);
    const modeChanged = await check(edited.inputs, { ...program, sourceArchive: fileArchive(dir, "engine-4") });
    expect(deployment.diff(updated, modeChanged.inputs)).toMatchObject({ changes: true, updates: ["sourceArchive"] });
  });

  test("Check refuses, before any request, a tree without its config, a dependency outside it, a refused command character and a reserved name", async () => {
    emulator.control.clearRequestLog();
    const bare = project("no-config");
    rmSync(join(bare, "langgraph.json"));
    const reasons = async (news: Properties): Promise<string[]> => (await check({}, news)).failures.map((failure) => `${failure.property}: ${failure.reason}`);
    expect(await reasons({ name: "a", source: "internal_source", sourceArchive: fileArchive(bare, "x") })).toEqual([
      expect.stringMatching(/^sourceArchive: config file langgraph.json is not in .*no-config; add it there, or set sourceRevisionConfig.graphConfigPath/),
    ]);
    const outside = project("outside", { "langgraph.json": JSON.stringify({ dependencies: [".", "../shared"], graphs: {} }) });
    expect(await reasons({ name: "a", source: "internal_source", sourceArchive: fileArchive(outside, "x") })).toEqual([
      expect.stringMatching(/^sourceArchive: local dependency "..\/shared" of langgraph.json lies outside/),
    ]);
    const dir = project("rules");
    expect(
      await reasons({
        name: "a",
        source: "internal_source",
        sourceArchive: fileArchive(dir, "x"),
        sourceConfig: { installCommand: "pip install . ; rm -rf /" },
      }),
    ).toEqual([expect.stringMatching(/^sourceConfig.installCommand: installCommand contains a semicolon \(;\)/)]);
    expect(await reasons({ name: "a", source: "internal_source", sourceArchive: fileArchive(dir, "x"), environmentVariables: { POSTGRES_URI: "x" } })).toEqual([
      expect.stringMatching(/^environmentVariables.POSTGRES_URI: environment variable POSTGRES_URI is reserved/),
    ]);
    const selfHosted = deployment.check(
      {},
      { name: "a", source: "internal_source", sourceArchive: fileArchive(dir, "x"), environmentVariables: { PORT: "8080" } },
    );
    expect(selfHosted.failures).toEqual([]);
    expect(selfHosted.notes).toEqual([{ severity: "warning", message: expect.stringMatching(/PORT is allowed only on self-hosted LangSmith/) }]);
    expect(await reasons({ name: "a", source: "internal_source" })).toEqual([
      expect.stringMatching(/^sourceArchive: an internal_source deployment needs its code/),
    ]);
    expect(
      await reasons({ name: "a", source: "internal_source", sourceArchive: fileArchive(dir, "x"), sourceRevisionConfig: { sourceTarballPath: "p" } }),
    ).toEqual([expect.stringMatching(/^sourceArchive: set one of sourceArchive .* not both/)]);
    expect(await reasons({ name: "a", source: "external_docker", sourceArchive: fileArchive(dir, "x"), sourceRevisionConfig: { imageUri: "i" } })).toEqual([
      expect.stringMatching(/^sourceArchive: sourceArchive is shipped by internal_source deployments only/),
    ]);
    expect(await reasons({ name: "a", source: "internal_source", sourceArchive: fileArchive(join(dir, "agent.py"), "x") })).toEqual([
      expect.stringMatching(/^sourceArchive: reading sourceArchive: .*agent.py is a file/),
    ]);
    expect(requests()).toEqual([]);
  });

  test("an AssetArchive with a nested directory ships the monorepo layout: the config's path in the archive", async () => {
    const shared = project("mono-shared", { "util.py": "X = 1\n" });
    rmSync(join(shared, "langgraph.json"));
    rmSync(join(shared, "agent.py"));
    const config = JSON.stringify({ dependencies: [".", "../shared"], graphs: { agent: "./agent.py:graph" } });
    const archive: Properties = {
      [SIG]: ARCHIVE_SIG,
      hash: "mono-1",
      assets: {
        "agents/support/langgraph.json": { [SIG]: ASSET_SIG, text: config },
        "agents/support/agent.py": { [SIG]: ASSET_SIG, text: "graph = None\n" },
        "agents/shared": { [SIG]: ARCHIVE_SIG, path: shared },
      },
    };
    const program = {
      name: "mono-agent",
      source: "internal_source",
      sourceArchive: archive,
      sourceRevisionConfig: { graphConfigPath: "agents/support/langgraph.json" },
    };
    const checked = await check({}, program);
    expect(checked.failures).toEqual([]);
    expect(checked.inputs["__sourceContent"]).toMatchObject({ fileCount: 3, configArchivePath: "support/langgraph.json" });
    const created = await deployment.create(context(), checked.inputs);
    expect(created.outs).toMatchObject({ latestRevisionStatus: "DEPLOYED", sourceFileCount: 3 });

    const texts = assetArchive({ "langgraph.json": LANGGRAPH_JSON, "agent.py": "graph = 1\n" }, "a-1");
    const small = await check({}, { name: "asset-agent", source: "internal_source", sourceArchive: texts });
    expect(small.inputs["__sourceContent"]).toMatchObject({ fileCount: 2 });
  });

  test("a create interrupted before its upload is finished by the next create; an upload cut half-way is retried", async () => {
    const api = createClient({ controlPlaneUrl: emulator.url, apiUrl: emulator.url, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID });
    // What an interrupted create leaves: the deployment, no revision.
    const left = await deploymentCalls.create(api, { name: "agent-b", source: "internal_source", source_config: {}, source_revision_config: {}, secrets: [] });
    const dir = project("agent-b");
    const checked = await check({}, { name: "agent-b", source: "internal_source", sourceArchive: fileArchive(dir, "b-1") });
    emulator.control.injectFault({ method: "PUT", path: "/source-uploads/*", drop: "before-handler" });
    emulator.control.clearRequestLog();
    const created = await deployment.create(context(), checked.inputs);
    expect(created.id).toBe(left.id);
    expect(requests().filter((line) => line === "POST /v2/deployments")).toEqual([]);
    expect(requests().filter((line) => line.startsWith("PUT"))).toHaveLength(2);
    expect(lines.join("\n")).toMatch(/the upload failed \(the connection failed .*\); attempt 2/);
    expect(created.outs).toMatchObject({
      latestRevisionStatus: "DEPLOYED",
      lastOperation: expect.stringMatching(/^finished deployment .* which an interrupted create left without a revision/),
    });
  });

  test("while the revision builds its newest build line is the progress; a failed build's error carries its log's last lines", async () => {
    emulator.control.setTimings({ stepDurationsMs: { BUILDING: 400 } });
    const dir = project("agent-d");
    const checked = await check({}, { name: "agent-d", source: "internal_source", sourceArchive: fileArchive(dir, "d-1") });
    const created = await deployment.create(context(), checked.inputs);
    expect(lines.filter((line) => line.startsWith('deployment "agent-d": build: '))).not.toEqual([]);

    lines.length = 0;
    writeFileSync(join(dir, "agent.py"), "graph = 'broken'\n");
    const edited = await check(checked.inputs, { name: "agent-d", source: "internal_source", sourceArchive: fileArchive(dir, "d-2") });
    emulator.control.failNextRevision({ deploymentId: created.id }, { status: "BUILD_FAILED" });
    const failure = await deployment.update(context(), created.id, created.outs as Properties, edited.inputs).then(
      () => undefined,
      (error: unknown) => error as { message: string },
    );
    expect(failure?.message).toMatch(/BUILD_FAILED/);
    expect(failure?.message).toMatch(/the last \d+ lines of its build log:\n( {2}[A-Z]+ .*\n?)+/);
    expect(failure?.message).toMatch(/Build failed: the emulator was told to fail this build/);
    emulator.control.setTimings({ stepDurationsMs: FAST_TIMINGS.stepDurationsMs });
  });

  test("an archive over 200 MiB compressed is refused while packing, before any request", async () => {
    const dir = project("agent-huge");
    // Random bytes do not compress: 208 MiB of them (13 chunks of 16 MiB) packs to more than 200 MiB.
    const chunk = randomBytes(16 * 1_048_576);
    const big = join(dir, "weights.bin");
    writeFileSync(big, "");
    for (let written = 0; written < 208 * 1_048_576; written += chunk.length) appendFileSync(big, chunk);
    const checked = await check({}, { name: "agent-huge", source: "internal_source", sourceArchive: fileArchive(dir, "huge-1") });
    expect(checked.failures).toEqual([]);
    emulator.control.clearRequestLog();
    await expect(deployment.create(context(), checked.inputs)).rejects.toThrow(
      /packing .*agent-huge: the archive is over the 200.0 MiB limit \(3 files, 208\.0 MiB uncompressed\); add large files .* to the .dockerignore or .gitignore/,
    );
    expect(requests()).toEqual([]);
    rmSync(big);
  }, 120_000);

  test("the dynamic provider refuses sourceArchive at Check, naming the native Deployment", async () => {
    const dynamic = dynamicProvider(deployment);
    const dir = project("agent-dynamic");
    const result = await dynamic.check?.({}, { name: "agent-dynamic", source: "internal_source", sourceArchive: fileArchive(dir, "x") });
    expect(result?.failures).toEqual([
      {
        property: "sourceArchive",
        reason: expect.stringMatching(
          /sourceArchive is read by the native provider only.*use the native provider's Deployment \(import \{ Deployment \} from "pulumi-langsmith", not from "pulumi-langsmith\/dynamic"\)/,
        ),
      },
    ]);
  });

  test("a refused upload fails with the status and no URL; the deployment stays in the stack and the next update ships it", async () => {
    const dir = project("agent-c");
    const checked = await check({}, { name: "agent-c", source: "internal_source", sourceArchive: fileArchive(dir, "c-1") });
    emulator.control.injectFault({
      method: "PUT",
      path: "/source-uploads/*",
      status: 403,
      body: "<Error><Code>SignatureDoesNotMatch</Code><StringToSign>GOOG4 secret-ish</StringToSign></Error>",
    });
    const failure = await deployment.create(context(), checked.inputs).then(
      () => undefined,
      (error: unknown) => error as { message: string; id: string; properties: Properties },
    );
    expect(failure?.message).toMatch(/uploading the source of deployment "agent-c": the storage answered 403 \(SignatureDoesNotMatch\)/);
    expect(failure?.message).not.toMatch(/source-uploads|StringToSign|secret-ish/);
    const kept = failure?.properties as Properties;
    expect(kept["sourceContentHash"]).toBeUndefined();
    const again = await check(checked.inputs, { name: "agent-c", source: "internal_source", sourceArchive: fileArchive(dir, "c-1") });
    expect(deployment.diff(kept, again.inputs)).toMatchObject({ changes: true, updates: expect.arrayContaining(["sourceArchive"]) });
    const updated = (await deployment.update(context(), failure?.id as string, kept, again.inputs)).outs as Properties;
    expect(updated).toMatchObject({ latestRevisionStatus: "DEPLOYED", sourceFileCount: 2 });
  });
});
