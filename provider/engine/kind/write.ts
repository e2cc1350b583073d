/**
 * The engine's update and delete of a declared kind: one PATCH (or PUT) of
 * the changed in-place fields, then the kind's `afterWrite` (an update's
 * request and what follows it wrapped by the kind's {@link UpdateHooks}); a
 * delete whose 404 means done, or, where the service cannot delete, a
 * warning naming what stays.
 */
import type { LangSmithClient } from "../../client";
import { NotFoundError, ObjectStatusError } from "../../client/errors";
import type { OperationContext } from "../context/operation";
import { logProgress, warnProgress } from "../context/progress";
import { readInputs, toUpdateBody } from "../fields/fields";
import { getPath, isRecord, isUnset } from "../fields/paths";
import type { Properties } from "../resource";
import { partialFailure } from "../state/partialFailure";
import { changedFields } from "./diff";
import type { UpdateHooks, UpdateRequest, Updated } from "./hooks";
import { deletable, lifecycleWait, statusIn, type StatusWait, waitForStatus } from "./lifecycle";
import { fetchOne } from "./lookup";
import { keptOutputs, outputsFor } from "./outputs";
import { apiOf, endpointOf, nameOf, openWrite, parentIds, type PreparedKind, settingsInScope, unwrapped, writeClientFor } from "./prepare";

/**
 * Applies the new inputs: one request with the in-place changes (none when
 * only local fields changed); the kind's {@link UpdateHooks} wrap the
 * request and what follows it.
 */
export async function updateDeclared(
  kind: PreparedKind,
  context: OperationContext,
  id: string,
  olds: Properties,
  raw: Properties,
): Promise<{ outs: Properties }> {
  const { spec } = kind;
  const hooks = updateHooksOf(kind);
  const inputs = readInputs<Properties>(spec.fields, raw);
  const name = nameOf(kind, inputs, id);
  const action = `updating ${spec.kind} "${name}"`;
  // The Diff's comparison, over the inputs as it received them (the check's marks kept: equal secrets are not hashed again).
  const changed = changedFields(kind, olds, raw);
  if (hooks === undefined && (changed.inPlace.length === 0 || kind.endpoints.update === undefined)) {
    // An object the service builds asynchronously, with nothing to send: a create whose wait did not finish resumes it.
    return { outs: kind.spec.lifecycle === undefined ? recordedUnchanged(kind, inputs, olds) : await awaitReady(kind, context, id, olds, inputs, raw) };
  }
  const props = { ...olds, ...inputs };
  const { settings, reader: client, writer } = await openWrite(kind, context, action, inputs, props);
  const request: UpdateRequest = { context, settings, client: writer, action, name, inputs, raw, id, olds, changed };
  const updated = hooks?.send !== undefined ? await hooks.send(request) : await sendUpdate(kind, request, client);
  if (hooks?.after !== undefined) return { outs: await hooks.after(request, updated) };
  return { outs: await recordUpdate(kind, request, client, updated) };
}

/**
 * An update with nothing to send, of a kind the service builds
 * asynchronously: waits until the object is ready and records it as it then
 * answers. A status off the way to ready (a failed build) records the object
 * as it last answered, with the error.
 */
async function awaitReady(
  kind: PreparedKind,
  context: OperationContext,
  id: string,
  olds: Properties,
  inputs: Properties,
  raw: Properties,
): Promise<Properties> {
  const name = nameOf(kind, inputs, id);
  const props = { ...olds, ...inputs };
  const settings = settingsInScope(context, kind.spec.scope, `updating ${kind.spec.kind} "${name}"`, props);
  const wait = lifecycleWait(kind, context, await context.client(settings), id, props, "update");
  const tenantId = typeof olds["tenantId"] === "string" ? olds["tenantId"] : undefined;
  const lastOperation = typeof olds["lastOperation"] === "string" ? olds["lastOperation"] : "no change";
  const record = (wire: Record<string, unknown>) => ({ ...keptOutputs(kind, olds), ...outputsFor(kind, inputs, wire, tenantId, lastOperation) });
  try {
    const ready = wait === undefined ? undefined : await waitForStatus(wait, "ready");
    return ready === undefined ? recordedUnchanged(kind, inputs, olds) : record(ready);
  } catch (error) {
    if (!(error instanceof ObjectStatusError) || error.lastAnswer === undefined) throw error;
    throw partialFailure(id, record(error.lastAnswer), `${error.message}; ${id} stays in the stack as the service last answered it`, raw);
  }
}

/** The kind's hooks around the update, when it wraps the engine's rather than replacing it. */
function updateHooksOf(kind: PreparedKind): UpdateHooks<unknown> | undefined {
  const hook = kind.spec.hooks?.update;
  return typeof hook === "object" ? hook : undefined;
}

/** The outputs of an update that sends nothing: the inputs echoed over what was recorded, `lastOperation` kept. */
function recordedUnchanged(kind: PreparedKind, inputs: Properties, olds: Properties): Properties {
  const tenantId = typeof olds["tenantId"] === "string" ? olds["tenantId"] : undefined;
  const lastOperation = typeof olds["lastOperation"] === "string" ? olds["lastOperation"] : "no change";
  return { ...outputsFor(kind, inputs, olds, tenantId, lastOperation), ...keptOutputs(kind, olds) };
}

