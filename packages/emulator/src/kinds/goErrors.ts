/**
 * How the kinds served by the service's Go components (`errors: "go"`:
 * `/commits`, `/v1/platform/...`) read requests and answer errors: a field
 * sent as `null` reads as absent, a malformed request is a 400, and every
 * error body is `{"error": "..."}` (`{"detail": {"error", "message"}}` for
 * the sandboxes service, `errors: "goDetail"`).
 */
import { randomUUID } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { HttpError, toHttpError, ValidationFailure } from "../http/errors";

/**
 * An error as the Go services answer it: a malformed request (FastAPI's 422)
 * is a 400, and every body is `{"error": "<message>"}`.
 */
export function goStyleError(error: unknown): HttpError {
  const http = toHttpError(error);
  if (http instanceof ValidationFailure) {
    const first = http.errors[0];
    const where = first === undefined ? "request" : first.loc.join(".");
    return new HttpError(400, { error: `invalid request: ${where}: ${first?.msg ?? "malformed"}` }, http.headers);
  }
  const detail = http.body["detail"];
  const message = typeof detail === "string" ? detail : typeof http.body["error"] === "string" ? http.body["error"] : `HTTP ${http.statusCode}`;
  return new HttpError(http.statusCode, { error: message }, http.headers);
}

/** A JSON body as Go decodes it into its structs: a field (at any depth) sent as `null` reads as absent. */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== null)
      .map(([k, v]) => [k, withoutNulls(v)]),
  );
}

/** The short error code of a status, as the sandboxes service names its errors. */
const ERROR_CODES: Readonly<Record<number, string>> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  422: "unprocessable",
  500: "internal",
};

/**
 * An error as the Go services with a detail object answer it (`errors:
 * "goDetail"`, the sandboxes service): as {@link goStyleError}, with the body
 * `{"detail": {"error": "<code>", "error_id": "<id of this error>", "message": "<message>"}}`.
 */
export function goDetailStyleError(error: unknown): HttpError {
  const go = goStyleError(error);
  return new HttpError(
    go.statusCode,
    { detail: { error: ERROR_CODES[go.statusCode] ?? "error", error_id: randomUUID(), message: String(go.body["error"]) } },
    go.headers,
  );
}

/** HTTP reason phrases of the statuses the platform's Go services answer. */
const TITLES: Readonly<Record<number, string>> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  422: "Unprocessable Entity",
  500: "Internal Server Error",
};

/**
 * An error as the platform's Go services with RFC 9457 problem details
 * answer it (`errors: "problem"`, access policies): as {@link goStyleError},
 * with the body `{"type", "title", "status", "detail", "instance", "remedy"}`.
 */
export function problemStyleError(error: unknown, path: string): HttpError {
  const go = goStyleError(error);
  const title = TITLES[go.statusCode] ?? "Error";
  return new HttpError(
    go.statusCode,
    { type: "about:blank", title, status: go.statusCode, detail: String(go.body["error"]), instance: path, remedy: "" },
    go.headers,
  );
}

/** How each Go-style service answers a refused request, as an `HttpError` of the error and the request's path. */
const GO_ERROR_STYLES = {
  go: (error: unknown) => goStyleError(error),
  goDetail: (error: unknown) => goDetailStyleError(error),
  problem: problemStyleError,
} as const satisfies Record<string, (error: unknown, path: string) => HttpError>;

/** The error styles of the Go services (see {@link GO_ERROR_STYLES}). */
export type GoErrorStyle = keyof typeof GO_ERROR_STYLES;

/** A route's error handler answering in `style`, logging a 500. */
export function goErrorHandler(style: GoErrorStyle): (error: unknown, request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const toError = GO_ERROR_STYLES[style];
  return errorHandlerFor((error, request) => toError(error, request.url.split("?")[0] ?? request.url));
}

/** A route's error handler answering the `HttpError` that `toError` makes of an error, logging a 500. */
export function errorHandlerFor(
  toError: (error: unknown, request: FastifyRequest) => HttpError,
): (error: unknown, request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  return async (error, request, reply) => {
    const httpError = toError(error, request);
    if (httpError.statusCode === 500) request.log.error({ err: error }, "unhandled error");
    await reply.code(httpError.statusCode).headers(httpError.headers).send(httpError.body);
  };
}
