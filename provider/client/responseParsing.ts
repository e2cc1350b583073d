/**
 * Reading what came back to `HttpClient.request` (`http.ts`): response
 * headers ({@link headerString}, {@link safeRequestId}) and the parsing and
 * schema validation of a 2xx body ({@link parseResponse}), whose failures
 * become {@link ResponseValidationError} naming the field ({@link renderPath})
 * with values from the body and the request's secrets redacted.
 */
import type { AxiosResponse } from "axios";
import type { z } from "zod";
import { ResponseValidationError } from "./errors";
import type { ApiResponse, RequestSpec } from "./httpTypes";
import { collectSensitiveStrings, redactText } from "./redact";

/**
 * The header `name` (lower case, as axios gives it) of `headers` as a string:
 * a number is converted, a list gives its first entry; `undefined` when
 * absent or of any other type.
 */
export function headerString(headers: unknown, name: string): string | undefined {
  if (typeof headers !== "object" || headers === null) return undefined;
  const value: unknown = (headers as Record<string, unknown>)[name];
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  if (Array.isArray(value) && typeof value[0] === "string") return value[0];
  return undefined;
}

/**
 * The `x-request-id` (else `request-id`) header of `headers`, when it is 1 to
 * 128 printable ASCII characters without spaces; `undefined` otherwise.
 */
export function safeRequestId(headers: unknown): string | undefined {
  const id = headerString(headers, "x-request-id") ?? headerString(headers, "request-id");
  if (id === undefined || !/^[\x21-\x7e]{1,128}$/.test(id)) return undefined;
  return id;
}

/** Render a zod issue path as `resources[0].latest_revision_id`. */
export function renderPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return "(body)";
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}

/**
 * The {@link ApiResponse} of a 2xx `response` to `spec`: its body parsed as
 * JSON and validated by `spec.schema` (no schema: the body is ignored and
 * `data` is `undefined`).
 *
 * @param requestId the response's request id (see {@link safeRequestId}), kept in the result and errors
 * @param secrets values to mask in error messages, on top of the body's sensitive strings
 * @throws ResponseValidationError when the body is not JSON or does not match `spec.schema`
 *   (the first issue's field and message, with how many more there are).
 */
export function parseResponse(
  spec: RequestSpec & { readonly schema?: z.ZodType },
  response: AxiosResponse<string>,
  requestId: string | undefined,
  secrets: ReadonlySet<string>,
): ApiResponse<unknown> {
  const base = requestId === undefined ? { status: response.status } : { status: response.status, requestId };
  if (spec.schema === undefined) return { ...base, data: undefined };
  const info = { method: spec.method, path: new URL(`${spec.baseUrl}${spec.path}`).pathname, status: response.status, requestId };
  const text = typeof response.data === "string" ? response.data : "";
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new ResponseValidationError(`${spec.action}: unexpected response (${response.status}): the body is not JSON`, { ...info, field: "(body)" });
  }
  const parsed = spec.schema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue === undefined ? "(body)" : renderPath(issue.path);
    const why = issue === undefined ? "invalid" : redactText(issue.message, collectSensitiveStrings(json, new Set(secrets)), 200);
    const more = parsed.error.issues.length > 1 ? ` (and ${parsed.error.issues.length - 1} more)` : "";
    throw new ResponseValidationError(`${spec.action}: unexpected response (${response.status}): field "${field}": ${why}${more}`, { ...info, field });
  }
  return { ...base, data: parsed.data };
}
