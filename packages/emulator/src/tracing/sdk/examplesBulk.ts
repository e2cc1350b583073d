/**
 * Examples in bulk over JSON (`/api/v1/examples/bulk`), what the Python SDK
 * uses when `GET /info` does not answer
 * `instance_flags.dataset_examples_multipart_enabled`:
 *
 * - `POST`: a list of `ExampleBulkCreate` (each with its `dataset_id`),
 *   created as `POST /api/v1/examples` creates one; answers the examples.
 *   Nothing is written unless every item can be (400 naming each problem
 *   of a body it cannot read, located at its index, as the single-example
 *   route reads its body itself; 404 for a dataset the workspace does not
 *   have; 409 for an id taken).
 * - `PATCH`: a list of `ExampleUpdateWithID`, each changed as
 *   `PATCH /api/v1/examples/{id}` changes one (404 for an id the workspace
 *   does not have). The published document declares no answer; the emulator
 *   answers `{"message": "<n> examples updated", "count", "example_ids"}`,
 *   the fields the SDK makes of the multipart route's answer.
 * - Permissions: `datasets:update`.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { detailError, ValidationFailure } from "../../http/errors";
import { createExamples, examplesCall, listBody, renderExamples, updateExamples } from "./exampleWrites";

/** Registers `POST` and `PATCH /api/v1/examples/bulk`. */
export function registerExamplesBulkRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post("/api/v1/examples/bulk", async (request) => {
    const call = examplesCall(ctx, request, "datasets:update");
    try {
      return renderExamples(call, createExamples(call, listBody(request.body)));
    } catch (error) {
      // As the single-example create, the route reads its body itself (its operation declares no 422).
      if (!(error instanceof ValidationFailure)) throw error;
      throw detailError(400, `Invalid request body: ${error.errors.map((e) => `${e.loc.slice(1).join(".") || "body"}: ${e.msg}`).join("; ")}`);
    }
  });

  app.patch("/api/v1/examples/bulk", async (request) => {
    const call = examplesCall(ctx, request, "datasets:update");
    const changed = updateExamples(call, listBody(request.body));
    return { message: `${changed.length} examples updated`, count: changed.length, example_ids: changed.map((r) => r.id) };
  });
}
