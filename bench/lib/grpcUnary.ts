/** A unary gRPC call as a promise, for the benches that talk to the plugin as the engine does. */
import type * as grpc from "@grpc/grpc-js";

/** Calls `call` (a bound client method) with `request`; resolves with its response, rejects with its error. */
export function unary<Req, Res>(
  call: (request: Req, callback: (error: grpc.ServiceError | null, response: Res) => void) => unknown,
  request: Req,
): Promise<Res> {
  return new Promise((resolve, reject) => {
    call(request, (error, response) => (error ? reject(error) : resolve(response)));
  });
}
