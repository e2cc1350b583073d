/** A field table's wire mapping: request bodies, the check that a lost update was applied, refresh and import. */
import { copyJson, deletePath, getPath, isRecord, isUnset, setPath } from "./paths";
import { sameValue } from "./values";
import { comparable, type ChangedFields } from "./fieldDiff";
import type { FieldSpec, FieldTable } from "./fieldSpec";
import { requiredByOther } from "./fieldCheck";

/**
 * Sets the wire value of each table field present in `inputs` (or only of
 * `paths`) on a request body: the create body when `paths` is absent (a
 * field's {@link FieldSpec.createWire} where it has one), else an update's.
 */
export function toWireBody(table: FieldTable, inputs: unknown, paths?: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of table) {
    if (field.wire === undefined || (paths !== undefined && !paths.includes(field.path))) continue;
    const value = getPath(inputs, field.path);
    if (value === undefined) continue;
    const wire = paths === undefined ? (field.createWire === undefined ? field.wire : field.createWire) : field.wire;
    if (wire === null) continue;
    setPath(body, wire, value === null || field.toWire === undefined ? value : field.toWire(value));
  }
  return body;
}

/** The dotted paths of an object type's keys, e.g. `source_config.repo_url` (a list is one path, its items none). */
export type WirePaths<T> = T extends readonly unknown[]
  ? never
  : T extends object
    ? { [K in keyof T & string]-?: K | `${K}.${WirePaths<NonNullable<T[K]>>}` }[keyof T & string]
    : never;

/** A field table whose create paths (each row's `createWire`, else its `wire`) are all paths of `Body`: a wrong wire key does not compile. */
export type CreateTableOf<Body> = readonly (
  | { readonly path: string; readonly createWire: null }
  | { readonly path: string; readonly createWire: WirePaths<Body> }
  | { readonly path: string; readonly createWire?: undefined; readonly wire?: WirePaths<Body> }
)[];

/**
 * The create body of `inputs` ({@link toWireBody}) as the contract's request
 * type `Body`, from a table whose wire paths the compiler has checked
 * against it ({@link CreateTableOf}); the endpoint validates the values when
 * it sends the body.
 */
export function toCreateBody<Body extends object>(table: FieldTable & CreateTableOf<Body>, inputs: unknown): Body {
  return toWireBody(table, inputs) as Body;
}

/**
 * The PATCH body of an update: the wire value of every changed field that
 * changes on the service (in place or by a new revision), an unset one as
 * its {@link FieldSpec.clearWith} value, plus every field whose wire path
 * lies under `sendWhole` (objects the service replaces whole, e.g. a
 * deployment's `source_revision_config` when a revision is made; an unset
 * field there is left out).
 *
 * @param changed the changed paths by effect (from {@link diffFields}).
 * @param sendWhole wire paths of objects to send whole; `[]` for none.
 */
export function toUpdateBody(table: FieldTable, inputs: unknown, changed: ChangedFields, sendWhole: readonly string[] = []): Record<string, unknown> {
  const sent = structuredClone(inputs) as Record<string, unknown>;
  const changedPaths = new Set([...changed.inPlace, ...changed.revision]);
  const paths: string[] = [];
  for (const field of table) {
    if (field.wire === undefined) continue;
    const whole = sendWhole.some((prefix) => field.wire?.startsWith(`${prefix}.`));
    if (!changedPaths.has(field.path) && !whole) continue;
    paths.push(field.path);
    // Under an object sent whole, an unset field is cleared by leaving it out.
    if (changedPaths.has(field.path) && !whole && getPath(sent, field.path) === undefined) setPath(sent, field.path, field.clearWith ?? null);
  }
  const body = toWireBody(table, sent, paths);
  for (const prefix of sendWhole) if (getPath(body, prefix) === undefined) setPath(body, prefix, {});
  return body;
}

