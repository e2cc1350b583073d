/**
 * Reads the multipart bodies the SDKs send to the platform's examples routes
 * (`POST`/`PATCH /v1/platform/datasets/{dataset_id}/examples`): one part per
 * example named by its id, holding a JSON object of its fields (`metadata`,
 * `split`, `created_at`, `source_run_id`, `use_source_run_io`, ...), and
 * parts `<id>.inputs`, `<id>.outputs` and `<id>.attachments_operations`
 * holding JSON; `<id>.attachment.<name>` parts are files (`exampleAttachments.ts`).
 *
 * The body is parsed by the runtime's own `multipart/form-data` reader (the
 * fetch API's `Response.formData()`), so the emulator needs no parser of its
 * own; the bytes reach it unparsed (`../../server/server.ts` reads this media type as a
 * buffer).
 */
import { detailError } from "../../http/errors";
import type { AttachmentPart } from "./exampleAttachments";

type Json = Record<string, unknown>;

/** The examples of one multipart body, in the order their parts came. */
export interface MultipartExamples {
  /** Each example's fields: its part's JSON object with `id`, and `inputs`, `outputs`, `attachments_operations` from their parts. */
  examples: Json[];
  /** The files of the attachment parts (`<id>.attachment.<name>`). */
  attachments: AttachmentPart[];
}

/** The fields a suffixed part sets. */
const FIELD_PARTS: Readonly<Record<string, string>> = { inputs: "inputs", outputs: "outputs", attachments_operations: "attachments_operations" };

async function partText(value: string | Blob): Promise<string> {
  return typeof value === "string" ? value : value.text();
}

function parseJsonPart(name: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw detailError(422, `part ${name} is not JSON`);
  }
}

/**
 * The raw bytes and media type of each part, by name: the fetch API's reader
 * gives a part without a file name (how the SDKs send a file) as text, which
 * would garble a binary file.
 */
function rawParts(body: Buffer, contentType: string): Map<string, { type: string; data: Buffer }> {
  const parts = new Map<string, { type: string; data: Buffer }>();
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (boundary === null) return parts;
  const delimiter = Buffer.from(`--${boundary[1] ?? boundary[2] ?? ""}`);
  for (let start = body.indexOf(delimiter), next = -1; start >= 0; start = next) {
    next = body.indexOf(delimiter, start + delimiter.length);
    if (next < 0) break;
    const part = body.subarray(start + delimiter.length, next);
    const headerEnd = part.indexOf("\r\n\r\n");
    if (headerEnd < 0) continue;
    const headers = part.subarray(0, headerEnd).toString("utf8");
    const name = /;\s*name="([^"]*)"/i.exec(headers)?.[1];
    const data = part.subarray(headerEnd + 4, part.length - (part.subarray(-2).toString() === "\r\n" ? 2 : 0));
    if (name !== undefined) parts.set(name, { type: /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1] ?? "", data: Buffer.from(data) });
  }
  return parts;
}

/**
 * Reads a multipart body (`contentType` with its boundary) into the examples
 * it describes; 422 for a body that is not multipart, a part that is not JSON,
 * or a field part whose example has no part of its own.
 */
export async function readMultipartExamples(body: Buffer | undefined, contentType: string | undefined): Promise<MultipartExamples> {
  if (body === undefined || contentType === undefined || !contentType.toLowerCase().startsWith("multipart/form-data")) {
    throw detailError(422, "the body must be multipart/form-data: one part per example, named by its id");
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
  } catch {
    throw detailError(422, "the multipart/form-data body could not be read");
  }
  const examples = new Map<string, Json>();
  const fieldParts: [string, string, unknown][] = [];
  const attachments: AttachmentPart[] = [];
  let files: Map<string, { type: string; data: Buffer }> | undefined;
  for (const [name, value] of form) {
    const dot = name.indexOf(".");
    if (dot < 0) {
      const fields = parseJsonPart(name, await partText(value));
      if (fields === null || typeof fields !== "object" || Array.isArray(fields)) throw detailError(422, `part ${name} must be a JSON object`);
      examples.set(name, { ...(fields as Json), id: name });
      continue;
    }
    const id = name.slice(0, dot);
    const suffix = name.slice(dot + 1);
    if (suffix.startsWith("attachment.") || suffix.startsWith("attachments.")) {
      const raw = (files ??= rawParts(body, contentType)).get(name);
      const data = raw?.data ?? (typeof value === "string" ? Buffer.from(value) : Buffer.from(await value.arrayBuffer()));
      const mimeType = (raw?.type ?? "").split(";")[0]?.trim() || "application/octet-stream";
      attachments.push({ exampleId: id, name: suffix.slice(suffix.indexOf(".") + 1), mimeType, data });
      continue;
    }
    const field = FIELD_PARTS[suffix];
    if (field === undefined) throw detailError(422, `part ${name}: unknown part ${suffix} (inputs, outputs, attachments_operations or attachment.<name>)`);
    fieldParts.push([id, field, parseJsonPart(name, await partText(value))]);
  }
  for (const [id, field, value] of fieldParts) {
    const example = examples.get(id);
    if (example === undefined) throw detailError(422, `part ${id}.${field} has no part ${id} with the example's fields`);
    example[field] = value;
  }
  return { examples: [...examples.values()], attachments };
}
