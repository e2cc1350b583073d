/**
 * Wire shapes of error bodies. The service answers errors as FastAPI does:
 * `{"detail": "<message>"}`, a 422 `HTTPValidationError` whose `detail` is a
 * list of `{loc, msg, type, input, ctx}` (or sometimes a plain string), and the
 * REST API also answers some 403s as `{"error": "<code>"}`.
 */
import { z } from "zod";

/** One entry of a 422 `HTTPValidationError.detail` list. `input` and `ctx` are accepted but never rendered. */
export const ValidationErrorItemSchema = z.looseObject({
  loc: z.array(z.union([z.string(), z.number()])),
  msg: z.string(),
  type: z.string(),
  input: z.unknown().optional(),
  ctx: z.unknown().optional(),
});
/** One entry of a 422 `HTTPValidationError.detail` list. */
export type ValidationErrorItem = z.infer<typeof ValidationErrorItemSchema>;

/** Any error body the service is known to send; every field optional, unknown fields kept. */
export const ErrorBodySchema = z.looseObject({
  detail: z.union([z.string(), z.array(ValidationErrorItemSchema)]).optional(),
  error: z.string().optional(),
  message: z.string().optional(),
});
/** Any error body the service is known to send. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
