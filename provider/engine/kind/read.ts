/**
 * Refresh and import of a declared kind: the object as the service has it,
 * read into the recorded outputs (refresh) or into inputs that reproduce it
 * (import, by id or by natural key, `[<workspaceId>/][<parent ids>/]<id or key>`).
 */
import { UUID_PATTERN as UUID } from "../fields/validators";
import type { OperationContext } from "../context/operation";
import { logProgress } from "../context/progress";
import { importFields, readInputs, refreshFields } from "../fields/fields";
import { compact, getPath, isUnset } from "../fields/paths";
import type { ImportedResource, Properties } from "../resource";
import { statusIn } from "./lifecycle";
import { fetchOne, findByNaturalKey, readForRefresh } from "./lookup";
import { nameOf, outputsFor, type PreparedKind, settingsInScope, tenantOf } from "./prepare";
import { LangSmithError } from "../../client/errors";

/** An import of an object that is not the stack's to manage (the service's own, see `KindDeclaration.serviceOwned`). */
export class ImportRefusedError extends LangSmithError {}

/** Reads the object for a refresh; `undefined` when the service no longer has it. */
export async function readDeclared(
  kind: PreparedKind,
  context: OperationContext,
  id: string,
  props: Properties,
): Promise<{ id: string; props: Properties } | undefined> {
  const { spec } = kind;
  const name = nameOf(kind, props, id);
  const settings = settingsInScope(context, spec.scope, `reading ${spec.kind} "${name}"`, props);
  const client = await context.client(settings);
  const answer = await readForRefresh(kind, context, client, settings, id, props, name);
  if (answer === undefined || isGone(kind, answer)) {
    logProgress(context, spec.kind, name, `${id} no longer exists; dropping it from the state`);
    return undefined;
  }
  const current = { ...answer, ...((await spec.readAlso?.(client, answer)) ?? {}) };
  const refreshed = refreshFields(spec.fields, props, current);
  for (const output of kind.wireOutputs) {
    if (output.onlyAtCreate === true) continue;
    const value = getPath(current, output.wire);
    if (isUnset(value)) delete refreshed[output.name];
    else refreshed[output.name] = value;
  }
  return { id, props: compact(refreshed) };
}

/** Reads an object the service already has from what `pulumi import` was given; `undefined` when there is none. */
export async function importDeclared(kind: PreparedKind, context: OperationContext, given: string): Promise<ImportedResource | undefined> {
  const { spec, parents } = kind;
  // `[<workspaceId>/][<parent ids>/]<id or natural key>`: the workspace when it is not the configured one,
  // the parents of objects under another (a tag value under its key).
  const parts = given.split("/");
  const workspaceId = spec.scope === "workspace" && parts.length > parents.length + 1 && UUID.test(parts[0] ?? "") ? parts.shift() : undefined;
  const leading = parts.length > parents.length ? parts.splice(0, parents.length) : [];
  const key = parts.join("/");
  const props: Properties = Object.fromEntries(parents.map((name, i) => [name, leading[i] ?? ""]));
  if (workspaceId !== undefined) props["workspaceId"] = workspaceId;
  const settings = settingsInScope(context, spec.scope, `importing ${spec.kind} "${key}"`, props);
  const client = await context.client(settings);
  const found = UUID.test(key) ? await fetchOne(kind, client, key, props, key) : await findByNaturalKey(kind, client, key, props);
  if (found === undefined || isGone(kind, found)) return undefined;
  if (spec.serviceOwned?.matches(found) === true) throw new ImportRefusedError(`importing ${spec.kind} "${key}": ${spec.serviceOwned.why}`);
  const current = { ...found, ...((await spec.readAlso?.(client, found)) ?? {}) };
  const id = typeof current["id"] === "string" ? current["id"] : (spec.idOf?.(current, {}) ?? "");
  const inputs = { ...importFields(spec.fields, current), ...props };
  for (const name of Object.keys(props)) if (props[name] === "") delete inputs[name];
  const outputs = {
    ...outputsFor(kind, readInputs<Properties>(spec.fields, inputs), current, tenantOf(settings, current), `imported ${spec.kind} ${id}`),
    ...((await spec.importOutputs?.(client, id)) ?? {}),
  };
  return { id, inputs, outputs };
}

/** Whether an answer says the object is gone (a status the kind's lifecycle counts as gone, e.g. a data plane's `deleted`). */
function isGone(kind: PreparedKind, wire: Record<string, unknown>): boolean {
  const lifecycle = kind.spec.lifecycle;
  const status = lifecycle === undefined ? undefined : statusIn(lifecycle, wire);
  return status !== undefined && (lifecycle?.gone ?? []).includes(status);
}
