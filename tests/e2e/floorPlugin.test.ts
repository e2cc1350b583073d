// The floor plugin (bench/floorPlugin/, the benchmark's no-op native plugin):
// built and unpacked from its archive as the engine would install it, started
// as a real process beside the real plugin (from its own archive), and asked
// over gRPC. It serves exactly the real plugin's schema and version, and
// answers Check, Create, Read and Diff as the estate benchmark relies on.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import * as grpc from "@grpc/grpc-js";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as pluginproto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerproto from "@pulumi/pulumi/proto/provider_pb";
import { buildFloorPluginArchive, type StartedPlugin, startPluginProcess } from "../../bench/lib/floorPlugin";
import { buildPluginArchives } from "../helpers/nativePlugin";

function unary<Req, Res>(call: (request: Req, callback: (error: grpc.ServiceError | null, response: Res) => void) => unknown, request: Req): Promise<Res> {
  return new Promise((resolve, reject) => call(request, (error, response) => (error ? reject(error) : resolve(response))));
}

const struct = (value: Record<string, unknown>) => structproto.Struct.fromJavaScript(value as Record<string, structproto.JavaScriptValue>);
const PROJECT = "langsmith:index:Project";
const URN = `urn:pulumi:test::floor::${PROJECT}::estate`;

interface SchemaDocument {
  version: string;
  resources: Record<string, { properties: Record<string, unknown>; inputProperties: Record<string, unknown> }>;
}

describe("the floor plugin", () => {
  let dir: string;
  const started: StartedPlugin[] = [];
  let floor: providerrpc.ResourceProviderClient;
  let real: providerrpc.ResourceProviderClient;

  const unpack = (archive: string, name: string): string => {
    const target = join(dir, name);
    mkdirSync(target);
    execFileSync("tar", ["-xzf", archive, "-C", target]);
    return target;
  };
  const client = (plugin: StartedPlugin) => new providerrpc.ResourceProviderClient(`127.0.0.1:${plugin.port}`, grpc.credentials.createInsecure());

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "floor-plugin-"));
    const platform = `${process.platform}-${process.arch === "x64" ? "amd64" : process.arch}`;
    const realArchive = buildPluginArchives(join(dir, "real-archive"), [platform]).pop() as string;
    const floorPlugin = await startPluginProcess(unpack(buildFloorPluginArchive(join(dir, "floor-archive")), "floor"));
    started.push(floorPlugin);
    const realPlugin = await startPluginProcess(unpack(realArchive, "real"));
    started.push(realPlugin);
    floor = client(floorPlugin);
    real = client(realPlugin);
  });

  afterAll(() => {
    floor?.close();
    real?.close();
    for (const plugin of started) plugin.child.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it("serves exactly the real plugin's schema and version", async () => {
    const schemaOf = async (c: providerrpc.ResourceProviderClient) =>
      ((await unary(c.getSchema.bind(c), new providerproto.GetSchemaRequest())) as providerproto.GetSchemaResponse).getSchema();
    const versionOf = async (c: providerrpc.ResourceProviderClient) =>
      ((await unary(c.getPluginInfo.bind(c), new emptyproto.Empty())) as pluginproto.PluginInfo).getVersion();
    const floorSchema = await schemaOf(floor);
    expect(floorSchema).toBe(await schemaOf(real));
    expect(Object.keys((JSON.parse(floorSchema) as SchemaDocument).resources).length).toBeGreaterThan(20);
    expect(await versionOf(floor)).toBe(await versionOf(real));
  });

  it("checks as given, creates with a fresh id and every output, reads the state back, and diffs against the old inputs", async () => {
    const schema = JSON.parse(
      ((await unary(floor.getSchema.bind(floor), new providerproto.GetSchemaRequest())) as providerproto.GetSchemaResponse).getSchema(),
    ) as SchemaDocument;
    const project = schema.resources[PROJECT] as SchemaDocument["resources"][string];
    const outputOnly = Object.keys(project.properties).filter((name) => !(name in project.inputProperties));
    expect(outputOnly.length).toBeGreaterThan(0);
    const inputs = { name: "estate-0", description: "a project", metadata: { team: "bench" } };

    const checked = (await unary(
      floor.check.bind(floor),
      new providerproto.CheckRequest().setUrn(URN).setType(PROJECT).setNews(struct(inputs)),
    )) as providerproto.CheckResponse;
    expect(checked.getInputs()?.toJavaScript()).toEqual(inputs);
    expect(checked.getFailuresList()).toHaveLength(0);

    const create = () =>
      unary(
        floor.create.bind(floor),
        new providerproto.CreateRequest().setUrn(URN).setType(PROJECT).setProperties(struct(inputs)),
      ) as Promise<providerproto.CreateResponse>;
    const created = await create();
    const again = await create();
    expect(created.getId()).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.getId()).not.toBe(created.getId());
    const outputs = created.getProperties()?.toJavaScript() as Record<string, unknown>;
    expect(outputs).toMatchObject(inputs);
    expect(Object.keys(outputs).sort()).toEqual([...Object.keys(inputs), ...outputOnly].sort());
    for (const name of outputOnly) expect(outputs[name]).not.toBeNull();

    const read = (await unary(
      floor.read.bind(floor),
      new providerproto.ReadRequest().setId(created.getId()).setUrn(URN).setType(PROJECT).setProperties(struct(outputs)).setInputs(struct(inputs)),
    )) as providerproto.ReadResponse;
    expect(read.getId()).toBe(created.getId());
    expect(read.getProperties()?.toJavaScript()).toEqual(outputs);
    expect(read.getInputs()?.toJavaScript()).toEqual(inputs);

    const diff = (news: Record<string, unknown>) =>
      unary(
        floor.diff.bind(floor),
        new providerproto.DiffRequest()
          .setId(created.getId())
          .setUrn(URN)
          .setType(PROJECT)
          .setOlds(struct(outputs))
          .setOldInputs(struct(inputs))
          .setNews(struct(news)),
      ) as Promise<providerproto.DiffResponse>;
    const same = await diff({ metadata: { team: "bench" }, description: "a project", name: "estate-0" });
    expect(same.getChanges()).toBe(providerproto.DiffResponse.DiffChanges.DIFF_NONE);
    const changed = await diff({ ...inputs, description: "renamed" });
    expect(changed.getChanges()).toBe(providerproto.DiffResponse.DiffChanges.DIFF_SOME);
    expect(changed.getDiffsList()).toEqual(["description"]);
    expect(changed.getReplacesList()).toEqual([]);
  });
});
