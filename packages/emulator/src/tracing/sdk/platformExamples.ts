/**
 * The platform's examples routes (`/v1/platform/datasets/...`, one of the
 * service's Go components: errors are `{"error": "...", "details": "..."}` and a
 * malformed request is a 400), which the SDKs use when `GET /info` answers
 * `instance_flags.dataset_examples_multipart_enabled` (the JS SDK uses
 * nothing else):
 *
 * - `POST /v1/platform/datasets/{dataset_id}/examples`: creates the examples
 *   of a multipart body (`multipartExamples.ts`) in that dataset; 201
 *   `{as_of, count, example_ids}`; 422 for a dataset the workspace does not
 *   have (the published answers have no 404), 409 for an id taken.
 * - `PATCH /v1/platform/datasets/{dataset_id}/examples`: changes them, each
 *   as `PATCH /api/v1/examples/{id}` would; every example must be in that
 *   dataset (404 otherwise); 201 with the same answer.
 * - `POST /v1/platform/datasets/examples/delete` `{example_ids, hard_delete}`:
 *   deletes the workspace's examples it names (1 to 1000; ids it does not
 *   have are skipped, 404 when it has none of them); 200 `{count,
 *   example_ids}` of those deleted. `hard_delete` must be `true` (422
 *   otherwise: the published document says only that is supported).
 *
 * - `POST /v1/platform/examples/multipart` (the SDKs' deprecated
 *   `upsert_examples_multipart`, sent when `GET /info` answers
 *   `instance_flags.examples_multipart_enabled`): the same parts, each
 *   example's naming its `dataset_id`; an id the workspace has is changed
 *   (as the PATCH above), any other example created in its dataset (404
 *   for a dataset the workspace does not have); 201 `{count, example_ids}`
 *   in the order of the parts.
 *
 * Attachments (`<id>.attachment.<name>` parts) are kept and served as
 * `exampleAttachments.ts` says. `as_of` is the time of the write: the
 * dataset's version it made.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { detailError, HttpError } from "../../http/errors";
import { KINDS } from "../../kinds";
import { EXAMPLES } from "../examples";
import { errorHandlerFor, goStyleError } from "../../kinds/goErrors";
import { kindRecords } from "../../kinds/records";
import { removeWithDependents } from "../../kinds/references";
import { canonicalUuid, isUuid } from "../../http/params";
import { createExamples, examplesCall, updateExamples } from "./exampleWrites";
import { attachFiles, originOf } from "./exampleAttachments";
import { readMultipartExamples } from "./multipartExamples";
import { recordDatasetVersion } from "./versionLog";
import { recordExampleVersion } from "../exampleVersions";

type Json = Record<string, unknown>;

/**
 * The error handler of the platform's examples routes: a Go-style error
 * (`../../kinds/goErrors.ts`) with `details`, the published `ErrorResponse`'s JSON
 * string of details, here `{"reason": "<message>"}`.
 */
export const platformErrorHandler = errorHandlerFor((error) => {
  const go = goStyleError(error);
  return new HttpError(go.statusCode, { ...go.body, details: JSON.stringify({ reason: go.body["error"] }) }, go.headers);
});

/**
 * The dataset the path names, which must be one of the caller's workspace:
 * `missingStatus` otherwise (404 for a change; 422 for a create, whose
 * published answers have no 404).
 */
function datasetOf(ctx: EmulatorContext, request: FastifyRequest, scopeId: string, missingStatus: 404 | 422): string {
  const raw = ((request.params ?? {}) as Record<string, string>)["dataset_id"] ?? "";
  if (!isUuid(raw)) throw detailError(400, `invalid dataset_id: ${raw} is not a UUID`);
  const id = canonicalUuid(raw);
  if (!kindRecords(ctx, "datasets").some((r) => r.id === id && r.scopeId === scopeId)) throw detailError(missingStatus, "dataset not found");
  return id;
}

