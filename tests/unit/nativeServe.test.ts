/**
 * The plugin's server answers before the provider is loaded (provider/native/serve.ts):
 * GetPluginInfo without loading it, every other call through it, loaded once;
 * a failed load is that call's error and the next call tries again. Real gRPC on 127.0.0.1.
 */
import * as grpc from "@grpc/grpc-js";
import * as emptyproto from "google-protobuf/google/protobuf/empty_pb";
import * as pluginproto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerproto from "@pulumi/pulumi/proto/provider_pb";
import { deferredHandlers, type ProviderHandlers, serveProvider } from "../../provider/native/serve";
import { providerHandlers } from "../../provider/native/server";

function unary<Req, Res>(call: (request: Req, callback: (error: grpc.ServiceError | null, response: Res) => void) => unknown, request: Req): Promise<Res> {
  return new Promise((resolve, reject) => call(request, (error, response) => (error ? reject(error) : resolve(response))));
}

describe("the plugin's server before the provider is loaded", () => {
  let server: grpc.Server;
  let client: providerrpc.ResourceProviderClient;
  let loads = 0;
  let failNext = false;

  beforeAll(async () => {
    const load = async (): Promise<ProviderHandlers> => {
      loads += 1;
      if (failNext) {
        failNext = false;
        throw new Error("disk on fire");
      }
      return providerHandlers("9.9.9", undefined);
    };
    const started = await serveProvider(deferredHandlers("9.9.9", load));
    server = started.server;
    client = new providerrpc.ResourceProviderClient(`127.0.0.1:${started.port}`, grpc.credentials.createInsecure());
  });

  afterAll(() => {
    client?.close();
    server?.forceShutdown();
  });

  it("answers GetPluginInfo without loading the provider", async () => {
    const info = (await unary(client.getPluginInfo.bind(client), new emptyproto.Empty())) as pluginproto.PluginInfo;
    expect(info.getVersion()).toBe("9.9.9");
    expect(loads).toBe(0);
  });

  it("loads the provider on the first call that needs it, once; a failed load is that call's error, the next call loads again", async () => {
    failNext = true;
    await expect(unary(client.getSchema.bind(client), new providerproto.GetSchemaRequest())).rejects.toMatchObject({
      code: grpc.status.INTERNAL,
      details: "langsmith provider: cannot load: disk on fire",
    });
    expect(loads).toBe(1);
    const schema = (await unary(client.getSchema.bind(client), new providerproto.GetSchemaRequest())) as providerproto.GetSchemaResponse;
    expect(JSON.parse(schema.getSchema())).toMatchObject({ name: "langsmith", version: "9.9.9" });
    await unary(client.getSchema.bind(client), new providerproto.GetSchemaRequest());
    expect(loads).toBe(2);
  });
});
