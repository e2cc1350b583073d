import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/** One FastAPI/pydantic `ValidationError` entry of an `HTTPValidationError`. */
export interface FastApiValidationError {
  loc: (string | number)[];
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

/** An error answered with a given status, JSON body and optional headers. */
export class HttpError extends Error {
  /**
   * @param statusCode HTTP status to answer.
   * @param body JSON body to answer.
   * @param headers extra response headers.
   */
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body["detail"] === "string" ? body["detail"] : `HTTP ${statusCode}`);
    this.name = "HttpError";
  }
}

/** An `HttpError` with the service's usual `{"detail": "..."}` body. */
export function detailError(statusCode: number, detail: string, headers?: Record<string, string>): HttpError {
  return new HttpError(statusCode, { detail }, headers);
}

/** A 422 answered as a FastAPI `HTTPValidationError` (`{"detail": [...]}`). */
export class ValidationFailure extends HttpError {
  /** @param errors the pydantic-style error entries. */
  constructor(readonly errors: FastApiValidationError[]) {
    super(422, { detail: errors });
    this.name = "ValidationFailure";
  }
}

/** Whether an error is one of Fastify's own (it has a `FST_ERR_*` code). */
export function isFastifyError(error: unknown): error is FastifyError {
  return error instanceof Error && typeof (error as Partial<FastifyError>).code === "string";
}

/**
 * Converts any error into the status and body the emulator answers: `HttpError`
 * as is; fastify's body-parsing errors as the 422 FastAPI would give; anything
 * else as 500 `{"detail": "Internal Server Error"}`.
 */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (isFastifyError(error)) {
    switch (error.code) {
      case "FST_ERR_CTP_EMPTY_JSON_BODY":
        return new ValidationFailure([{ type: "missing", loc: ["body"], msg: "Field required", input: null }]);
      case "FST_ERR_CTP_INVALID_JSON_BODY":
      case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
        return new ValidationFailure([{ type: "json_invalid", loc: ["body", 0], msg: "JSON decode error", input: {}, ctx: { error: "Expecting value" } }]);
      case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
        return new ValidationFailure([
          {
            type: "model_attributes_type",
            loc: ["body"],
            msg: "Input should be a valid dictionary or object to extract fields from",
            input: null,
          },
        ]);
      case "FST_ERR_CTP_BODY_TOO_LARGE":
        return detailError(413, "Request body too large");
      default:
        break;
    }
    if (error instanceof SyntaxError || (error.statusCode === 400 && error.code.startsWith("FST_ERR_CTP"))) {
      return new ValidationFailure([{ type: "json_invalid", loc: ["body", 0], msg: "JSON decode error", input: {}, ctx: { error: "Expecting value" } }]);
    }
  }
  if (error instanceof SyntaxError) {
    return new ValidationFailure([{ type: "json_invalid", loc: ["body", 0], msg: "JSON decode error", input: {}, ctx: { error: "Expecting value" } }]);
  }
  return detailError(500, "Internal Server Error");
}

/** The emulator's single fastify error handler. */
export async function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const httpError = toHttpError(error);
  if (httpError.statusCode === 500) request.log.error({ err: error }, "unhandled error");
  await reply.code(httpError.statusCode).headers(httpError.headers).send(httpError.body);
}
