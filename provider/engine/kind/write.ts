/**
 * Update and delete of a declared kind: one PATCH (or PUT) of the changed
 * in-place fields, then the kind's `afterWrite`; a delete whose 404 means
 * done, or, where the service cannot delete, a warning naming what stays.
 */
import { NotFoundError, ObjectStatusError } from "../../client/errors";
import type { OperationContext } from "../context/operation";
import { logProgress, warnProgress } from "../context/progress";
import { readInputs, toUpdateBody } from "../fields/fields";
import { getPath, isUnset } from "../fields/paths";
import type { Properties } from "../resource";
import { changedFields } from "./diff";
import { deletable, lifecycleWait, statusIn, type StatusWait, waitForStatus } from "./lifecycle";
import { fetchOne } from "./lookup";
import { apiOf, endpointOf, keptOutputs, nameOf, outputsFor, parentIds, type PreparedKind, settingsInScope, unwrapped, writeClientFor } from "./prepare";

/** Applies the new inputs: one request with the in-place changes (none when only local fields changed). */
export async function updateDeclared(
  kind: PreparedKind,
  context: OperationContext,
  id: string,
  olds: Properties,
  raw: Properties,
): Promise<{ outs: Properties }> {
  const { spec } = kind;
  const inputs = readInputs<Properties>(spec.fields, raw);
  const name = nameOf(kind, inputs, id);
  const action = `updating ${spec.kind} "${name}"`;
  const changed = changedFields(kind, olds, inputs);
  const tenantId = typeof olds["tenantId"] === "string" ? olds["tenantId"] : undefined;
  if (changed.inPlace.length === 0 || kind.endpoints.update === undefined) {
    const lastOperation = typeof olds["lastOperation"] === "string" ? olds["lastOperation"] : "no change";
    return { outs: { ...outputsFor(kind, inputs, olds, tenantId, lastOperation), ...keptOutputs(kind, olds) } };
  }
  // A whole-object update sends every field the program sets, and clears only those it stopped setting.
  const whole = spec.fields.filter(
    (f) =>
      f.wire !== undefined && (f.effect === "inPlace" || f.effect === "replace") && (!isUnset(getPath(inputs, f.path)) || changed.inPlace.includes(f.path)),
  );
  const all = spec.updateSendsAll === true ? { ...changed, inPlace: whole.map((f) => f.path) } : changed;
  const body = { ...toUpdateBody(spec.fields, inputs, all), ...(spec.updateBodyHasId === true ? { id } : {}) };
  const props = { ...olds, ...inputs };
  const settings = settingsInScope(context, spec.scope, action, props);
  const client = await context.client(settings);
  await spec.beforeWrite?.(client, inputs, action);
  const writer = await writeClientFor(kind, context, settings, props, action);
  // An object the service builds asynchronously takes a change once its work in progress is done (e.g. a create whose wait did not finish).
  const wait = lifecycleWait(kind, context, client, id, props, "update");
  if (wait !== undefined) await waitForStatus(wait, "idle");
  logProgress(context, spec.kind, name, `updating ${changed.inPlace.join(", ")}`);
  // Nothing for the service's update to change (only what afterWrite writes, e.g. a prompt's manifest): no request.
  const answered =
    Object.keys(body).length === 0
      ? undefined
      : unwrapped(
          kind,
          (await apiOf(kind, writer).send(endpointOf(kind, "update"), {
            action,
            params: { ...parentIds(kind, inputs), id },
            body: spec.wrapBody?.(body, "update") ?? body,
          })) as Record<string, unknown> | undefined,
        );
  const updated = answered !== undefined && wait !== undefined ? await waitForStatus(wait, "ready", answered) : answered;
  const wire = updated ?? (await fetchOne(kind, client, id, inputs, name)) ?? {};
  const extra = (await spec.afterWrite?.(client, id, inputs, olds, action)) ?? {};
  return {
    outs: {
      ...keptOutputs(kind, olds),
      ...outputsFor(kind, inputs, wire, tenantId, `updated ${changed.inPlace.join(", ")} of ${spec.kind} "${name}"`),
      ...extra,
    },
  };
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
