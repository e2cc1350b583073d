/**
 * Objects the service builds asynchronously (a data plane provisioned in an
 * AWS account): the statuses a declaration names ({@link StatusLifecycle})
 * and the waits the generic path runs through them. A create and an update
 * end when the object is ready; an update and a delete first wait out work
 * in progress (the service refuses writes meanwhile); a delete ends when the
 * object is gone. Each wait polls the object's GET with a progress line at
 * every status change, until its deadline (the resource's `customTimeouts`,
 * else the lifecycle's default) or the operation's cancellation.
 */
import type { LangSmithClient } from "../../client";
import { AbortedError, isTransientError, ObjectStatusError, WaitTimeoutError } from "../../client/errors";
import { sleepOrAbort } from "../../client/pollSchedule";
import { systemClock } from "../../client/clock";
import { type OperationContext, waitTimeoutSeconds } from "../context/operation";
import { formatDuration, logProgress } from "../context/progress";
import { getPath } from "../fields/paths";
import type { Properties } from "../resource";
import { fetchOne } from "./lookup";
import type { StatusLifecycle } from "./declaration";
import { nameOf, type PreparedKind } from "./prepare";

export type { StatusLifecycle } from "./declaration";

/** What a wait is for: the object ready (after a create or an update), out of work in progress (before a write), or gone. */
export type WaitGoal = "ready" | "idle" | "gone";

/** One wait of an operation on one object. */
export interface StatusWait {
  readonly kind: PreparedKind;
  readonly lifecycle: StatusLifecycle;
  readonly context: OperationContext;
  readonly client: LangSmithClient;
  /** The object's id. */
  readonly id: string;
  /** Its inputs or outputs (for the parent ids of its path). */
  readonly props: Properties;
  /** Its name in messages. */
  readonly name: string;
  /** The operation whose deadline applies. */
  readonly operation: "create" | "update" | "delete";
}

/** A wait of an operation on the object through the kind's lifecycle; `undefined` for a kind without one. */
export function lifecycleWait(
  kind: PreparedKind,
  context: OperationContext,
  client: LangSmithClient,
  id: string,
  props: Properties,
  operation: StatusWait["operation"],
): StatusWait | undefined {
  const lifecycle = kind.spec.lifecycle;
  return lifecycle === undefined ? undefined : { kind, lifecycle, context, client, id, props, name: nameOf(kind, props, id), operation };
}

/** The object's status in an answer (`undefined` when the answer has none). */
export function statusIn(lifecycle: StatusLifecycle, wire: unknown): string | undefined {
  const status = getPath(wire, lifecycle.status);
  return typeof status === "string" ? status : undefined;
}

/** The service's explanation of the object's status in an answer (`undefined` when the lifecycle names none or the answer has none). */
export function messageIn(lifecycle: StatusLifecycle, wire: unknown): string | undefined {
  const message = lifecycle.message === undefined ? undefined : getPath(wire, lifecycle.message);
  return typeof message === "string" && message.trim() !== "" ? message.trim() : undefined;
}

/** Whether the goal is reached by this status (`undefined`: the object is gone). */
function reached(lifecycle: StatusLifecycle, goal: WaitGoal, status: string | undefined): boolean {
  const gone = status === undefined || (lifecycle.gone ?? []).includes(status);
  if (goal === "gone") return gone;
  if (goal === "ready") return !gone && lifecycle.ready.includes(status);
  return gone || !lifecycle.busy.includes(status);
}

/** Whether the wait for the goal goes on through this status. */
function onTheWay(lifecycle: StatusLifecycle, goal: WaitGoal, status: string): boolean {
  if (goal === "gone") return lifecycle.deleting.includes(status) || lifecycle.busy.includes(status);
  return lifecycle.busy.includes(status);
}

/**
 * Polls the object until the goal is reached; answers its last answer
 * (`undefined` once it is gone).
 *
 * @throws ObjectStatusError when it reaches a status off the way to the goal (e.g. `provisioning_failed`), or vanishes while it should become ready.
 * @throws WaitTimeoutError past the deadline; AbortedError when the operation is cancelled.
 */
export async function waitForStatus(wait: StatusWait, goal: WaitGoal, first?: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
  const { kind, lifecycle, context, name } = wait;
  const timeoutMs = waitTimeoutSeconds(context, lifecycle.timeoutSeconds[wait.operation]) * 1000;
  const intervalMs = context.settings.pollIntervalsMs.minIntervalMs ?? lifecycle.pollIntervalMs;
  const startedMs = systemClock.now();
  const what = goal === "ready" ? `to be ${lifecycle.ready.join(" or ")}` : goal === "gone" ? "to be deleted" : "to finish its work in progress";
  let current = first ?? (await fetchOne(kind, wait.client, wait.id, wait.props, name));
  let last: string | undefined;
  for (;;) {
    const status = current === undefined ? undefined : statusIn(lifecycle, current);
    if (status !== last && status !== undefined) logProgress(context, kind.spec.kind, name, `${status} (${formatDuration(systemClock.now() - startedMs)})`);
    last = status ?? last;
    if (reached(lifecycle, goal, current === undefined ? undefined : status)) return current;
    if (current === undefined || status === undefined || !onTheWay(lifecycle, goal, status)) {
      const seen = current === undefined ? "gone" : (status ?? "without a status");
      const explained = current === undefined ? undefined : messageIn(lifecycle, current);
      throw new ObjectStatusError(`waiting for ${kind.spec.kind} "${name}" ${what}: it is ${seen}${explained === undefined ? "" : ` (${explained})`}`, {
        objectStatus: current === undefined ? "gone" : (status ?? "unknown"),
        ...(current === undefined ? {} : { lastAnswer: current }),
      });
    }
    const elapsedMs = systemClock.now() - startedMs;
    if (elapsedMs >= timeoutMs) {
      throw new WaitTimeoutError(
        `waiting for ${kind.spec.kind} "${name}" ${what}: still ${status} after ${formatDuration(elapsedMs)}; run pulumi up again to resume waiting`,
        { lastStatus: status, waitTimeoutMs: timeoutMs },
      );
    }
    await sleepOrAbort(systemClock, Math.min(intervalMs, timeoutMs - elapsedMs), context.signal, `${kind.spec.kind} "${name}"`);
    current = await readThroughTrouble(wait, current);
  }
}

/** The object's next answer; a transient failure of the read keeps the last one (the next poll reads again). */
async function readThroughTrouble(wait: StatusWait, last: Record<string, unknown>): Promise<Record<string, unknown> | undefined> {
  try {
    return await fetchOne(wait.kind, wait.client, wait.id, wait.props, wait.name);
  } catch (error) {
    if (error instanceof AbortedError || !isTransientError(error)) throw error;
    return last;
  }
}

/** Whether a delete may be sent to an object in this status. */
export function deletable(lifecycle: StatusLifecycle, status: string | undefined): boolean {
  return status !== undefined && (lifecycle.ready.includes(status) || (lifecycle.deletableToo ?? []).includes(status));
}
