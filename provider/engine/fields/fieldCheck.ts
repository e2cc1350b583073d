/** Check of inputs against a field table: validators, unknown keys, defaults. */
import type { z } from "zod";
import { compact, getPath, isRecord, isUnset, propertyPath, setPath } from "./paths";
import { UNKNOWN } from "./values";
import { type CheckFailure, type FieldSpec, type FieldTable, unknownPrefix } from "./fieldSpec";

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
  const reasonOf = (field: FieldSpec): string | undefined => (typeof field.reason === "function" ? field.reason(inputs) : field.reason);
  for (const field of table) {
    if (unknownPrefix(inputs, field.path) !== undefined) continue;
    const parentPath = field.path.split(".").slice(0, -1).join(".");
    const byOther = requiredByOther(field, inputs);
    const required = field.required || byOther;
    const missing = (): string => reasonOf(field) ?? (byOther && !field.required ? requiredBecause(field, inputs) : `${field.path} is required`);
    // Inside a missing or malformed object: the object's own failure says it (a missing one, this field's when another input requires it).
    if (parentPath !== "" && !isRecord(getPath(inputs, parentPath))) {
      if (byOther && isUnset(getPath(inputs, parentPath))) fail(field.path, missing());
      continue;
    }
    const value = getPath(inputs, field.path);
    if (isUnset(value)) {
      if (required) fail(field.path, missing());
      continue;
    }
    const parsed = field.schema.safeParse(value);
    if (parsed.success) continue;
    const reason = reasonOf(field);
    if (reason !== undefined) {
      fail(field.path, reason);
      continue;
    }
    for (const { property, reason } of describeIssues(parsed.error.issues, field.path, value)) fail(property, reason);
  }
  return [...failures].map(([property, reason]) => ({ property, reason }));
}

/** Whether another input's value makes `field` required (its `requiredWhen`); never while that input is unknown. */
export function requiredByOther(field: FieldSpec, inputs: Record<string, unknown>): boolean {
  const when = field.requiredWhen;
  if (when === undefined || unknownPrefix(inputs, when.path) !== undefined) return false;
  const other = getPath(inputs, when.path);
  if (when.unset === true && isUnset(other)) return true;
  return when.in !== undefined && !isUnset(other) && when.in.includes(other);
}

/** The default failure of a field another input requires, e.g. `sourceConfig.repoUrl is required when source is "github"`. */
function requiredBecause(field: FieldSpec, inputs: Record<string, unknown>): string {
  const when = field.requiredWhen as NonNullable<FieldSpec["requiredWhen"]>;
  const other = getPath(inputs, when.path);
  return isUnset(other)
    ? `${field.path} is required when ${when.path} is not set (set one of them)`
    : `${field.path} is required when ${when.path} is ${JSON.stringify(other)}`;
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
    const at = path.reduce<unknown>(
      (current, key) => (current !== null && typeof current === "object" ? (current as Record<PropertyKey, unknown>)[key] : undefined),
      value,
    );
    let reason = issue.message;
    if (at === undefined && issue.code !== "unrecognized_keys") reason = `${property} is required`;
    else if (issue.code === "invalid_type") reason = `${property} must be ${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`;
    else if (issue.code === "unrecognized_keys") reason = `unknown field(s): ${issue.keys.join(", ")}`;
    else if (issue.code === "invalid_value") reason = `${property} must be ${issue.values.length === 1 ? "" : "one of "}${issue.values.map(String).join(", ")}`;
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
