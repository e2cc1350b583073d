// Reads by id alone through the native provider's gRPC service, as the
// engine sends them for `pulumi import`, the `import` option and
// `Resource.get(name, id)` (issue 20, item 3): a BulkExport made outside the
// stack is read (before, the plugin threw: exports had no import), and an
// imported destination, whose credentials the service never returns, passes
// Check with those inputs (before, Check demanded credentials and the import
// failed on the real service; the cloud rule itself is unit-tested).
import * as structproto from "google-protobuf/google/protobuf/struct_pb";
import * as providerrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerproto from "@pulumi/pulumi/proto/provider_pb";
import { DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import type { LangSmithClient } from "../../provider/client";
import { callProvider, type ConfiguredProvider, startConfiguredProvider } from "../helpers/providerGrpc";
import { type ExportStack, startExportStack } from "../helpers/exportStack";
import { bulkExportCalls } from "../../provider/exports/bulkExport/endpoints";

type Props = Record<string, unknown>;
const PROJECT = "8a1f0c3e-2b4d-4e6f-9a8b-7c6d5e4f3a2b";
const EXPORT_URN = "urn:pulumi:dev::p::langsmith:index:BulkExport::traces";
const DESTINATION_URN = "urn:pulumi:dev::p::langsmith:index:BulkExportDestination::exports";

describe("native provider: reads by id alone (import, get)", () => {
  let exportStack: ExportStack;
  let emulator: Emulator;
  let api: LangSmithClient;
  let provider: ConfiguredProvider;
  let client: providerrpc.ResourceProviderClient;
  let destinationId: string;

  beforeAll(async () => {
    exportStack = await startExportStack("imported");
    ({ emulator, client: api, destinationId } = exportStack);
    provider = await startConfiguredProvider({
      "langsmith:apiUrl": emulator.url,
      "langsmith:controlPlaneUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    });
    client = provider.client;
  }, 120_000);

  afterAll(async () => {
    provider?.stop();
    await exportStack?.stop();
  });

  async function readById(urn: string, id: string) {
    const response = await callProvider<providerproto.ReadRequest, providerproto.ReadResponse>(
      client,
      client.read,
      new providerproto.ReadRequest().setUrn(urn).setId(id),
    );
    return {
      id: response.getId(),
      inputs: (response.getInputs()?.toJavaScript() ?? {}) as Props,
      outputs: (response.getProperties()?.toJavaScript() ?? {}) as Props,
    };
  }

  async function check(urn: string, olds: Props, news: Props) {
    const response = await callProvider<providerproto.CheckRequest, providerproto.CheckResponse>(
      client,
      client.check,
      new providerproto.CheckRequest()
        .setUrn(urn)
        .setOlds(structproto.Struct.fromJavaScript(olds as Record<string, structproto.JavaScriptValue>))
        .setNews(structproto.Struct.fromJavaScript(news as Record<string, structproto.JavaScriptValue>)),
    );
    return response.getFailuresList().map((failure) => failure.getProperty());
  }

  it("a BulkExport made outside the stack is read with the inputs that made it; an unknown id fails naming the workspace searched", async () => {
    const made = await bulkExportCalls.create(api, {
      bulk_export_destination_id: destinationId,
      session_id: PROJECT,
      start_time: "2026-11-01T00:00:00Z",
      interval_hours: 6,
    });
    const read = await readById(EXPORT_URN, made.id);
    expect(read.id).toBe(made.id);
    expect(read.inputs).toEqual({ destinationId, projectId: PROJECT, startTime: expect.stringMatching(/^2026-11-01T00:00:00(\.000)?Z$/), intervalHours: 6 });
    expect(read.outputs).toMatchObject({
      destinationId,
      projectId: PROJECT,
      intervalHours: 6,
      status: expect.any(String),
      tenantId: DEFAULT_WORKSPACE_ID,
      stateVersion: 1,
    });
    expect(await check(EXPORT_URN, read.inputs, read.inputs)).toEqual([]);
    // Issue 32: not the engine's bare "does not exist", but where it looked and the forms the kind takes.
    await expect(readById(EXPORT_URN, "0f0e0d0c-0b0a-4908-8706-050403020100")).rejects.toThrow(
      `importing BulkExport "0f0e0d0c-0b0a-4908-8706-050403020100": there is none in workspace ${DEFAULT_WORKSPACE_ID} (langsmith:workspaceId). BulkExport imports by \`<id>\``,
    );
  });

  it("an import of a workspace object that is not there names the workspace searched and the <workspaceId>/ form", async () => {
    const missing = "0a0b0c0d-0e0f-4a1b-8c2d-3e4f5a6b7c8d";
    await expect(readById("urn:pulumi:dev::p::langsmith:index:Project::traces", missing)).rejects.toThrow(
      `importing Project "${missing}": there is none in workspace ${DEFAULT_WORKSPACE_ID} (langsmith:workspaceId). Project imports by \`<id>\`, \`<name>\`, \`<workspaceId>/<id>\`, \`<workspaceId>/<name>\`; one in another workspace of the organization imports as \`<workspaceId>/...\``,
    );
  });

  it("an imported destination, without the credentials the service never returns, passes Check", async () => {
    const read = await readById(DESTINATION_URN, destinationId);
    expect(read.id).toBe(destinationId);
    expect(read.inputs["credentials"]).toBeUndefined();
    expect(await check(DESTINATION_URN, read.inputs, read.inputs)).toEqual([]);
    // (The emulator's URL counts as self-hosted, where credentials are optional anyway: the cloud rule,
    // credentials required for a new destination but not for an imported one, is in tests/unit/destinationCheck.test.ts.)
  });
});
