/**
 * Wire shapes of error bodies. The service answers errors as FastAPI does:
 * `{"detail": "<message>"}`, a 422 `HTTPValidationError` whose `detail` is a
 * list of `{loc, msg, type, input, ctx}` (or sometimes a plain string), and the
 * REST API also answers some 403s as `{"error": "<code>"}`; the sandboxes
 * service answers `{"detail": {"error": "<code>", "message": "..."}}`.
 */
import { z } from "zod";
import { zValidationError } from "./wire/controlPlane.responses";

/** One entry of a 422 `HTTPValidationError.detail` list (the contract's `ValidationError`; `input` and `ctx` are kept but never rendered). */
export const ValidationErrorItemSchema = zValidationError;
/** One entry of a 422 `HTTPValidationError.detail` list. */
export type ValidationErrorItem = z.infer<typeof ValidationErrorItemSchema>;

/**
 * Any error body the service is known to send; every field optional, unknown
 * fields kept. Written here, not generated: the contract declares only the
 * 422 list, not the string `detail`, the `error` code or `message` other
 * statuses carry.
 */
export const ErrorBodySchema = z.looseObject({
  /** A string, the 422 list, or (the sandboxes service) `{error: "<code>", message, error_id}`. */
  detail: z.union([z.string(), z.array(ValidationErrorItemSchema), z.looseObject({ error: z.string().optional(), message: z.string().optional() })]).optional(),
  error: z.string().optional(),
  message: z.string().optional(),
});
/** Any error body the service is known to send. */
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
