/**
 * The engine's Read: the one way every kind reads an object from the
 * service, for its two callers, refresh ({@link refreshObject}: the object
 * the state records, read into its outputs) and import
 * ({@link importObject}: one the service already has, read into inputs that
 * reproduce it, by id or by natural key,
 * `[<workspaceId>/][<parent ids>/]<id or key>`). A kind wraps the request,
 * the answer and what is recorded after with its {@link ReadHooks}.
 */
import { LangSmithError } from "../../client/errors";
import type { OperationContext } from "../context/operation";
import { logProgress } from "../context/progress";
import { importFields, readInputs, refreshFields } from "../fields/fields";
import { compact, getPath, isUnset } from "../fields/paths";
import { UUID_PATTERN as UUID } from "../fields/validators";
import type { ImportedResource, Properties } from "../resource";
import type { ReadPurpose, ReadRequest, WireObject } from "./hooks";
import { statusIn } from "./lifecycle";
import { fetchOne, findByNaturalKey, readForRefresh } from "./lookup";
import { outputsFor, tenantOf } from "./outputs";
import { nameOf, type PreparedKind, settingsInScope } from "./prepare";

/** An import of an object that is not the stack's to manage (the service's own, see `KindDeclaration.serviceOwned`). */
export class ImportRefusedError extends LangSmithError {}

/** Where the dynamic path's outputs hold the serialized provider. */
const DYNAMIC_PROVIDER_KEY = "__provider";

/** A refresh's result: the outputs to record, or `undefined` when the service no longer has the object. */
export type Refreshed = { id: string; props: Properties } | undefined;

/**
 * Refresh: reads the object the state records (`outputs`, in any release's
 * layout) into the outputs to record; `undefined` when the service no
 * longer has it (the engine then drops it from the state).
 */
export async function refreshObject(kind: PreparedKind, context: OperationContext, id: string, outputs: Properties): Promise<Refreshed> {
  const props = kind.migrate(outputs);
  const read = await readObject(kind, context, "refresh", id, props);
  if (read === undefined) return undefined;
  const { request, wire } = read;
  const refreshed = refreshFields(kind.spec.fields, props, wire);
  for (const output of kind.wireOutputs) {
    if (output.onlyAtCreate === true) continue;
    const value = getPath(wire, output.wire);
    if (isUnset(value)) delete refreshed[output.name];
    else refreshed[output.name] = value;
  }
  const recorded = compact(refreshed);
  const final = kind.spec.hooks?.read?.refreshed?.(request, wire, recorded) ?? recorded;
  // The dynamic path's serialized provider stays with the outputs, whatever the kind records.
  return { id, props: outputs[DYNAMIC_PROVIDER_KEY] === undefined ? final : { ...final, [DYNAMIC_PROVIDER_KEY]: outputs[DYNAMIC_PROVIDER_KEY] } };
}

/**
 * Import: reads an object the service already has from what `pulumi
 * import` (or `Resource.get`, or `adopt`) was given, into the inputs that
 * reproduce it and the outputs a create would have recorded; `undefined`
 * when there is none.
 *
 * @throws ImportRefusedError for an object that is the service's own.
 */
export async function importObject(kind: PreparedKind, context: OperationContext, given: string): Promise<ImportedResource | undefined> {
  const { spec, parents } = kind;
  // `[<workspaceId>/][<parent ids>/]<id or natural key>`: the workspace when it is not the configured one,
  // the parents of objects under another (a tag value under its key).
  const parts = given.trim().split("/");
  const workspaceId = spec.scope === "workspace" && parts.length > parents.length + 1 && UUID.test(parts[0] ?? "") ? parts.shift() : undefined;
  const leading = parts.length > parents.length ? parts.splice(0, parents.length) : [];
  const key = parts.join("/");
  const props: Properties = Object.fromEntries(parents.map((name, i) => [name, leading[i] ?? ""]));
  if (workspaceId !== undefined) props["workspaceId"] = workspaceId;
  const read = await readObject(kind, context, "import", key, props);
  if (read === undefined) return undefined;
  const { request, wire } = read;
  if (spec.serviceOwned?.matches(wire) === true) throw new ImportRefusedError(`importing ${spec.kind} "${key}": ${spec.serviceOwned.why}`);
  const id = typeof wire["id"] === "string" ? wire["id"] : (spec.idOf?.(wire, {}) ?? key);
  const inputs = { ...importFields(spec.fields, wire), ...props };
  for (const name of Object.keys(props)) if (props[name] === "") delete inputs[name];
  const outputs = outputsFor(kind, readInputs<Properties>(spec.fields, inputs), wire, tenantOf(request.settings, wire), `imported ${spec.kind} ${id}`);
  const imported = { id, inputs, outputs };
  return spec.hooks?.read?.imported !== undefined ? spec.hooks.read.imported(request, wire, imported) : imported;
}

/**
 * The one read of an object, whoever asks: the request in the object's
 * scope (the kind's `fetch`, else the declared endpoints), the answer
 * completed by the kind's `answer`; `undefined` when the service does not
 * have it, or has it in a status the kind's lifecycle counts as gone.
 */
async function readObject(
  kind: PreparedKind,
  context: OperationContext,
  purpose: ReadPurpose,
  id: string,
  props: Properties,
): Promise<{ request: ReadRequest; wire: WireObject } | undefined> {
  const { spec } = kind;
  const hooks = spec.hooks?.read;
  const name = purpose === "refresh" ? nameOf(kind, props, id) : id;
  const settings = settingsInScope(context, spec.scope, `${purpose === "refresh" ? "reading" : "importing"} ${spec.kind} "${name}"`, props);
  const client = await context.client(settings);
  const request: ReadRequest = { purpose, context, settings, client, id, name, props };
  const declared = (): Promise<WireObject | undefined> =>
    purpose === "refresh"
      ? readForRefresh(kind, context, client, settings, id, props, name)
      : UUID.test(id)
        ? fetchOne(kind, client, id, props, id)
        : findByNaturalKey(kind, client, id, props);
  const answer = hooks?.fetch !== undefined ? await hooks.fetch(request, declared) : await declared();
  if (answer === undefined || isGone(kind, answer)) {
    if (purpose === "refresh") logProgress(context, spec.kind, name, `${id} no longer exists; dropping it from the state`);
    return undefined;
  }
  return { request, wire: hooks?.answer !== undefined ? await hooks.answer(request, answer) : answer };
}

/** Whether an answer says the object is gone (a status the kind's lifecycle counts as gone, e.g. a data plane's `deleted`). */
function isGone(kind: PreparedKind, wire: WireObject): boolean {
  const lifecycle = kind.spec.lifecycle;
  const status = lifecycle === undefined ? undefined : statusIn(lifecycle, wire);
  return status !== undefined && (lifecycle?.gone ?? []).includes(status);
}
