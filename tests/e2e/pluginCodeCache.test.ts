/**
 * The plugin archive runs the provider from one bundle through a V8 code
 * cache kept beside it (provider/native/codeCache.ts): the first start writes
 * the cache, a later start uses it and leaves it as it is, a cache V8 refuses
 * (here: garbage) is replaced, and `PULUMI_LANGSMITH_CODE_CACHE=0` writes
 * none. Every start answers the same schema and the same check.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as structpb from "google-protobuf/google/protobuf/struct_pb";
import * as providerrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerproto from "@pulumi/pulumi/proto/provider_pb";
import { CACHE_WRITE_DELAY_MS, cacheFile } from "../../provider/native/codeCache";
import { buildPluginArchives } from "../helpers/nativePlugin";
import { waitUntil } from "../helpers/processControl";

jest.setTimeout(120_000);

/** What one start of the plugin answered. */
interface Answers {
  readonly schemaBytes: number;
  readonly checked: Record<string, unknown>;
}

let work: string;
let pluginDir: string;
let nativeDir: string;

beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "plugin-code-cache-"));
  const archive = buildPluginArchives(join(work, "archives"), [`linux-${process.arch === "x64" ? "amd64" : process.arch}`]).pop() as string;
  pluginDir = join(work, "plugin");
  mkdirSync(pluginDir);
  execFileSync("tar", ["-xzf", archive, "-C", pluginDir]);
  nativeDir = join(pluginDir, "dist", "provider", "native");
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Starts the plugin as the engine does, asks for the schema and a check, and stops it once `stopWhen` holds. */
async function startPlugin(env: NodeJS.ProcessEnv, stopWhen: () => boolean): Promise<Answers> {
  // The launcher the engine starts (it execs node on dist/provider/native/main.js).
  const child: ChildProcess = spawn(join(pluginDir, "pulumi-resource-langsmith"), ["127.0.0.1:1"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  try {
    const port = await new Promise<string>((resolve, reject) => {
      child.stdout?.once("data", (data: Buffer) => resolve(String(data).trim()));
      child.once("exit", (code) => reject(new Error(`the plugin exited (${code}) before printing its port`)));
    });
    const client = new providerrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    try {
      const call = <T>(method: string, request: unknown): Promise<T> =>
        new Promise((resolve, reject) => {
          (client as unknown as Record<string, (r: unknown, cb: (e: Error | null, v: T) => void) => void>)[method]?.call(client, request, (error, value) =>
            error !== null ? reject(error) : resolve(value),
          );
        });
      await call("getPluginInfo", new emptyproto.Empty());
      const schemaRequest = new providerproto.GetSchemaRequest();
      const schema = await call<providerproto.GetSchemaResponse>("getSchema", schemaRequest);
      const check = new providerproto.CheckRequest();
      check.setUrn("urn:pulumi:dev::cache::langsmith:index:TagKey::env");
      check.setOlds(structpb.Struct.fromJavaScript({}));
      check.setNews(structpb.Struct.fromJavaScript({ key: "env", description: "Where it runs." }));
      const checked = await call<providerproto.CheckResponse>("check", check);
      expect(await waitUntil(stopWhen, 20_000)).toBe(true);
      return { schemaBytes: schema.getSchema().length, checked: checked.getInputs()?.toJavaScript() ?? {} };
    } finally {
      client.close();
    }
  } finally {
    child.kill();
  }
}

/** Waits out the time after which a start would write the cache, plus a margin. */
function writeWindowPassed(): () => boolean {
  const until = Date.now() + 3 * CACHE_WRITE_DELAY_MS;
  return () => Date.now() >= until;
}

test("the first start writes the cache, a later one uses it as it is, a refused one is replaced, and it can be turned off", async () => {
  const file = cacheFile(nativeDir);
  expect(existsSync(file)).toBe(false);

  const first = await startPlugin({}, () => existsSync(file));
  const written = readFileSync(file);
  expect(written.length).toBeGreaterThan(100_000);
  expect(first.schemaBytes).toBeGreaterThan(10_000);
  expect(first.checked).toMatchObject({ key: "env", description: "Where it runs." });

  // V8 takes the cache: the start answers the same and writes nothing.
  const second = await startPlugin({}, writeWindowPassed());
  expect(second).toEqual(first);
  expect(readFileSync(file).equals(written)).toBe(true);

  // V8 refuses a cache that does not match: the plugin runs as without one and replaces it.
  writeFileSync(file, Buffer.from("not a code cache"));
  const third = await startPlugin({}, () => readFileSync(file).length > 100_000);
  expect(third).toEqual(first);

  // Turned off: no cache is read or written.
  rmSync(file);
  const fourth = await startPlugin({ PULUMI_LANGSMITH_CODE_CACHE: "0" }, writeWindowPassed());
  expect(fourth).toEqual(first);
  expect(existsSync(file)).toBe(false);
});
