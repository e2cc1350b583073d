/**
 * A create whose answer is lost: the connection failed after the request was
 * sent, so the service may have committed it. The engine's one rule, for
 * every kind with a way to find the object again (its natural key): look it
 * up before sending the create again, so one create never makes two objects.
 */
import { ApiConnectionError } from "../../client/errors";

/** How {@link createOnce} ended: `created` by the first request, `found` after its answer was lost, or created by a `second` request. */
export type CreateOutcome = "created" | "found" | "second";

/** What a create made or found, and how. */
export interface CreateOnceResult<T> {
  readonly created: T;
  readonly outcome: CreateOutcome;
}

/**
 * Sends the create (`post`) once. When its answer is lost, `lookUp` (the
 * object by its natural key; absent for a kind that has none) says whether
 * the service has it: the object found is the one created; only when there
 * is none is the create sent again. Without `lookUp` the error stands.
 *
 * @param lost called once when the answer was lost, before the look-up (a progress line).
 */
export async function createOnce<T>(
  post: () => Promise<T>,
  lookUp: (() => Promise<T | undefined>) | undefined,
  lost: () => void,
): Promise<CreateOnceResult<T>> {
  try {
    return { created: await post(), outcome: "created" };
  } catch (error) {
    if (!(error instanceof ApiConnectionError) || lookUp === undefined) throw error;
    lost();
    const existing = await lookUp();
    if (existing !== undefined) return { created: existing, outcome: "found" };
    return { created: await post(), outcome: "second" };
  }
}
