// The package as a program on the native classes installs it (the README's
// `npm install pulumi-langsmith @pulumi/pulumi`): the packed tarball and
// `@pulumi/pulumi` in an empty directory, no axios and no zod. There the
// command works as docs/adopt.md says: `npx pulumi-langsmith adopt --help`
// prints the usage and exits 0, and a whole adopt runs against the emulator
// with LANGSMITH_ENDPOINT alone (the control plane found at the endpoint's
// `/api-host`, as langgraph-cli finds it), leaving out the service's default
// model prices and a key that has expired, each with its reason. The native
// classes load; the dynamic classes name what they miss.
import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { e2eRoot } from "../helpers/e2eRoot";
import { isReadRequest } from "../helpers/serviceReads";

const run = promisify(execFile);

/** What a command printed and how it exited. */
interface Ran {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

async function ran(command: string, args: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<Ran> {
  try {
    const { stdout, stderr } = await run(command, args, { ...options, maxBuffer: 16 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === "number" ? failed.code : 1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/** The environment a user's shell would have: none of the repository's LANGSMITH_* settings. */
function userEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith("LANGSMITH_") && !name.startsWith("PULUMI_LANGSMITH")) env[name] = value;
  return { ...env, ...extra };
}

describe("the package installed as native programs install it (no axios, no zod)", () => {
  let dir: string;
  let emulator: Emulator;

  beforeAll(async () => {
    // Outside the e2e program root, whose node_modules hold axios and zod for the dynamic classes' programs.
    dir = mkdtempSync(join(tmpdir(), "pulumi-langsmith-light-install-"));
    const tarball = readdirSync(e2eRoot()).find((name) => name.endsWith(".tgz"));
    if (tarball === undefined) throw new Error(`no packed tarball in ${e2eRoot()}`);
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "light-program", private: true }));
    await run("npm", ["install", "--silent", "--no-audit", "--no-fund", "--prefer-offline", join(e2eRoot(), tarball), "@pulumi/pulumi@3.248.0"], { cwd: dir });
    emulator = await createEmulator({ control: true });
    const send = async (path: string, body: unknown) => {
      const response = await fetch(`${emulator.url}/api/v1${path}`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Api-Key": DEFAULT_API_KEY, "X-Tenant-Id": DEFAULT_WORKSPACE_ID },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`seeding ${path}: ${response.status} ${await response.text()}`);
    };
    await send("/sessions", { name: "light-traces" });
    await send("/api-key", { description: "light expired key", expires_at: "2020-01-01T00:00:00Z" });
    await send("/api-key", { description: "light live key", expires_at: "2099-01-01T00:00:00Z" });
  }, 240_000);

  afterAll(async () => {
    await emulator?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it("has neither axios nor zod", () => {
    const installed = readdirSync(join(dir, "node_modules"));
    expect(installed).toContain("pulumi-langsmith");
    expect(installed).not.toContain("axios");
    expect(installed).not.toContain("zod");
  });

  it("`npx pulumi-langsmith adopt --help` prints the usage and exits 0", async () => {
    for (const args of [["adopt", "--help"], ["--help"], ["adopt", "-h"]]) {
      const result = await ran("npx", ["--no-install", "pulumi-langsmith", ...args], { cwd: dir, env: userEnv({}) });
      expect({ args, code: result.code }).toEqual({ args, code: 0 });
      expect(result.stdout).toMatch(/^Usage: pulumi-langsmith adopt \[--language typescript\|python\|yaml\]/);
      expect(result.stdout).toContain("LANGSMITH_ENDPOINT");
    }
    const bad = await ran("npx", ["--no-install", "pulumi-langsmith", "adopt", "--bogus"], { cwd: dir, env: userEnv({}) });
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^pulumi-langsmith: unknown argument --bogus/);
    expect(bad.stderr).not.toMatch(/\n\s+at /);
  });

  it("adopts an organization with LANGSMITH_ENDPOINT alone, leaving out the default model prices and the expired key, with reasons", async () => {
    const out = join(dir, "adopted");
    const env = userEnv({ LANGSMITH_API_KEY: DEFAULT_ORG_API_KEY, LANGSMITH_ENDPOINT: emulator.url, LANGSMITH_WORKSPACE_ID: DEFAULT_WORKSPACE_ID });
    const seeded = emulator.control.requestLog().length;
    const result = await ran("npx", ["--no-install", "pulumi-langsmith", "adopt", "--language", "yaml", "--out", out], { cwd: dir, env });
    const adoptRequests = emulator.control.requestLog().slice(seeded);
    expect({ code: result.code, stderr: result.code === 0 ? "" : result.stderr }).toEqual({ code: 0, stderr: "" });
    // The deployments were listed at the emulator's control plane (`/api-host/v2`), not the hosted one.
    expect(adoptRequests.some((entry) => entry.method === "GET" && entry.path.startsWith("/api-host/v2/deployments"))).toBe(true);
    expect(adoptRequests.filter((entry) => !isReadRequest(entry))).toEqual([]);

    const plan = JSON.parse(readFileSync(join(out, "import.json"), "utf8")) as { resources: { type: string; name: string; id: string }[] };
    const types = plan.resources.map((resource) => resource.type);
    expect(types).toContain("langsmith:index:Project");
    expect(types).not.toContain("langsmith:index:ModelPriceMap");
    const keys = plan.resources.filter((resource) => resource.type === "langsmith:index:ApiKey");
    const program = readFileSync(join(out, "Pulumi.yaml"), "utf8");
    expect(program).toContain("light live key");
    expect(program).not.toContain("light expired key");
    expect(keys.length).toBeGreaterThanOrEqual(1);

    const report = readFileSync(join(out, "ADOPTED.md"), "utf8");
    expect(report).toMatch(/ModelPriceMap .*LangSmith's default model prices/);
    expect(report).toMatch(/ApiKey light expired key.*expired at 2020-01-01/);
  });

  it("loads the native classes; the dynamic classes name axios and zod and the command that installs them", async () => {
    const native = await ran("node", ["-e", 'const ls = require("pulumi-langsmith"); if (typeof ls.Workspace !== "function") process.exit(3);'], { cwd: dir });
    expect(native).toEqual({ code: 0, stdout: "", stderr: "" });
    const dynamic = await ran("node", ["-e", 'require("pulumi-langsmith/dynamic")'], { cwd: dir });
    expect(dynamic.code).not.toBe(0);
    expect(dynamic.stderr).toContain("loading pulumi-langsmith/dynamic: axios and zod are not installed.");
    expect(dynamic.stderr).toContain("npm install axios zod");
  });
});
