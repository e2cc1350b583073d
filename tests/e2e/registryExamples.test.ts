// The Registry's example programs (provider/native/examples): one per
// resource and invoke, made from the registry in PCL and rendered by Pulumi's
// own program generators (scripts/generate-examples.mjs). The renderings in
// rendered.json are what the generators make of today's programs; the schema
// they are part of passes Pulumi's package metaschema; every TypeScript,
// Python and YAML rendering (of the generated functions, one of each shape)
// runs `pulumi up` against an emulator of its own
// (the CLI, the plugin from its archive, the provider configured from
// LANGSMITH_ENDPOINT alone) and exports what it says; the Go renderings build
// against the repository's Go SDK; the C# renderings parse.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import Ajv2020 from "ajv/dist/2020";
import { Language, Parser } from "web-tree-sitter";
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID } from "../../packages/emulator/src";
import { RENDERED_EXAMPLES } from "../../provider/native/examples/sections";
import { NATIVE_FUNCTIONS } from "../../provider/native/functions";
import { listFunctionToken } from "../../provider/native/listFunctions";
import { lookupFunctionToken } from "../../provider/native/lookupFunctions";
import { packageSchema } from "../../provider/native/schema";
import { loadAllKinds } from "../../provider/registry";
import { e2eRoot } from "../helpers/e2eRoot";
import { buildPluginArchive, pluginVersion } from "../helpers/nativePlugin";
import { type CommandResult, runCommand } from "../helpers/pulumiProject";
import { createPythonVenv, providerWheel } from "../helpers/pythonSdk";
import { toolPaths } from "../helpers/tools";
import { startVersitygw, type Versitygw } from "../helpers/versitygw";

const root = join(__dirname, "..", "..");
const run = promisify(execFile);
const examples = Object.entries(RENDERED_EXAMPLES);
/**
 * The generated functions' examples (a list function and a lookup per kind,
 * 60 programs from two generators) that run with `pulumi up` in every
 * language: one of each shape (a list, a list under a parent, a lookup by
 * id, by natural key, under a parent). The others are checked as every
 * example is (up to date, Go builds, C# parses), and every generated
 * function is called from a program by the conformance matrix's list
 * column; running all 60 in three languages would add seven minutes to CI.
 */
const GENERATED_RUN = new Set(["getProjects", "getTagValues", "getEvaluator", "getPrompt", "getTagValue"].map((name) => `langsmith:index:${name}`));
const GENERATED = new Set(
  loadAllKinds().flatMap((kind) => [...(kind.listFunction === undefined ? [] : [listFunctionToken(kind.token)]), lookupFunctionToken(kind.token)]),
);
const WRITTEN = new Set(NATIVE_FUNCTIONS.map((fn) => fn.token));
/** The examples each language runs: every resource and written invoke, and the generated functions of {@link GENERATED_RUN}. */
const runExamples = examples.map(([token]) => token).filter((token) => WRITTEN.has(token) || !GENERATED.has(token) || GENERATED_RUN.has(token));
/** The bucket the destination examples name (provider/native/examples/programs.ts). */
const EXAMPLE_BUCKET = "acme-trace-exports";
/** How many example programs run at once. */
const CONCURRENCY = 3;

type RunLanguage = "typescript" | "python" | "yaml";

/** The stack config an example's PCL program reads (`config <name> "string"`). */
function configNames(pcl: string): string[] {
  return [...pcl.matchAll(/^config (\w+) "string"/gm)].map((match) => match[1] as string);
}

/** The outputs an example's PCL program exports (`output <name>`). */
function outputNames(pcl: string): string[] {
  return [...pcl.matchAll(/^output (\w+) \{/gm)].map((match) => match[1] as string);
}

/** One engine event of `pulumi up --json` (the parts read here). */
interface EngineEvent {
  diagnosticEvent?: { message?: string };
  resOutputsEvent?: { metadata?: { type?: string; new?: { outputs?: Record<string, unknown> } } };
}

/** The engine events `pulumi up --json` printed, one JSON object a line. */
function engineEvents(stdout: string): EngineEvent[] {
  return stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as EngineEvent);
}

