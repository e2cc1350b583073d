/**
 * The attachments of examples (files, e.g. an image an example's inputs
 * refer to), as the SDKs upload them in the multipart examples routes
 * (`<id>.attachment.<name>` parts, each with its media type) and read them
 * back: an example's `attachment_urls` maps `attachment.<name>` to
 * `{presigned_url, s3_url, mime_type}`, and the SDKs download each file from
 * its `presigned_url`.
 *
 * - The files are kept in memory, under an id of their own (`s3_url`), not
 *   in `--data-dir`: after a restart an example still lists its attachments
 *   but their URLs answer 404.
 * - `GET /__attachments/{id}` serves a file with its media type, with no
 *   credentials (the URL is what grants it, as a presigned URL does); 404
 *   for an id the emulator does not hold.
 * - A change (`attachments_operations`, `../examples.ts`) renames or
 *   retains attachments by name in `attachment_urls` alone; a file the
 *   change uploads under a name replaces the one of that name.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { detailError } from "../../http/errors";
import type { KindRecord } from "../../core/types";

type Json = Record<string, unknown>;

/** One uploaded file: the part `<exampleId>.attachment.<name>`. */
export interface AttachmentPart {
  exampleId: string;
  name: string;
  /** The part's media type, without the SDKs' `; length=<n>` parameter. */
  mimeType: string;
  data: Buffer;
}

/** Where the files are served from. */
export const ATTACHMENTS_PREFIX = "/__attachments";

/** The files of each emulator, by their id. */
const FILES = new WeakMap<EmulatorContext, Map<string, { mimeType: string; data: Buffer }>>();

function filesOf(ctx: EmulatorContext): Map<string, { mimeType: string; data: Buffer }> {
  let files = FILES.get(ctx);
  if (files === undefined) {
    files = new Map();
    FILES.set(ctx, files);
  }
  return files;
}

/** The emulator's origin as the client reached it (`http://host:port`), for the files' URLs. */
export function originOf(request: FastifyRequest): string {
  return `${request.protocol}://${request.headers.host ?? "127.0.0.1"}`;
}

/** Keeps `parts` and adds them to their examples' `attachment_urls` (a name taken is replaced); `records` are the examples written. */
export function attachFiles(ctx: EmulatorContext, origin: string, records: readonly KindRecord[], parts: readonly AttachmentPart[]): void {
  for (const part of parts) {
    const record = records.find((r) => r.id === part.exampleId.toLowerCase());
    if (record === undefined) throw detailError(422, `attachment ${part.name} of ${part.exampleId}: no such example in the request`);
    const id = randomUUID();
    filesOf(ctx).set(id, { mimeType: part.mimeType, data: part.data });
    const urls = { ...((record.wire["attachment_urls"] as Json | null) ?? {}) };
    urls[`attachment.${part.name}`] = { presigned_url: `${origin}${ATTACHMENTS_PREFIX}/${id}`, s3_url: id, mime_type: part.mimeType };
    record.wire = { ...record.wire, attachment_urls: urls };
  }
  if (parts.length > 0) ctx.store.commit();
}

/** Registers the route that serves the files. */
export function registerAttachmentRoute(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get(`${ATTACHMENTS_PREFIX}/:file_id`, async (request, reply) => {
    const file = filesOf(ctx).get((request.params as Record<string, string>)["file_id"] ?? "");
    if (file === undefined) throw detailError(404, "Attachment not found");
    return reply.type(file.mimeType).send(file.data);
  });
}
