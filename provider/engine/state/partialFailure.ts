/**
 * The one shape of "the service has the resource, but the operation did not
 * finish": the rejection the engine records as an initialization error with
 * the resource's id and outputs, instead of forgetting a resource that exists.
 * The next `pulumi up` calls update on it (the engine always does for a
 * resource with initialization errors), and update resumes.
 *
 * Rule for every resource: once the service has answered a create with an
 * id, every later failure of that create (a GET after the POST, a poll, a
 * wait, a 401 from a rotated key) becomes a {@link PartialFailure}.
 */

/** A create or update whose resource exists on the service but did not reach the state asked for. */
export interface PartialFailure {
  /** What failed, naming the action, the resource and the cause; never a secret. */
  message: string;
  /** The service's id of the resource. */
  id: string;
  /** The outputs to record (the dynamic provider's `__provider` included when there is one). */
  properties: Record<string, unknown>;
  /** The initialization errors the engine records with the resource. */
  reasons: string[];
}

/** Whether `error` is a {@link PartialFailure} (a non-empty id and properties). */
export function isPartialFailure(error: unknown): error is PartialFailure {
  if (typeof error !== "object" || error === null) return false;
  const candidate = error as Partial<PartialFailure>;
  return typeof candidate.id === "string" && candidate.id !== "" && typeof candidate.properties === "object" && candidate.properties !== null;
}

/** The message of any rejection value. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === "object" && error !== null && typeof (error as { message?: unknown }).message === "string")
    return (error as { message: string }).message;
  return String(error);
}

/**
 * A {@link PartialFailure} for the resource `id` with `outputs`.
 *
 * @param raw the inputs as the engine sent them; their `__provider` (dynamic provider) is kept in the properties.
 */
export function partialFailure(id: string, outputs: object, message: string, raw: Record<string, unknown> = {}): PartialFailure {
  const properties: Record<string, unknown> = { ...(outputs as Record<string, unknown>) };
  if (raw["__provider"] !== undefined) properties["__provider"] = raw["__provider"];
  return { message, id, properties, reasons: [message] };
}

/**
 * Runs the steps of an operation that follow the service's acceptance of
 * resource `id`. A failure that is already a {@link PartialFailure} passes
 * through; any other becomes one with the outputs `outputsNow(error)` gives
 * (what is known at the moment of the failure, which the error may carry) and
 * a message ending in `hint`.
 *
 * @param hint what the user does next, e.g. `run pulumi up again to resume waiting`.
 */
export async function keepingResource<T>(
  id: string,
  outputsNow: (error: unknown) => object,
  raw: Record<string, unknown>,
  hint: string,
  steps: () => Promise<T>,
): Promise<T> {
  try {
    return await steps();
  } catch (error) {
    if (isPartialFailure(error)) throw error;
    throw partialFailure(id, outputsNow(error), `${messageOf(error)}; ${id} exists and stays in the stack: ${hint}`, raw);
  }
}
