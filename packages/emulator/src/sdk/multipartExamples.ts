/**
 * Reads the multipart bodies the SDKs send to the platform's examples routes
 * (`POST`/`PATCH /v1/platform/datasets/{dataset_id}/examples`): one part per
 * example named by its id, holding a JSON object of its fields (`metadata`,
 * `split`, `created_at`, `source_run_id`, `use_source_run_io`, ...), and
 * parts `<id>.inputs`, `<id>.outputs` and `<id>.attachments_operations`
 * holding JSON; `<id>.attachment.<name>` parts are files.
 *
 * The body is parsed by the runtime's own `multipart/form-data` reader (the
 * fetch API's `Response.formData()`), so the emulator needs no parser of its
 * own; the bytes reach it unparsed (`server.ts` reads this media type as a
 * buffer).
 */
import { detailError } from "../errors";

type Json = Record<string, unknown>;

/** The examples of one multipart body, in the order their parts came. */
export interface MultipartExamples {
  /** Each example's fields: its part's JSON object with `id`, and `inputs`, `outputs`, `attachments_operations` from their parts. */
  examples: Json[];
  /** The names of the attachment parts (`<id>.attachment.<name>`), which the emulator does not keep. */
  attachments: string[];
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
  const attachments: string[] = [];
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
      attachments.push(name);
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
