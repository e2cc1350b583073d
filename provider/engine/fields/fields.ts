/**
 * Field tables: each input of a resource declared once, with its validator,
 * wire key, effect of a change, secrecy, default and documentation. `check`,
 * `diff`, the wire mapping, refresh and the reference tables in docs/ are
 * derived from a resource's table (see `provider/<resource>/fields.ts`).
 */
import { z } from "zod";
import { compact, getPath, isRecord, isUnset, propertyPath, setPath } from "./paths";
import { containsUnknown, sameValue, UNKNOWN } from "./values";

/**
 * What changing a field does:
 * - `replace`: a new resource (the service cannot change it in place);
 * - `inPlace`: a PATCH of the resource, nothing rebuilt;
 * - `revision`: a PATCH that makes a new revision, then a wait for it;
 * - `local`: a provider setting; the state changes, no API call;
 * - `createOnly`: read by create only (e.g. `adoptExistingId`); a later change does nothing.
 */
export type ChangeEffect = "replace" | "inPlace" | "revision" | "local" | "createOnly";

/** One input field of a resource. */
export interface FieldSpec {
  /** Dotted path in the inputs, e.g. `sourceConfig.repoUrl`; also the property named in check failures and diffs. */
  readonly path: string;
  /** Dotted path in the create request body, e.g. `source_config.repo_url`; absent for provider-side fields. */
  readonly wire?: string;
  /** Input value to wire value; default: the value as it is. */
  readonly toWire?: (value: unknown) => unknown;
  /** Wire value (from a response) to input value, for refresh; default: the value, with null as unset. */
  readonly fromWire?: (value: unknown) => unknown;
  /** Whether refresh takes the service's value: `managed` (only when the program sets the field; default), `always`, or `never`. */
  readonly refresh?: "managed" | "always" | "never";
  /** Validator of a known value. Nested unknown values must be accepted by it (see {@link unknownOr}). */
  readonly schema: z.ZodType;
  /** Check failure text when {@link schema} refuses the value; default: the validator's own message. Never contains a value. */
  readonly reason?: string;
  /** Whether the field must be set. */
  readonly required: boolean;
  /** Value check fills in when the field is unset. */
  readonly default?: unknown;
  /** Value an unset field compares as in diff, when it differs from {@link default} (the service's behaviour). */
  readonly unsetMeans?: unknown;
  /** What a change does. */
  readonly effect: ChangeEffect;
  /** Wire value that clears the field when an update unsets it; default `null` (e.g. `[]` for a list the service replaces whole). */
  readonly clearWith?: unknown;
  /** A list whose order means nothing (a set, e.g. permissions): diff and refresh ignore the order. Default false. */
  readonly unordered?: boolean;
  /** Always a Pulumi secret; compared without ever being printed. */
  readonly secret: boolean;
  /** Docs: the type, e.g. "`dev_free` \| `dev` \| `prod`". */
  readonly type: string;
  /** Docs: the default column, e.g. `service's`; default: `—` or `required`. */
  readonly defaultDoc?: string;
  /** Docs: the effect column, when the effect needs more words than {@link ChangeEffect} gives. */
  readonly effectDoc?: string;
  /** Docs: what the field is (one sentence). */
  readonly doc: string;
}

/** A resource's field table. */
export type FieldTable = readonly FieldSpec[];

/** One `check` failure: the property path and a reason saying what to set; never a value. */
export interface CheckFailure {
  property: string;
  reason: string;
}

/** A `fromWire` for optional strings a service answers as `""` when unset: `""` and null read as unset. */
export function emptyAsUnset(value: unknown): unknown {
  return value === "" || value === null ? undefined : value;
}

/** A validator that also accepts the engine's "unknown during preview" value. */
export function unknownOr<T extends z.ZodType>(schema: T): z.ZodUnion<[z.ZodLiteral<typeof UNKNOWN>, T]> {
  return z.union([z.literal(UNKNOWN), schema]);
}

/** `T` with the engine's "unknown during preview" value removed at every depth (inputs as create and update receive them). */
type Known<T> = T extends typeof UNKNOWN
  ? never
  : T extends readonly (infer E)[]
    ? Known<E>[]
    : T extends Record<string, unknown>
      ? { [K in keyof T]: Known<T[K]> }
      : T;