/** The default update request: the changed in-place fields (or every stored one), once work in progress is done; `undefined` when nothing changed in place. */
async function sendUpdate(kind: PreparedKind, request: UpdateRequest, reader: LangSmithClient): Promise<Updated<Properties | undefined> | undefined> {
  const { spec } = kind;
  const { context, inputs, changed, id, name, action } = request;
  if (changed.inPlace.length === 0 || kind.endpoints.update === undefined) return undefined;
  // A whole-object update sends every field the program sets, and clears only those it stopped setting.
  const whole = spec.fields.filter(
    (f) =>
      f.wire !== undefined &&
      f.updateWire !== null &&
      (f.effect === "inPlace" || f.effect === "replace") &&
      (!isUnset(getPath(inputs, f.path)) || changed.inPlace.includes(f.path)),
  );
  const all = spec.updateSendsAll === true ? { ...changed, inPlace: whole.map((f) => f.path) } : changed;
  const body = { ...toUpdateBody(spec.fields, inputs, all), ...(spec.updateBodyHasId === true ? { id } : {}) };
  // An object the service builds asynchronously takes a change once its work in progress is done (e.g. a create whose wait did not finish).
  const wait = lifecycleWait(kind, context, reader, id, { ...request.olds, ...inputs }, "update");
  if (wait !== undefined) await waitForStatus(wait, "idle");
  logProgress(context, spec.kind, name, `updating ${changed.inPlace.join(", ")}`);
  // Nothing for the service's update to change (only what afterWrite writes, e.g. a prompt's manifest): no request.
  const answered =
    Object.keys(body).length === 0
      ? undefined
      : unwrapped(
          kind,
          (await apiOf(kind, request.client).send(endpointOf(kind, "update"), {
            action,
            params: { ...parentIds(kind, inputs), id },
            body: spec.wrapBody?.(body, "update") ?? body,
          })) as Record<string, unknown> | undefined,
        );
  const updated = answered !== undefined && wait !== undefined ? await waitForStatus(wait, "ready", answered) : answered;
  return { wire: updated, what: `updated ${changed.inPlace.join(", ")} of ${spec.kind} "${name}"` };
}

/** The default outputs after an update: the inputs echoed, the answer's outputs (a GET's when the update answers nothing), `afterWrite`'s. */
async function recordUpdate(kind: PreparedKind, request: UpdateRequest, reader: LangSmithClient, updated: Updated<unknown> | undefined): Promise<Properties> {
  const { inputs, olds, id, name, action } = request;
  if (updated === undefined && kind.spec.afterWrite === undefined) return recordedUnchanged(kind, inputs, olds);
  const tenantId = typeof olds["tenantId"] === "string" ? olds["tenantId"] : undefined;
  const answered = updated?.wire;
  const wire = isRecord(answered) ? answered : ((await fetchOne(kind, reader, id, inputs, name)) ?? {});
  const extra = (await kind.spec.afterWrite?.(reader, id, inputs, olds, action)) ?? {};
  const lastOperation = updated?.what ?? `updated ${request.changed.inPlace.join(", ")} of ${kind.spec.kind} "${name}"`;
  return { ...keptOutputs(kind, olds), ...outputsFor(kind, inputs, wire, tenantId, lastOperation), ...extra };
}

/** Deletes the object (a 404 means it was already gone); where the service cannot, leaves it with one warning. */
export async function deleteDeclared(kind: PreparedKind, context: OperationContext, id: string, props: Properties): Promise<void> {
  const { spec } = kind;
  const name = nameOf(kind, props, id);
  const action = `deleting ${spec.kind} "${name}"`;
  if (kind.endpoints.delete === undefined) {
    warnProgress(context, spec.kind, name, `the service cannot delete it: ${spec.leftOnDestroy ?? "it stays as it is"}; it is no longer managed by this stack`);
    return;
  }
  const settings = settingsInScope(context, spec.scope, action, props);
  const client = await context.client(settings);
  const wait = lifecycleWait(kind, context, client, id, props, "delete");
  if (wait !== undefined && !(await readyToDelete(wait))) return;
  const writer = await writeClientFor(kind, context, settings, props, action);
  const query = { ...(spec.idQuery !== undefined ? { [spec.idQuery]: id } : {}), ...(spec.deleteQuery?.(props) ?? {}) };
  const idQuery = Object.keys(query).length > 0 ? { query } : {};
  try {
    await apiOf(kind, writer).send(endpointOf(kind, "delete"), {
      action,
      params: { ...parentIds(kind, props), id },
      ...idQuery,
      ...(spec.deleteBody !== undefined ? { body: spec.deleteBody(id) } : {}),
    });
    logProgress(context, spec.kind, name, `deleted ${id}`);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    logProgress(context, spec.kind, name, `${id} was already gone (404)`);
    return;
  }
  if (wait !== undefined) await waitForStatus(wait, "gone");
}

/**
 * Before the delete of an object the service builds asynchronously: waits
 * out its work in progress; false when there is nothing to send (it is gone,
 * or being deleted already: then waits until it is gone).
 *
 * @throws ObjectStatusError when it is in a status the service cannot delete it in.
 */
async function readyToDelete(wait: StatusWait): Promise<boolean> {
  const { lifecycle, context, kind, name, id } = wait;
  const current = await waitForStatus(wait, "idle");
  const status = current === undefined ? undefined : statusIn(lifecycle, current);
  if (current === undefined || (status !== undefined && (lifecycle.gone ?? []).includes(status))) {
    logProgress(context, kind.spec.kind, name, `${id} was already gone`);
    return false;
  }
  if (status !== undefined && lifecycle.deleting.includes(status)) {
    await waitForStatus(wait, "gone", current);
    return false;
  }
  if (!deletable(lifecycle, status))
    throw new ObjectStatusError(`deleting ${kind.spec.kind} "${name}": the service cannot delete it while it is ${status ?? "without a status"}`, {
      objectStatus: status ?? "unknown",
    });
  return true;
}