/**
 * Whether the service already holds what an update body sends for the
 * fields changed in place (to tell, after a lost response, whether the PATCH
 * was applied before sending it again).
 *
 * @param current the resource as the service returns it, in the body's shape.
 */
export function inPlaceApplied(table: FieldTable, current: unknown, body: unknown): boolean {
  return table
    .filter((field) => field.effect === "inPlace" && field.wire !== undefined && getPath(body, field.wire) !== undefined)
    .every((field) => JSON.stringify(getPath(current, field.wire as string) ?? null) === JSON.stringify(getPath(body, field.wire as string) ?? null));
}

/**
 * The outputs after a refresh: each field that the service reports and that
 * refresh follows takes the service's value (`managed` fields only when the
 * previous outputs hold them), so out-of-band changes show as drift.
 *
 * @param response the service's resource, in the request body's shape.
 */
export function refreshFields(table: FieldTable, previous: Record<string, unknown>, response: unknown): Record<string, unknown> {
  const out = copyJson(previous);
  for (const field of table) {
    const mode = field.refresh ?? "managed";
    if (field.wire === undefined || mode === "never") continue;
    if (mode === "managed" && field.serviceDefault !== true && getPath(previous, field.path) === undefined) continue;
    const parentPath = field.wire.split(".").slice(0, -1).join(".");
    if (parentPath !== "" && !isRecord(getPath(response, parentPath))) continue;
    const wireValue = getPath(response, field.wire);
    if (wireValue === undefined && mode === "always") continue; // not in this response (e.g. a partial PATCH answer)
    const read = field.fromWire !== undefined ? field.fromWire(wireValue) : (wireValue ?? undefined);
    const value = field.serviceFillsKeys === true ? ownKeys(read, getPath(previous, field.path)) : read;
    // The same set in another order is no drift: keep the program's order.
    if (field.unordered === true && sameValue(comparable(field, value), comparable(field, getPath(previous, field.path)))) continue;
    if (value === undefined) deletePath(out, field.path);
    else setPath(out, field.path, value);
  }
  return out;
}

/** Of a map the service completed, the keys the previous value holds (a key the service dropped stays missing). */
function ownKeys(read: unknown, previous: unknown): unknown {
  if (!isRecord(read) || !isRecord(previous)) return read;
  return Object.fromEntries(
    Object.keys(previous)
      .filter((key) => read[key] !== undefined)
      .map((key) => [key, read[key]]),
  );
}

/**
 * The inputs that reproduce a resource the service already has (for
 * `pulumi import`): every field the service reports, as its input value,
 * except values that equal what an unset field means (so the inputs stay
 * minimal and a program that leaves them out shows no change), but
 * for the fields whose unset value is the service's (`serviceDefault`). Secret
 * fields are never imported: their values would land in the generated
 * program and the terminal.
 *
 * @param response the service's resource, in the request body's shape.
 */
export function importFields(table: FieldTable, response: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const left: [FieldSpec, unknown][] = [];
  for (const field of table) {
    if (field.wire === undefined || field.secret || field.effect === "createOnly" || field.serviceDefault === true) continue;
    const wireValue = getPath(response, field.wire);
    const value = field.fromWire !== undefined ? field.fromWire(wireValue) : (wireValue ?? undefined);
    if (isUnset(value) || (Array.isArray(value) && value.length === 0)) continue;
    if (field.serviceFillsKeys === true && isRecord(value)) {
      // The keys the service filled with null are not the program's: a program leaves them out.
      setPath(out, field.path, Object.fromEntries(Object.entries(value).filter(([, item]) => item !== null)));
      continue;
    }
    const unset = field.unsetMeans ?? field.default;
    if (unset !== undefined && sameValue(value, unset)) {
      left.push([field, value]);
      continue;
    }
    setPath(out, field.path, value);
  }
  // What the service does when unset, but which another input makes required (a GitHub deployment's type), stays.
  for (const [field, value] of left) if (requiredByOther(field, out)) setPath(out, field.path, value);
  return out;
}
