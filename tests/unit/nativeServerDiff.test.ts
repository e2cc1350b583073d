// The native provider's gRPC service, called over a real gRPC connection as
// the engine calls it (issue 20, items 2, 4, 5 and 6): ignoreChanges covers
// nested paths and never drops a pending resume; detailed diffs name the
// right kind once per path; check failures use Pulumi's property paths and
// check fills in defaults; CheckConfig names each bad key; a change of the
// service the configuration points at is refused with guidance; preview
// outputs hold no internal field and no stable stateVersion.
import * as grpc from "@grpc/grpc-js";
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as providerrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerproto from "@pulumi/pulumi/proto/provider_pb";
import { startProviderServer } from "../../provider/native/server";
import { UNKNOWN } from "../../provider/engine/fields/values";

type Props = Record<string, unknown>;
const Kind = providerproto.PropertyDiff.Kind;
const DESTINATION = "urn:pulumi:dev::p::langsmith:index:BulkExportDestination::d";
const DEPLOYMENT = "urn:pulumi:dev::p::langsmith:index:Deployment::agent";
const EXPORT = "urn:pulumi:dev::p::langsmith:index:BulkExport::traces";

const struct = (value: Props) => structproto.Struct.fromJavaScript(value as Record<string, structproto.JavaScriptValue>);

let server: grpc.Server;
let client: providerrpc.ResourceProviderClient;

beforeAll(async () => {
  const started = await startProviderServer("0.0.0-test", undefined);
  server = started.server;
  client = new providerrpc.ResourceProviderClient(`127.0.0.1:${started.port}`, grpc.credentials.createInsecure());
});

afterAll(() => {
  client?.close();
  server?.forceShutdown();
});

function call<Req, Res>(method: (request: Req, callback: (error: grpc.ServiceError | null, response: Res) => void) => unknown, request: Req): Promise<Res> {
  return new Promise((resolve, reject) => method.call(client, request, (error, response) => (error ? reject(error) : resolve(response))));
}

async function diff(urn: string, olds: Props, news: Props, ignoreChanges: string[] = [], oldInputs: Props = {}) {
  const request = new providerproto.DiffRequest().setUrn(urn).setId("id-1").setOlds(struct(olds)).setNews(struct(news)).setOldInputs(struct(oldInputs));
  request.setIgnorechangesList(ignoreChanges);
  const response = await call<providerproto.DiffRequest, providerproto.DiffResponse>(client.diff, request);
  const detailed: Record<string, { kind: number; inputDiff: boolean }> = {};
  response.getDetaileddiffMap().forEach((entry, key) => {
    detailed[key] = { kind: entry.getKind(), inputDiff: entry.getInputdiff() };
  });
  return { changes: response.getChanges(), replaces: response.getReplacesList(), stables: response.getStablesList(), detailed };
}

const deploymentInputs = (): Props => ({
  name: "agent",
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
  sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
});
const destinationInputs = (bucketName = "exports"): Props => ({
  displayName: "exports",
  config: { bucketName, prefix: "traces", region: "us-east-1" },
});
const destinationOutputs = (bucketName: string): Props => ({
  ...destinationInputs(bucketName),
  destinationType: "s3",
  tenantId: "t-1",
  credentialsFingerprint: {},
  lastOperation: "created",
  stateVersion: 2,
});

