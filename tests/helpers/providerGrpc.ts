/**
 * The native provider's gRPC service started in the test's process, configured
 * as the engine configures it, and its calls as promises: for tests that send
 * the requests the engine sends (Read by id for `pulumi import`, Configure).
 */
import * as grpc from "@grpc/grpc-js";
import * as providerrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as providerproto from "@pulumi/pulumi/proto/provider_pb";
import { startProviderServer } from "../../provider/native/server";

/** Sends one unary call of `client` and answers its response (rejects with the gRPC error). */
export function callProvider<Req, Res>(
  client: providerrpc.ResourceProviderClient,
  method: (request: Req, callback: (error: grpc.ServiceError | null, response: Res) => void) => unknown,
  request: Req,
): Promise<Res> {
  return new Promise((resolve, reject) => method.call(client, request, (error, response) => (error ? reject(error) : resolve(response))));
}

/** A started, configured provider service and a client of it. */
export interface ConfiguredProvider {
  readonly client: providerrpc.ResourceProviderClient;
  /** Closes the client and shuts the server down. */
  stop(): void;
}

/** Starts the provider's service on a free port of 127.0.0.1 and configures it with `variables` (`langsmith:*` keys). */
export async function startConfiguredProvider(variables: Readonly<Record<string, string>>): Promise<ConfiguredProvider> {
  const started = await startProviderServer("0.0.0-test", undefined);
  const client = new providerrpc.ResourceProviderClient(`127.0.0.1:${started.port}`, grpc.credentials.createInsecure());
  const configure = new providerproto.ConfigureRequest();
  for (const [key, value] of Object.entries(variables)) configure.getVariablesMap().set(key, value);
  await callProvider(client, client.configure, configure);
  return {
    client,
    stop: () => {
      client.close();
      started.server.forceShutdown();
    },
  };
}