/** The object type one row describes: its validator's output at its dotted path, optional unless `Required` is true. */
type RowInputs<Path extends string, Value, Required> = Path extends `${infer Head}.${infer Rest}`
  ? { [K in Head]?: RowInputs<Rest, Value, Required> }
  : Required extends true
    ? { [K in Path]: Value }
    : { [K in Path]?: Value };

type UnionToIntersection<U> = (U extends unknown ? (value: U) => void : never) extends (value: infer I) => void ? I : never;

/** Intersections of objects merged into one object type, at every depth. */
type Merged<T> = T extends readonly unknown[] ? T : T extends object ? { [K in keyof T]: Merged<T[K]> } : T;

/**
 * The inputs type a field table describes (all values known, as create and
 * update receive them): each row's validator output at its dotted path,
 * optional unless the row is required or is a top-level row with a default
 * (which `readInputs` fills in). Declare the table `as const` so its rows
 * keep their literal paths; objects above a path are optional.
 */
export type InputsOf<Table extends readonly FieldSpec[]> = Merged<
  UnionToIntersection<
    Table[number] extends infer Row
      ? Row extends { readonly path: infer Path extends string; readonly schema: infer Schema extends z.ZodType; readonly required: infer Required }
        ? RowInputs<Path, Known<z.output<Schema>>, Row extends { readonly default: NonNullable<unknown> } ? (Path extends `${string}.${string}` ? Required : true) : Required>
        : never
      : never
  >
>;


/** True when the value at `path`, or an object above it, is still unknown (preview); returns that prefix. */
function unknownPrefix(values: unknown, path: string): string | undefined {
  const parts = path.split(".");
  for (let i = 1; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join(".");
    if (getPath(values, prefix) === UNKNOWN) return prefix;
  }
  return undefined;
}

/** The object paths that hold fields (`""` for the top level), with the keys each may hold. */
function knownKeys(table: FieldTable): Map<string, Set<string>> {
  const containers = new Map<string, Set<string>>();
  for (const field of table) {
    const parts = field.path.split(".");
    for (let i = 0; i < parts.length; i++) {
      const container = parts.slice(0, i).join(".");
      const keys = containers.get(container) ?? new Set<string>();
      keys.add(parts[i] as string);
      containers.set(container, keys);
    }
  }
  return containers;
}

/**
 * Checks inputs against a table without any request: objects hold only the
 * table's keys, required fields are set, each set value passes its validator.
 * Values still unknown during a preview pass. One failure per property.
 *
 * @param resource the resource's name for messages, e.g. `BulkExportDestination`.
 */
export function checkFields(table: FieldTable, inputs: Record<string, unknown>, resource: string): CheckFailure[] {
  const failures = new Map<string, string>();
  const fail = (property: string, reason: string): void => {
    if (!failures.has(property)) failures.set(property, reason);
  };
  for (const [container, keys] of knownKeys(table)) {
    const value = container === "" ? inputs : getPath(inputs, container);
    if (isUnset(value) || value === UNKNOWN || unknownPrefix(inputs, container) !== undefined) continue;
    if (!isRecord(value)) {
      if (!table.some((field) => field.path === container)) fail(container, `${container} must be an object`);
      continue;
    }
    for (const key of Object.keys(value)) {
      if (key.startsWith("__") || keys.has(key) || value[key] === undefined) continue;
      const property = container === "" ? key : `${container}.${key}`;
      fail(property, `${property} is not a field of ${resource}${container === "" ? "" : ` ${container}`}; use one of: ${[...keys].join(", ")}`);
    }
  }
  for (const field of table) {
    if (unknownPrefix(inputs, field.path) !== undefined) continue;
    const parentPath = field.path.split(".").slice(0, -1).join(".");
    // Inside a missing or malformed object: the object's own failure says it.
    if (parentPath !== "" && !isRecord(getPath(inputs, parentPath))) continue;
    const value = getPath(inputs, field.path);
    if (isUnset(value)) {
      if (field.required) fail(field.path, field.reason ?? `${field.path} is required`);
      continue;
    }
    const parsed = field.schema.safeParse(value);
    if (parsed.success) continue;
    if (field.reason !== undefined) {
      fail(field.path, field.reason);
      continue;
    }
    for (const { property, reason } of describeIssues(parsed.error.issues, field.path, value)) fail(property, reason);
  }
  return [...failures].map(([property, reason]) => ({ property, reason }));
}

/**
 * Turns a validator's issues into failures with full property paths. Unions
 * with "unknown" are unwrapped to the real schema's complaint. Values are
 * looked up to tell "missing" from "wrong type"; they are never echoed.
 */