describe("ignoreChanges in Diff", () => {
  it("a refresh's drift under an ignored object does not replace the destination; without it, it does (UPDATE_REPLACE)", async () => {
    const drifted = destinationOutputs("renamed-outside-pulumi");
    const plain = await diff(DESTINATION, drifted, destinationInputs());
    expect(plain.replaces).toEqual(["config"]);
    expect(plain.detailed).toEqual({ "config.bucketName": { kind: Kind.UPDATE_REPLACE, inputDiff: false } });
    for (const ignored of [["config"], ["config.bucketName"], ['config["bucketName"]']]) {
      const result = await diff(DESTINATION, drifted, destinationInputs(), ignored);
      expect({ ignored, changes: result.changes, replaces: result.replaces, detailed: result.detailed }).toEqual({
        ignored,
        changes: providerproto.DiffResponse.DiffChanges.DIFF_NONE,
        replaces: [],
        detailed: {},
      });
    }
    // A sibling path is not covered.
    expect((await diff(DESTINATION, drifted, destinationInputs(), ["config.prefix"])).replaces).toEqual(["config"]);
  });

  it("a pending resume is kept when every changed path is ignored", async () => {
    const inputs = deploymentInputs();
    const outputs: Props = {
      ...inputs,
      sourceRevisionConfig: { repoRef: "drifted", graphConfigPath: "langgraph.json" },
      latestRevisionId: "rev-1",
      latestRevisionStatus: "BUILDING",
      tenantId: "t-1",
      stateVersion: 2,
    };
    const result = await diff(DEPLOYMENT, outputs, inputs, ["sourceRevisionConfig"]);
    expect(result.changes).toBe(providerproto.DiffResponse.DiffChanges.DIFF_SOME);
    // Issue 32: the preview names what the update is for (before, it showed an update with no property).
    expect(result.detailed).toEqual({ latestRevisionStatus: { kind: providerproto.PropertyDiff.Kind.UPDATE, inputDiff: false } });
    const settled = await diff(DEPLOYMENT, { ...outputs, latestRevisionStatus: "DEPLOYED" }, inputs, ["sourceRevisionConfig"]);
    expect(settled.changes).toBe(providerproto.DiffResponse.DiffChanges.DIFF_NONE);
  });
});

describe("detailed diff kinds", () => {
  it("an export cancelled outside Pulumi replaces it through its output-only status: UPDATE_REPLACE, not DELETE_REPLACE", async () => {
    const inputs: Props = {
      destinationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
      projectId: "8a1f0c3e-2b4d-4e6f-9a8b-7c6d5e4f3a2b",
      startTime: "2026-11-01T00:00:00Z",
      intervalHours: 6,
    };
    const outputs: Props = { ...inputs, format: "Parquet", formatVersion: "v1", compression: "gzip", status: "Cancelled", tenantId: "t-1", stateVersion: 1 };
    const result = await diff(EXPORT, outputs, inputs);
    expect(result.replaces).toEqual(["status"]);
    expect(result.detailed).toEqual({ status: { kind: Kind.UPDATE_REPLACE, inputDiff: false } });
  });

  it("an unknown sourceConfig is listed once, as a replacement", async () => {
    const inputs = deploymentInputs();
    const outputs: Props = { ...inputs, latestRevisionId: "rev-1", latestRevisionStatus: "DEPLOYED", tenantId: "t-1", stateVersion: 2 };
    const result = await diff(DEPLOYMENT, outputs, { ...inputs, sourceConfig: UNKNOWN });
    expect(result.detailed).toEqual({ sourceConfig: { kind: Kind.UPDATE_REPLACE, inputDiff: false } });
    expect(result.replaces).toEqual(["sourceConfig"]);
  });

  it("stateVersion, which migration can change, is not reported stable", async () => {
    const result = await diff(DESTINATION, destinationOutputs("exports"), destinationInputs("other"));
    expect(result.stables).toContain("tenantId");
    expect(result.stables).not.toContain("stateVersion");
  });
});

describe("Check", () => {
  async function check(urn: string, news: Props, olds: Props = {}) {
    const response = await call<providerproto.CheckRequest, providerproto.CheckResponse>(
      client.check,
      new providerproto.CheckRequest().setUrn(urn).setNews(struct(news)).setOlds(struct(olds)),
    );
    return {
      inputs: (response.getInputs()?.toJavaScript() ?? {}) as Props,
      failures: response.getFailuresList().map((failure) => ({ property: failure.getProperty(), reason: failure.getReason() })),
    };
  }

  it("names a failure inside a list with Pulumi's property path", async () => {
    const result = await check(DEPLOYMENT, {
      name: "agent",
      source: "github",
      sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
      sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
      secrets: [{ name: "1BAD", value: "v" }],
    });
    expect(result.failures.map((failure) => failure.property)).toEqual(["secrets[0].name"]);
  });

  it("fills in the table's defaults", async () => {
    const result = await check(EXPORT, {
      destinationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
      projectId: "8a1f0c3e-2b4d-4e6f-9a8b-7c6d5e4f3a2b",
      startTime: "2026-11-01T00:00:00Z",
      intervalHours: 6,
    });
    expect(result.failures).toEqual([]);
    expect(result.inputs).toMatchObject({ format: "Parquet", formatVersion: "v1", compression: "gzip" });
  });
});

