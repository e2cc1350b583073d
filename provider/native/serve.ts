/**
 * The plugin's gRPC server, which answers before the provider is loaded.
 *
 * The engine starts the plugin, reads the port from its first line of
 * stdout, and asks `GetPluginInfo` first. Loading the provider (its field
 * tables, the generated wire schemas, zod, the HTTP client: most of the start
 * time) is deferred to the first call that needs it, so the plugin prints its
 * port and answers that first call after loading only gRPC and the protocol
 * bindings. `bench/pluginStart.ts` measures it.
 */
import * as grpc from "@grpc/grpc-js";
import * as pluginproto from "@pulumi/pulumi/proto/plugin_pb";
import * as providerrpc from "@pulumi/pulumi/proto/provider_grpc_pb";

/** Handlers keyed as `ResourceProviderService` expects. */
export type ProviderHandlers = grpc.UntypedServiceImplementation;

/** The engine's address among the plugin's arguments: the first one that is not a flag (e.g. after `--logtostderr`, `-v=9`). */
export function engineAddressOf(args: readonly string[]): string | undefined {
  return args.find((arg) => !arg.startsWith("-"));
}

/**
 * Handlers that answer `GetPluginInfo` with `version` at once and hand every
 * other call to the handlers `load` resolves, called once, on the first such
 * call (a failure to load is that call's error, and the next call tries again).
 */
export function deferredHandlers(version: string, load: () => Promise<ProviderHandlers>): ProviderHandlers {
  let loading: Promise<ProviderHandlers> | undefined;
  const loaded = (): Promise<ProviderHandlers> => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  const handlers: ProviderHandlers = {};
  for (const name of Object.keys(providerrpc.ResourceProviderService)) {
    handlers[name] = (call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<unknown>) => {
      loaded().then(
        (full) => (full[name] as grpc.handleUnaryCall<unknown, unknown>)(call, callback),
        (error: unknown) =>
          callback({ code: grpc.status.INTERNAL, details: `langsmith provider: cannot load: ${error instanceof Error ? error.message : String(error)}` }),
      );
    };
  }
  handlers["getPluginInfo"] = (_call: grpc.ServerUnaryCall<unknown, unknown>, callback: grpc.sendUnaryData<pluginproto.PluginInfo>) => {
    callback(null, new pluginproto.PluginInfo().setVersion(version));
  };
  return handlers;
}

/**
 * Starts a `ResourceProvider` gRPC server on 127.0.0.1 (a free port) with
 * `handlers`; returns the port, which the plugin prints for the engine.
 */
export async function serveProvider(handlers: ProviderHandlers): Promise<{ port: number; server: grpc.Server }> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  server.addService(providerrpc.ResourceProviderService, handlers);
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound)));
  });
  return { port, server };
}