function describeIssues(issues: readonly z.core.$ZodIssue[], fieldPath: string, value: unknown): CheckFailure[] {
  const failures: CheckFailure[] = [];
  const visit = (issue: z.core.$ZodIssue, prefix: readonly PropertyKey[]): void => {
    const path = [...prefix, ...issue.path];
    if (issue.code === "invalid_union") {
      const branches = issue.errors.filter((branch) => !branch.some((inner) => inner.code === "invalid_value" && inner.values.includes(UNKNOWN)));
      for (const inner of branches.flat()) visit(inner, path);
      if (branches.length > 0) return;
    }
    const property = propertyPath([...fieldPath.split("."), ...path.map((key) => (typeof key === "number" ? key : String(key)))]);
    if (failures.some((failure) => failure.property === property)) return;
    const at = path.reduce<unknown>((current, key) => (current !== null && typeof current === "object" ? (current as Record<PropertyKey, unknown>)[key] : undefined), value);
    let reason = issue.message;
    if (at === undefined && issue.code !== "unrecognized_keys") reason = `${property} is required`;
    else if (issue.code === "invalid_type") reason = `${property} must be ${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`;
    else if (issue.code === "unrecognized_keys") reason = `unknown field(s): ${issue.keys.join(", ")}`;
    failures.push({ property, reason });
  };
  for (const issue of issues) visit(issue, []);
  return failures;
}

/** A copy of the inputs with each unset defaulted field filled in (never inside an unknown or absent object). */
export function withDefaults(table: FieldTable, inputs: Record<string, unknown>): Record<string, unknown> {
  const out = structuredClone(inputs);
  for (const field of table) {
    if (field.default === undefined) continue;
    const parentPath = field.path.split(".").slice(0, -1).join(".");
    const parent = parentPath === "" ? out : getPath(out, parentPath);
    if (isRecord(parent) && isUnset(getPath(out, field.path))) setPath(out, field.path, field.default);
  }
  return out;
}

/**
 * The table's fields of checked inputs, as the operations use them: nulls and
 * keys outside the table dropped, defaults applied (`__provider` is not kept).
 */
export function readInputs<T>(table: FieldTable, raw: Record<string, unknown>): T {
  const out: Record<string, unknown> = {};
  for (const field of table) {
    const value = getPath(raw, field.path);
    if (!isUnset(value)) setPath(out, field.path, value);
    else if (field.default !== undefined) setPath(out, field.path, field.default);
  }
  return compact(out) as T;
}

/** Changed paths by effect. */
export type ChangedFields = Record<ChangeEffect, string[]>;

/**
 * Compares previous outputs (which echo every compared input) with new
 * inputs, field by field. Unset values compare as the field's `unsetMeans`,
 * else its default; a value still unknown (or under an unknown object) counts
 * as changed. `compare` decides for the fields it knows (e.g. secrets
 * against fingerprints) and returns `undefined` for the others.
 */
export function diffFields(
  table: FieldTable,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
  compare: (field: FieldSpec) => boolean | undefined = () => undefined,
): ChangedFields {
  const changed: ChangedFields = { replace: [], inPlace: [], revision: [], local: [], createOnly: [] };
  // A whole unknown object is reported once, at its own path, under the strongest effect of the fields it holds.
  const unknownObjects = new Map<string, ChangeEffect>();
  for (const field of table) {
    if (field.effect === "createOnly") continue;
    const unknownAt = unknownPrefix(news, field.path);
    if (unknownAt !== undefined && unknownAt !== field.path) {
      const before = unknownObjects.get(unknownAt);
      if (before === undefined || EFFECT_STRENGTH.indexOf(field.effect) < EFFECT_STRENGTH.indexOf(before)) unknownObjects.set(unknownAt, field.effect);
      continue;
    }
    if (unknownAt !== undefined || containsUnknown(getPath(news, field.path))) {
      changed[field.effect].push(field.path);
      continue;
    }
    const same = compare(field) ?? sameValue(comparable(field, getPath(olds, field.path)), comparable(field, getPath(news, field.path)));
    if (!same) changed[field.effect].push(field.path);
  }
  for (const [path, effect] of unknownObjects) changed[effect].push(path);
  return changed;
}

/** Effects from the strongest (a replacement) to the weakest (state only). */
const EFFECT_STRENGTH: readonly ChangeEffect[] = ["replace", "revision", "inPlace", "local", "createOnly"];