describe("preview outputs", () => {
  it("hold no provider-internal field, and stateVersion is known", async () => {
    const news: Props = { ...destinationInputs(), destinationType: "s3", __credentialsUnchanged: true };
    const create = await call<providerproto.CreateRequest, providerproto.CreateResponse>(
      client.create,
      new providerproto.CreateRequest().setUrn(DESTINATION).setProperties(struct(news)).setPreview(true),
    );
    const created = create.getProperties()?.toJavaScript() as Props;
    expect(Object.keys(created).filter((key) => key.startsWith("__"))).toEqual([]);
    expect(created["stateVersion"]).toBe(2);
    const update = await call<providerproto.UpdateRequest, providerproto.UpdateResponse>(
      client.update,
      new providerproto.UpdateRequest()
        .setUrn(DESTINATION)
        .setId("id-1")
        .setOlds(struct(destinationOutputs("exports")))
        .setNews(struct(news))
        .setPreview(true),
    );
    const updated = update.getProperties()?.toJavaScript() as Props;
    expect(Object.keys(updated).filter((key) => key.startsWith("__"))).toEqual([]);
    expect(updated["stateVersion"]).toBe(2);
  });
});

describe("provider configuration", () => {
  async function checkConfig(news: Props) {
    const response = await call<providerproto.CheckRequest, providerproto.CheckResponse>(
      client.checkConfig,
      new providerproto.CheckRequest().setUrn("urn:pulumi:dev::p::pulumi:providers:langsmith::default").setNews(struct(news)),
    );
    return response.getFailuresList().map((failure) => ({ property: failure.getProperty(), reason: failure.getReason() }));
  }

  it("CheckConfig names each bad key", async () => {
    const failures = await checkConfig({ version: "0.1.0", region: "mars", apiUrl: "ftp://example.com", maxRetries: "eleven", apikey: "x" });
    expect(failures.map((failure) => failure.property).sort()).toEqual(["apiUrl", "apikey", "maxRetries", "region"]);
    expect(failures.find((failure) => failure.property === "region")?.reason).toMatch(/region must be one of us, eu/);
    expect(await checkConfig({ version: "0.1.0", region: "eu", maxRetries: "2", apiKey: "lsv2_pt_x" })).toEqual([]);
    // Conflicting keys are named too.
    expect((await checkConfig({ region: "eu", selfHostedUrl: "https://langsmith.example.com" })).map((failure) => failure.property)).toEqual(["selfHostedUrl"]);
  });

  async function diffConfig(olds: Props, news: Props) {
    const request = new providerproto.DiffRequest()
      .setUrn("urn:pulumi:dev::p::pulumi:providers:langsmith::default")
      .setOlds(struct(olds))
      .setNews(struct(news));
    return call<providerproto.DiffRequest, providerproto.DiffResponse>(client.diffConfig, request);
  }

  it("a change of service is refused in the preview with the ways forward; the same service under other settings is an update", async () => {
    const refused = await diffConfig({ region: "us" }, { region: "eu" }).then(
      () => undefined,
      (error: grpc.ServiceError) => error.details,
    );
    expect(refused).toMatch(/moves the REST API from https:\/\/api\.smith\.langchain\.com\/api\/v1 to https:\/\/eu\.api\.smith\.langchain\.com\/api\/v1/);
    expect(refused).toMatch(/LANGSMITH_ALLOW_SERVICE_CHANGE=1/);
    expect(refused).toMatch(/pulumi destroy/);
    const same = await diffConfig({}, { region: "us" });
    expect(same.getChanges()).toBe(providerproto.DiffResponse.DiffChanges.DIFF_SOME);
    expect(same.getReplacesList()).toEqual([]);
    const timeouts = await diffConfig({ region: "eu" }, { region: "eu", maxRetries: "2" });
    expect(timeouts.getDiffsList()).toEqual(["maxRetries"]);
  });
});