/** The stack's outputs as its last outputs event carries them (secrets masked), if there is one. */
function stackOutputs(events: readonly EngineEvent[]): Record<string, unknown> | undefined {
  const stack = events.filter((event) => event.resOutputsEvent?.metadata?.type === "pulumi:pulumi:Stack").pop();
  return stack?.resOutputsEvent?.metadata?.new?.outputs;
}

/** Whether an output value is a secret as the engine's events show one (its signature key, the value masked). */
function isSecretValue(value: unknown): boolean {
  return typeof value === "object" && value !== null && "4dabf18193072939515e22adb298388d" in value;
}

/** What a failed `up --json` said: its diagnostics, then its standard error. */
function diagnostics(events: readonly EngineEvent[], stderr: string): string {
  return `${events.map((event) => event.diagnosticEvent?.message ?? "").join("")}${stderr}`;
}

/** Runs `work` over `items`, `limit` at a time; answers the results in order. */
async function pooled<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

describe("the Registry's example programs", () => {
  let s3: Versitygw;
  let home: string;
  let venv: string;

  beforeAll(async () => {
    s3 = await startVersitygw();
    await s3.createBucket(EXAMPLE_BUCKET);
    home = mkdtempSync(join(e2eRoot(), "examples-home-"));
    const { pulumiBinDir } = toolPaths();
    const archive = buildPluginArchive(home);
    execFileSync(join(pulumiBinDir, "pulumi"), ["plugin", "install", "resource", "langsmith", pluginVersion(), "--file", archive], {
      env: { ...process.env, PULUMI_HOME: home },
      stdio: "pipe",
    });
    venv = join(home, "venv");
    createPythonVenv(venv, [providerWheel()]);
  }, 600_000);

  afterAll(async () => {
    await s3?.stop();
  });

  /** What the Go build said of one rendering (scripts/generate-examples.mjs `--go-report`). */
  interface GoBuildReport {
    builds: boolean;
    /** The build's lines under the package's `# <package>` header: empty for one that built. */
    output: string;
  }
  /** `generate-examples.mjs --check`, run once for the tests that read it: its exit, its stderr, and what its one Go build said of each rendering. */
  let generatorCheck: { code: number | null; stderr: string; goReport: Record<string, GoBuildReport> } | undefined;
  function checkGenerators(): NonNullable<typeof generatorCheck> {
    if (generatorCheck !== undefined) return generatorCheck;
    const reportFile = join(mkdtempSync(join(e2eRoot(), "examples-go-report-")), "go-report.json");
    const check = spawnSync("node", [join(root, "scripts", "generate-examples.mjs"), "--check", "--go-report", reportFile], { cwd: root, encoding: "utf8" });
    const goReport = existsSync(reportFile) ? (JSON.parse(readFileSync(reportFile, "utf8")) as Record<string, GoBuildReport>) : {};
    generatorCheck = { code: check.status, stderr: check.stderr, goReport };
    return generatorCheck;
  }

  it("cover every resource and invoke, and are what the generators make of today's programs", () => {
    const schema = packageSchema("0.0.0");
    expect(Object.keys(RENDERED_EXAMPLES).sort()).toEqual([...Object.keys(schema.resources), ...Object.keys(schema.functions)].sort());
    const check = checkGenerators();
    expect({ code: check.code, stderr: check.stderr }).toEqual({ code: 0, stderr: expect.stringMatching(/\d+ examples, up to date/) });
  }, 300_000);

  it("the schema passes Pulumi's package metaschema (pkg/codegen/schema/pulumi.json of the CLI's version)", async () => {
    const { stdout } = await run("go", ["mod", "download", "-json", "github.com/pulumi/pulumi/pkg/v3@v3.248.0"], {
      cwd: join(root, "scripts", "tools", "sdkgen"),
      env: { ...process.env, PATH: `${process.env["PATH"] ?? ""}:/usr/local/go/bin` },
    });
    const metaschema = JSON.parse(readFileSync(join((JSON.parse(stdout) as { Dir: string }).Dir, "codegen", "schema", "pulumi.json"), "utf8")) as Record<
      string,
      unknown
    >;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const validate = ajv.compile(metaschema);
    const schema = packageSchema(pluginVersion());
    expect(validate(schema) ? [] : validate.errors).toEqual([]);
    // The check can fail: a property type the metaschema does not know is refused.
    expect(validate({ ...schema, config: { variables: { broken: { type: "text" } } } })).toBe(false);
  }, 120_000);

  /** Runs one example's rendering in `language` with `pulumi up` against an emulator of its own; answers what went wrong, if anything. */
  async function runExample(token: string, language: RunLanguage): Promise<string | undefined> {
    const example = RENDERED_EXAMPLES[token];
    if (example === undefined) return `${token}: no example`;
    const typeName = token.split(":")[2] ?? token;
    // Invitations are accepted at once, as a member who signs in at once would (a WorkspaceMember needs an accepted one), as in the conformance matrix.
    const emulator = await createEmulator({ control: true, acceptInvitations: true, s3EndpointOverride: s3.endpoint });
    try {
      const project = `example-${language}-${typeName.toLowerCase()}`;
      const dir = mkdtempSync(join(e2eRoot(), `${project}-`));
      mkdirSync(join(dir, ".state"));
      if (language === "yaml") writeFileSync(join(dir, "Pulumi.yaml"), `name: ${project}\nruntime: yaml\n${example.yaml}`);
      if (language === "typescript") {
        writeFileSync(join(dir, "Pulumi.yaml"), `name: ${project}\nruntime: nodejs\n`);
        writeFileSync(join(dir, "package.json"), JSON.stringify({ name: project, private: true, main: "index.ts" }));
        writeFileSync(join(dir, "index.ts"), example.typescript);
      }
      if (language === "python") {
        writeFileSync(join(dir, "Pulumi.yaml"), `name: ${project}\nruntime:\n  name: python\n  options:\n    virtualenv: ${venv}\n`);
        writeFileSync(join(dir, "__main__.py"), example.python);
      }
      const { pulumiBinDir, yamlBinDir, pythonLanghostDir } = toolPaths();
      const env: NodeJS.ProcessEnv = {
        ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("LANGSMITH_"))),
        PATH: `${pulumiBinDir}:${yamlBinDir ?? ""}:${pythonLanghostDir ?? ""}:${process.env["PATH"] ?? ""}`,
        PULUMI_HOME: home,
        PULUMI_BACKEND_URL: `file://${join(dir, ".state")}`,
        PULUMI_CONFIG_PASSPHRASE: "examples",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_NODEJS_TRANSPILE_ONLY: "true",
        PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
        LANGSMITH_API_KEY: DEFAULT_ORG_API_KEY,
        LANGSMITH_WORKSPACE_ID: DEFAULT_WORKSPACE_ID,
        LANGSMITH_ENDPOINT: emulator.url,
        LANGSMITH_POLL_MIN_INTERVAL_MS: "50",
        LANGSMITH_POLL_MAX_INTERVAL_MS: "200",
      };
      const pulumi = async (args: string[]): Promise<CommandResult> =>
        runCommand(join(pulumiBinDir, "pulumi"), ["--non-interactive", ...args], dir, env, 300_000);
      const steps: string[][] = [["stack", "init", "example"]];
      // Every config value the program reads, set as a secret in one command.
      const secrets = configNames(example.pcl).map((name) => {
        const value = name.endsWith("AccessKeyId")
          ? s3.users.full.accessKeyId
          : name.endsWith("SecretAccessKey")
            ? s3.users.full.secretAccessKey
            : name.endsWith("MetadataXml")
              ? '<EntityDescriptor xmlns="urn:oasis:names:tc:SAML:2.0:metadata" entityID="https://idp.example.com/saml"></EntityDescriptor>'
              : `example-secret-for-${name}`;
        return ["--secret", `${name}=${value}`];
      });
      if (secrets.length > 0) steps.push(["config", "set-all", ...secrets.flat()]);
      for (const step of steps) {
        const result = await pulumi(step);
        if (result.code !== 0) return `${typeName} (${language}): pulumi ${step[0]} exited ${result.code}:\n${result.output.slice(-3000)}`;
      }
      // The engine's events (--json) carry the stack's outputs: no second command to read them, unless one is a secret, which they mask.
      const up = await pulumi(["up", "--yes", "--skip-preview", "--json"]);
      const events = engineEvents(up.stdout);
      if (up.code !== 0) return `${typeName} (${language}): pulumi up exited ${up.code}:\n${diagnostics(events, up.stderr).slice(-3000)}`;
      let exported = stackOutputs(events);
      if (exported === undefined || Object.values(exported).some(isSecretValue)) {
        const outputs = await pulumi(["stack", "output", "--json", "--show-secrets"]);
        exported = JSON.parse(outputs.stdout) as Record<string, unknown>;
      }
      const missing = outputNames(example.pcl).filter((name) => exported[name] === undefined || exported[name] === null || exported[name] === "");
      return missing.length === 0 ? undefined : `${typeName} (${language}): exported no ${missing.join(", ")} (got ${JSON.stringify(exported)})`;
    } finally {
      await emulator.close();
    }
  }

  it.each(["yaml", "typescript", "python"] as const)(
    "every %s rendering runs `pulumi up` against the emulator and exports what it says",
    async (language) => {
      expect(runExamples.length).toBeLessThan(examples.length);
      const failures = (await pooled(runExamples, CONCURRENCY, (token) => runExample(token, language))).filter((failure) => failure !== undefined);
      expect(failures).toEqual([]);
    },
    1_800_000,
  );

  it("every Go rendering shown builds against the repository's Go SDK; those not shown still do not", () => {
    // One build of every rendering, as packages of one module that replaces the Go SDK with sdk/go: the generator check's
    // (each package compiles on its own; one that fails has its own block of the build's output).
    const { goReport } = checkGenerators();
    expect(Object.keys(goReport).sort()).toEqual(examples.map(([token]) => token).sort());
    const shown = examples.filter(([, example]) => example.goBuilds).map(([token]) => token);
    expect(shown.length).toBeGreaterThanOrEqual(35);
    expect(shown.filter((token) => !goReport[token]?.builds).map((token) => ({ token, output: goReport[token]?.output.slice(-4000) }))).toEqual([]);
    // Each one left out fails on its own (a fixed generator would show it again), with the error recorded.
    for (const [token, example] of examples.filter(([, e]) => !e.goBuilds)) {
      const report = goReport[token];
      expect({ token, code: report?.builds === false ? 1 : 0, recorded: report?.output.includes(example.goBuildError ?? "no error recorded") }).toEqual({
        token,
        code: 1,
        recorded: true,
      });
    }
  }, 900_000);

  it("every C# rendering parses as C#", async () => {
    const grammar = toolPaths().csharpGrammarWasm;
    if (grammar === undefined) throw new Error("the C# grammar is not recorded by the tools bootstrap: run npm run tools");
    await Parser.init();
    const parser = new Parser();
    parser.setLanguage(await Language.load(new Uint8Array(readFileSync(grammar))));
    const withErrors = examples.filter(([, example]) => parser.parse(example.csharp)?.rootNode.hasError !== false).map(([token]) => token);
    expect(withErrors).toEqual([]);
    const deployment = RENDERED_EXAMPLES["langsmith:index:Deployment"]?.csharp ?? "";
    expect(deployment).toContain("new Langsmith.Deployment(");
    expect(parser.parse(deployment.slice(0, Math.floor(deployment.length / 2)))?.rootNode.hasError).toBe(true);
  });
});