function comparable(field: FieldSpec, value: unknown): unknown {
  if (!isUnset(value)) return field.unordered === true && Array.isArray(value) ? sortedList(value) : value;
  return field.unsetMeans ?? field.default;
}

/** A list's items in one canonical order (by their JSON text). */
function sortedList(values: readonly unknown[]): unknown[] {
  return [...values].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : JSON.stringify(a) > JSON.stringify(b) ? 1 : 0));
}

/** Sets the wire value of each table field present in `inputs` (or only of `paths`) on a request body. */
export function toWireBody(table: FieldTable, inputs: unknown, paths?: readonly string[]): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of table) {
    if (field.wire === undefined || (paths !== undefined && !paths.includes(field.path))) continue;
    const value = getPath(inputs, field.path);
    if (value === undefined) continue;
    setPath(body, field.wire, value === null || field.toWire === undefined ? value : field.toWire(value));
  }
  return body;
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
  const out = structuredClone(previous);
  for (const field of table) {
    const mode = field.refresh ?? "managed";
    if (field.wire === undefined || mode === "never") continue;
    if (mode === "managed" && getPath(previous, field.path) === undefined) continue;
    const parentPath = field.wire.split(".").slice(0, -1).join(".");
    if (parentPath !== "" && !isRecord(getPath(response, parentPath))) continue;
    const wireValue = getPath(response, field.wire);
    if (wireValue === undefined && mode === "always") continue; // not in this response (e.g. a partial PATCH answer)
    const value = field.fromWire !== undefined ? field.fromWire(wireValue) : (wireValue ?? undefined);
    // The same set in another order is no drift: keep the program's order.
    if (field.unordered === true && sameValue(comparable(field, value), comparable(field, getPath(previous, field.path)))) continue;
    if (value === undefined) deletePath(out, field.path);
    else setPath(out, field.path, value);
  }
  return out;
}

/**
 * The inputs that reproduce a resource the service already has (for
 * `pulumi import`): every field the service reports, as its input value,
 * except values that equal what an unset field means (so the inputs stay
 * minimal and a program that leaves them out shows no change). Secret
 * fields are never imported: their values would land in the generated
 * program and the terminal.
 *
 * @param response the service's resource, in the request body's shape.
 */
export function importFields(table: FieldTable, response: unknown): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of table) {
    if (field.wire === undefined || field.secret || field.effect === "createOnly") continue;
    const wireValue = getPath(response, field.wire);
    const value = field.fromWire !== undefined ? field.fromWire(wireValue) : (wireValue ?? undefined);
    if (isUnset(value) || (Array.isArray(value) && value.length === 0)) continue;
    const unset = field.unsetMeans ?? field.default;
    if (unset !== undefined && sameValue(value, unset)) continue;
    setPath(out, field.path, value);
  }
  return out;
}

function deletePath(target: Record<string, unknown>, path: string): void {
  const keys = path.split(".");
  const parent = getPath(target, keys.slice(0, -1).join("."));
  const container = keys.length === 1 ? target : parent;
  if (isRecord(container)) delete container[keys[keys.length - 1] as string];
}

const EFFECT_WORDS: Readonly<Record<ChangeEffect, string>> = {
  replace: "replace",
  inPlace: "update in place (PATCH), nothing rebuilt",
  revision: "one new revision, wait for `DEPLOYED`",
  local: "state only, no API call",
  createOnly: "none: read by create only",
};

/**
 * The reference table of a field table in Markdown: input, type, default,
 * effect of a change, secret, meaning. docs/resources.md embeds these
 * (regenerated by `npm run docs:reference`, checked by a unit test).
 */
export function referenceTable(table: FieldTable): string {
  const escape = (text: string) => text.replace(/\|/g, "\\|").replace(/\n/g, " ");
  const rows = table.map((field) => {
    const defaultDoc = field.defaultDoc ?? (field.required ? "required" : field.default !== undefined ? `\`${JSON.stringify(field.default)}\`` : "—");
    const effect = field.effectDoc ?? EFFECT_WORDS[field.effect];
    return `| \`${field.path}\` | ${escape(field.type)} | ${escape(defaultDoc)} | ${escape(effect)} | ${field.secret ? "**yes**" : "no"} | ${escape(field.doc)} |`;
  });
  return ["| input | type | default | a change does | secret | meaning |", "|---|---|---|---|---|---|", ...rows].join("\n");
}
