/**
 * The platform's examples routes (`/v1/platform/datasets/...`, one of the
 * service's Go components: errors are `{"error": "..."}` and a malformed
 * request is a 400), which the SDKs use when `GET /info` answers
 * `instance_flags.dataset_examples_multipart_enabled` (the JS SDK uses
 * nothing else):
 *
 * - `POST /v1/platform/datasets/{dataset_id}/examples`: creates the examples
 *   of a multipart body (`multipartExamples.ts`) in that dataset; 201
 *   `{as_of, count, example_ids}`.
 * - `PATCH /v1/platform/datasets/{dataset_id}/examples`: changes them, each
 *   as `PATCH /api/v1/examples/{id}` would; every example must be in that
 *   dataset (404 otherwise); 201 with the same answer.
 * - `POST /v1/platform/datasets/examples/delete` `{example_ids, hard_delete}`:
 *   deletes the workspace's examples it names (1 to 1000; ids it does not
 *   have are skipped); 200 `{count, example_ids}` of those deleted.
 *
 * What the emulator does not do: attachments (`<id>.attachment.<name>`
 * parts) are refused with 400, as the emulator keeps no files; a dataset
 * has no versions, so `as_of` is the time of the write.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../context";
import { detailError } from "../errors";
import { KINDS } from "../kinds";
import { EXAMPLES } from "../kinds/examples";
import { goErrorHandler } from "../kinds/goErrors";
import { kindRecords } from "../kinds/records";
import { removeWithDependents } from "../kinds/references";
import { canonicalUuid, isUuid } from "../params";
import { createExamples, examplesCall, updateExamples } from "./exampleWrites";
import { readMultipartExamples } from "./multipartExamples";
import { recordDatasetVersion } from "./versionLog";

type Json = Record<string, unknown>;

/** The dataset the path names, which must be one of the caller's workspace (404 otherwise). */
function datasetOf(ctx: EmulatorContext, request: FastifyRequest, scopeId: string): string {
  const raw = ((request.params ?? {}) as Record<string, string>)["dataset_id"] ?? "";
  if (!isUuid(raw)) throw detailError(400, `invalid dataset_id: ${raw} is not a UUID`);
  const id = canonicalUuid(raw);
  if (!kindRecords(ctx, "datasets").some((r) => r.id === id && r.scopeId === scopeId)) throw detailError(404, "dataset not found");
  return id;
}

/** Registers the platform's examples routes. */
export function registerPlatformExampleRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const errorHandler = goErrorHandler("go");
  const route = (method: "POST" | "PATCH", url: string, handler: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>): void => {
    app.route({ method, url, handler, errorHandler });
  };
  const examples = "/v1/platform/datasets/:dataset_id/examples";

  route("POST", examples, async (request, reply) => {
    const call = examplesCall(ctx, request, "datasets:update");
    const datasetId = datasetOf(ctx, request, call.scopeId);
    const read = await readMultipartExamples(request.body as Buffer | undefined, request.headers["content-type"]);
    if (read.attachments.length > 0) throw detailError(400, `attachments are not emulated: ${read.attachments.join(", ")}`);
    const made = createExamples(
      call,
      read.examples.map((e) => ({ ...e, dataset_id: datasetId })),
    );
    return reply.code(201).send({ as_of: call.nowIso, count: made.length, example_ids: made.map((r) => r.id) });
  });

  route("PATCH", examples, async (request, reply) => {
    const call = examplesCall(ctx, request, "datasets:update");
    const datasetId = datasetOf(ctx, request, call.scopeId);
    const read = await readMultipartExamples(request.body as Buffer | undefined, request.headers["content-type"]);
    if (read.attachments.length > 0) throw detailError(400, `attachments are not emulated: ${read.attachments.join(", ")}`);
    for (const example of read.examples) {
      const id = String(example["id"]);
      const stored = kindRecords(ctx, EXAMPLES.name).find((r) => isUuid(id) && r.id === canonicalUuid(id) && r.scopeId === call.scopeId);
      if (stored === undefined || stored.wire["dataset_id"] !== datasetId) throw detailError(404, `example ${id} not found in dataset ${datasetId}`);
    }
    const changed = updateExamples(call, read.examples);
    return reply.code(201).send({ as_of: call.nowIso, count: changed.length, example_ids: changed.map((r) => r.id) });
  });

  route("POST", "/v1/platform/datasets/examples/delete", async (request) => {
    const call = examplesCall(ctx, request, "datasets:update");
    const body = (request.body ?? {}) as Json;
    const ids = body["example_ids"];
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > 1000) throw detailError(400, "example_ids: 1 to 1000 example ids");
    if (typeof body["hard_delete"] !== "boolean") throw detailError(400, "hard_delete: required, a boolean");
    const wanted = new Set(ids.map(String).filter(isUuid).map(canonicalUuid));
    const deleted = kindRecords(ctx, EXAMPLES.name).filter((r) => r.scopeId === call.scopeId && wanted.has(r.id));
    for (const record of deleted) {
      removeWithDependents(ctx, KINDS, record);
      recordDatasetVersion(ctx, call.scopeId, record.wire["dataset_id"], record.id, call.nowIso);
    }
    ctx.store.commit();
    return { count: deleted.length, example_ids: deleted.map((r) => r.id) };
  });
}