/** Registers the platform's examples routes. */
export function registerPlatformExampleRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const errorHandler = platformErrorHandler;
  const route = (method: "POST" | "PATCH", url: string, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>): void => {
    app.route({ method, url, handler, errorHandler });
  };
  const examples = "/v1/platform/datasets/:dataset_id/examples";

  route("POST", examples, async (request, reply) => {
    const call = examplesCall(ctx, request, "datasets:update");
    const datasetId = datasetOf(ctx, request, call.scopeId, 422);
    const read = await readMultipartExamples(request.body as Buffer | undefined, request.headers["content-type"]);
    const made = createExamples(
      call,
      read.examples.map((e) => ({ ...e, dataset_id: datasetId })),
    );
    attachFiles(ctx, originOf(request), made, read.attachments);
    return reply.code(201).send({ as_of: call.nowIso, count: made.length, example_ids: made.map((r) => r.id) });
  });

  route("PATCH", examples, async (request, reply) => {
    const call = examplesCall(ctx, request, "datasets:update");
    const datasetId = datasetOf(ctx, request, call.scopeId, 404);
    const read = await readMultipartExamples(request.body as Buffer | undefined, request.headers["content-type"]);
    for (const example of read.examples) {
      const id = String(example["id"]);
      const stored = kindRecords(ctx, EXAMPLES.name).find((r) => isUuid(id) && r.id === canonicalUuid(id) && r.scopeId === call.scopeId);
      if (stored === undefined || stored.wire["dataset_id"] !== datasetId) throw detailError(404, `example ${id} not found in dataset ${datasetId}`);
    }
    const changed = updateExamples(call, read.examples);
    attachFiles(ctx, originOf(request), changed, read.attachments);
    return reply.code(201).send({ as_of: call.nowIso, count: changed.length, example_ids: changed.map((r) => r.id) });
  });

  route("POST", "/v1/platform/examples/multipart", async (request, reply) => {
    const call = examplesCall(ctx, request, "datasets:update");
    const read = await readMultipartExamples(request.body as Buffer | undefined, request.headers["content-type"]);
    const stored = kindRecords(ctx, EXAMPLES.name);
    const known = (example: Json): boolean => {
      const id = String(example["id"]);
      return isUuid(id) && stored.some((r) => r.id === canonicalUuid(id) && r.scopeId === call.scopeId);
    };
    const made = createExamples(
      call,
      read.examples.filter((e) => !known(e)),
    );
    const changed = updateExamples(
      call,
      read.examples.filter((e) => known(e)),
    );
    attachFiles(ctx, originOf(request), [...made, ...changed], read.attachments);
    const ids = new Set([...made, ...changed].map((r) => r.id));
    const exampleIds = read.examples.map((e) => String(e["id"]).toLowerCase()).filter((id) => ids.has(id));
    return reply.code(201).send({ count: exampleIds.length, example_ids: exampleIds });
  });

  route("POST", "/v1/platform/datasets/examples/delete", async (request) => {
    const call = examplesCall(ctx, request, "datasets:update");
    const body = (request.body ?? {}) as Json;
    const ids = body["example_ids"];
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 1000) throw detailError(400, "example_ids: 1 to 1000 example ids");
    if (typeof body["hard_delete"] !== "boolean") throw detailError(400, "hard_delete: required, a boolean");
    if (!body["hard_delete"]) throw detailError(422, "hard_delete: only true is supported (DELETE /api/v1/examples deletes softly)");
    const wanted = new Set(ids.map(String).filter(isUuid).map(canonicalUuid));
    const deleted = kindRecords(ctx, EXAMPLES.name).filter((r) => r.scopeId === call.scopeId && wanted.has(r.id));
    if (deleted.length === 0) throw detailError(404, "none of the examples was found in the workspace");
    for (const record of deleted) {
      removeWithDependents(ctx, KINDS, record);
      recordDatasetVersion(ctx, call.scopeId, record.wire["dataset_id"], record.id, call.nowIso, true);
      recordExampleVersion(ctx, record, call.nowIso, true);
    }
    ctx.store.commit();
    return { count: deleted.length, example_ids: deleted.map((r) => r.id) };
  });
}
