/**
 * The conformance matrix's list column: a program that calls each kind's
 * list function (`get<Kinds>`) for every object the matrix made, once in
 * the object's scope and, for each filter, once with the object's own value
 * (it must be listed, and every object listed must match an `equals`
 * filter whose output the list carries) and once with a value it does not
 * have (it must not be listed); a list of strings is called with the
 * object's own list, a map of strings with its text pairs. A filter about
 * no one output is called with the values its declaration derives from the
 * object (`ListFilter.matrix`), or is left out with the reason it gives. A
 * widening filter (a workspace's `includeDeleted`) is called once, set: the
 * object must still be listed. And the check of what the calls answered,
 * including that the object is listed in the resource's shape: no property
 * the resource has not (but those its listing declares listed-only, which
 * the state must not record), and each input the program set as the state
 * records it.
 */
import { randomUUID } from "node:crypto";
import { comparable } from "../../../provider/engine/fields/fieldDiff";
import type { FieldSpec } from "../../../provider/engine/fields/fieldSpec";
import { getPath, isRecord } from "../../../provider/engine/fields/paths";
import { NATIVE_FUNCTIONS } from "../../../provider/native/functions";
import { listResultKey, listFunctionToken } from "../../../provider/native/listFunctions";
import { lookupArguments, lookupFunctionFor, lookupFunctionToken } from "../../../provider/native/lookupFunctions";
import { matchesFilter } from "../../../provider/engine/kind/listFunction";
import type { ListFilter, OutputListFilter } from "../../../provider/engine/resource";
import type { StackExport } from "../pulumiProject";
import type { MatrixObject } from "./program";

/** One call of a list function in the program. */
export interface ListCall {
  /** The matrix object it looks for. */
  readonly object: string;
  /** The variable (and output) holding its answer. */
  readonly variable: string;
  /** What it is: `all`, a filter with the object's value (`hit`) or another one (`miss`), or a lookup by a key (`lookup by …`, with the object's key or another). */
  readonly label: string;
  /** Whether it calls the kind's list function or its lookup (which answers `found` and the object). */
  readonly calls: "list" | "lookup";
  /** Whether the object must be in the answer. */
  readonly expect: "listed" | "not listed";
  /** The filter given (an `equals` filter about an output the list carries), for the check of every object answered. */
  readonly filter?: { readonly spec: OutputListFilter; readonly value: unknown };
}

/** The list program: its YAML (variables and outputs), its calls, each object's cell where it has no call, and the filters each leaves out with their reasons. */
export interface ListProgram {
  readonly yaml: string;
  readonly calls: readonly ListCall[];
  readonly notListed: ReadonlyMap<string, string>;
  readonly notExercised: ReadonlyMap<string, readonly string[]>;
}

/** The written invokes (`getProject`, …): the matrix calls the generated lookups only. */
const WRITTEN = new Set(NATIVE_FUNCTIONS.map((fn) => fn.token));

/** The ids an object may be answered by: the state's, or its last part (`<parent>/<id>`). */
const wantedIds = (id: string): string[] => [id.toLowerCase(), id.toLowerCase().split("/").pop() ?? ""];

/** Whether a state value is a secret (the export wraps it). */
const isSecret = (value: unknown): boolean => typeof value === "object" && value !== null && "4dabf18193072939515e22adb298388d" in value;

/** A value no object holds, of a filter's type. */
function noneOf(filter: ListFilter): unknown {
  const none = `zz-none-${randomUUID().slice(0, 8)}`;
  if (filter.type === "strings") return [none];
  if (filter.type === "stringMap") return { [none]: "x" };
  return none;
}

/** A value of the filter's type that `value` is not. */
function missOf(filter: OutputListFilter, value: unknown): unknown {
  if (filter.type === "strings") {
    const own = Array.isArray(value) ? value : [value];
    const other = filter.values?.find((candidate) => !own.includes(candidate));
    return other !== undefined ? [other] : noneOf(filter);
  }
  if (filter.type === "stringMap") return noneOf(filter);
  if (filter.values !== undefined) return filter.values.find((other) => other !== value);
  if (filter.type === "boolean") return value !== true;
  if (filter.type === "integer") return Number(value) + 1_000_003;
  if (filter.type === "uuid") return randomUUID();
  return noneOf(filter);
}

/**
 * The object's own value of a filter, as the call gives it: a middle part
 * of a `contains` filter's text (a substring, not the whole); a list of
 * strings as a list (one string, a list of it); a map of strings as its
 * text pairs. `undefined`: the object has none to give (an empty list, a
 * map with no text).
 */
function hitOf(filter: OutputListFilter, value: unknown): unknown {
  if (filter.type === "strings") {
    const own = (Array.isArray(value) ? value : [value]).filter((item) => typeof item === "string");
    return own.length > 0 ? own : undefined;
  }
  if (filter.type === "stringMap") {
    const pairs = typeof value === "object" && value !== null ? Object.entries(value).filter(([, item]) => typeof item === "string") : [];
    return pairs.length > 0 ? Object.fromEntries(pairs) : undefined;
  }
  if (filter.match !== "contains" || typeof value !== "string" || value.length < 6) return value;
  return value.slice(1, -1).toUpperCase();
}

/**
 * The program that lists the primary objects of `objects` (as `exported`
 * records them) with their kinds' list functions.
 */
export function listProgram(objects: readonly MatrixObject[], exported: StackExport): ListProgram {
  const variables: Record<string, unknown> = {};
  const outputs: Record<string, string> = {};
  const calls: ListCall[] = [];
  const notListed = new Map<string, string>();
  const notExercised = new Map<string, string[]>();
  const primaries = objects.filter((o) => o.role === "primary");
  const recordedOf = (o: MatrixObject): Record<string, unknown> => exported.deployment.resources?.find((r) => r.urn.endsWith(`::${o.name}`))?.outputs ?? {};
  /** Whether another primary object of the kind, in the same workspace, has this name: a lookup by a name that is not unique (a run rule's) is then refused. */
  const nameShared = (object: MatrixObject, key: string, value: unknown): boolean =>
    primaries.some(
      (other) =>
        other !== object &&
        other.kind.token === object.kind.token &&
        recordedOf(other)["tenantId"] === recordedOf(object)["tenantId"] &&
        recordedOf(other)[key] === value,
    );
  for (const object of primaries) {
    const fn = object.kind.listFunction;
    const lookup = lookupFunctionFor(lookupFunctionToken(object.kind.token), WRITTEN);
    if (fn === undefined && lookup === undefined) {
      notListed.set(object.name, "n/a: no list function or lookup");
      continue;
    }
    const state = exported.deployment.resources?.find((r) => r.urn.endsWith(`::${object.name}`));
    const recorded = state?.outputs ?? {};
    if (state?.id === undefined) {
      notListed.set(object.name, "FAIL not in the state");
      continue;
    }
    const scope: Record<string, unknown> = {};
    if (object.kind.scope === "workspace" && typeof recorded["tenantId"] === "string") scope["workspaceId"] = recorded["tenantId"];
    for (const parent of fn?.parents ?? []) scope[parent] = recorded[parent];
    const add = (label: string, args: Record<string, unknown>, expect: ListCall["expect"], filter?: ListCall["filter"], lookup = false): void => {
      const variable = `l${calls.length}`;
      const fn = lookup
        ? { function: lookupFunctionToken(object.kind.token), arguments: args }
        : { function: listFunctionToken(object.kind.token), arguments: args, return: listResultKey(object.kind.token) };
      variables[variable] = { "fn::invoke": fn };
      outputs[variable] = `\${${variable}}`;
      calls.push({ object: object.name, variable, label, calls: lookup ? "lookup" : "list", expect, ...(filter === undefined ? {} : { filter }) });
    };
    if (fn !== undefined) add("all", scope, "listed");
    for (const [name, filter] of Object.entries(fn?.filters ?? {})) {
      if (filter.output === undefined) {
        const exercise = filter.matrix;
        if ("skip" in exercise) {
          notExercised.set(object.name, [...(notExercised.get(object.name) ?? []), `${name} (${exercise.skip})`]);
          continue;
        }
        const [hit, miss] = [exercise.hit(recorded), exercise.miss(recorded)];
        if (hit === undefined) {
          add(`${name}: n/a, nothing on the object to take it from`, scope, "listed");
          continue;
        }
        add(`${name}=hit`, { ...scope, [name]: hit }, "listed");
        if (miss !== undefined) add(`${name}=miss`, { ...scope, [name]: miss }, "not listed");
        continue;
      }
      if (filter.match === "widens") {
        // It adds objects (deleted ones) and removes none: the object is listed with the flag set too (its value is
        // listed-only, not in the state).
        add(`${name}=widens`, { ...scope, [name]: filter.type === "boolean" ? true : missOf(filter, undefined) }, "listed");
        continue;
      }
      const value = getPath(recorded, filter.output);
      const hit = value === undefined || value === null || isSecret(value) ? undefined : hitOf(filter, value);
      if (hit === undefined) {
        add(`${name}: n/a, unset on the object`, scope, "listed");
        continue;
      }
      // Every object answered must match an `equals` filter, where the list carries its output.
      const checked = filter.match !== "contains" && !(fn?.leftOut ?? []).includes(filter.output);
      add(`${name}=hit`, { ...scope, [name]: hit }, "listed", checked ? { spec: filter, value: hit } : undefined);
      add(`${name}=miss`, { ...scope, [name]: missOf(filter, value) }, "not listed");
    }
    if (lookup !== undefined) {
      const { parents, keys } = lookupArguments(object.kind);
      const base: Record<string, unknown> = "workspaceId" in scope ? { workspaceId: scope["workspaceId"] } : {};
      for (const parent of parents) base[parent] = recorded[parent];
      for (const key of keys) {
        const own = key === "id" ? state.id.split("/").pop() : recorded[key];
        if (typeof own !== "string" || own === "") continue;
        // Variants of a kind share their examples' names; the integration tests look a shared name up (refused, naming the ids).
        if (key !== object.kind.lookup?.byName || !nameShared(object, key, own)) add(`lookup by ${key}`, { ...base, [key]: own }, "listed", undefined, true);
        add(
          `lookup by another ${key}`,
          { ...base, [key]: key === "id" || key.endsWith("Id") ? randomUUID() : `zz-none-${randomUUID().slice(0, 8)}` },
          "not listed",
          undefined,
          true,
        );
      }
    }
  }
  return { yaml: `variables: ${JSON.stringify(variables)}\noutputs: ${JSON.stringify(outputs)}\n`, calls, notListed, notExercised };
}

/** Whether a listed value is the recorded one, as the kind's diff compares them (an instant in either spelling; keys the service fills aside). */
function sameValue(field: FieldSpec, listed: unknown, recorded: unknown): boolean {
  const [a, b] = [comparable(field, listed), comparable(field, recorded)];
  if (JSON.stringify(a) === JSON.stringify(b)) return true;
  if (typeof a === "string" && typeof b === "string" && /^\d{4}-\d\d-\d\dT/.test(a) && Date.parse(a) === Date.parse(b)) return true;
  if (field.serviceFillsKeys === true && isRecord(a) && isRecord(b))
    return Object.entries(b).every(([key, value]) => JSON.stringify(a[key]) === JSON.stringify(value));
  return false;
}

/**
 * How a listed object differs from the resource's shape: a property the
 * resource has not and its listing does not declare listed-only, a
 * listed-only property the state records, or an input the program set (and
 * the state echoes) listed with another value.
 */
function shapeProblems(object: MatrixObject, listed: Record<string, unknown>, recorded: Record<string, unknown>): string[] {
  const listedOnly = Object.keys(object.kind.listFunction?.listedOnly ?? {});
  const names = new Set([
    "id",
    "tenantId",
    ...object.kind.outputs.map((output) => output.name),
    ...object.kind.fields.map((field) => field.path.split(".")[0] as string),
    ...listedOnly,
  ]);
  const problems = Object.keys(listed)
    .filter((key) => !names.has(key))
    .map((key) => `${key} is not a property of the resource, nor one its listing declares`);
  // A listed-only property is what the resource does not record: one the state has too would hide the recorded value.
  problems.push(...listedOnly.filter((name) => name in recorded).map((name) => `${name} is declared listed-only, but the state records it`));
  for (const field of object.set.keys()) {
    const top = field.path.split(".")[0] as string;
    // Not the object's data as the service lists it: secrets, provider settings, what the service never returns, what its list leaves out.
    const unread = field.effect === "local" || field.refresh === "never" || object.kind.listFunction?.leftOut.includes(field.path) === true;
    if (field.secret || field.effect === "createOnly" || unread || object.kind.inputsNotInOutputs.includes(top)) continue;
    const [value, kept] = [getPath(listed, field.path), getPath(recorded, field.path)];
    if (isSecret(kept) || kept === undefined) continue;
    if (!sameValue(field, value, kept)) problems.push(`${field.path} listed as ${JSON.stringify(value)}, recorded ${JSON.stringify(kept)}`);
  }
  return problems;
}

/**
 * The problems of the calls' answers (`answers`: the program's outputs), by
 * object, and each object's cell (`ok: found; <filters> narrow`).
 */
export function listChecks(
  program: ListProgram,
  objects: readonly MatrixObject[],
  answers: Readonly<Record<string, unknown>>,
  exported: StackExport,
): Map<string, string[] | string> {
  const results = new Map<string, string[] | string>(program.notListed);
  for (const call of program.calls) {
    const state = exported.deployment.resources?.find((r) => r.urn.endsWith(`::${call.object}`));
    const id = state?.id ?? "";
    const answer = answers[call.variable];
    const problems: string[] = [];
    if (call.calls === "lookup") {
      const found = isRecord(answer) && answer["found"] === true ? answer : undefined;
      if (call.expect === "listed" && (found === undefined || !wantedIds(id).includes(String(found["id"]).toLowerCase())))
        problems.push(`${call.label}: not found`);
      if (call.expect === "not listed" && found !== undefined) problems.push(`${call.label}: found`);
    } else if (!Array.isArray(answer)) problems.push(`${call.label}: no list answered`);
    else {
      const own = (answer as Record<string, unknown>[]).find((listed) => wantedIds(id).includes(String(listed["id"]).toLowerCase()));
      if (call.expect === "listed" && own === undefined) problems.push(`${call.label}: not listed`);
      if (call.expect === "not listed" && own !== undefined) problems.push(`${call.label}: listed`);
      const object = objects.find((o) => o.name === call.object);
      if (call.label === "all" && own !== undefined && object !== undefined)
        problems.push(...shapeProblems(object, own, state?.outputs ?? {}).map((problem) => `shape: ${problem}`));
      const filter = call.filter;
      if (filter !== undefined) {
        const others = (answer as Record<string, unknown>[]).filter((listed) => !matchesFilter(filter.spec, listed, filter.value));
        if (others.length > 0) problems.push(`${call.label}: also lists ${others.length} not matching`);
      }
    }
    const previous = results.get(call.object);
    const list = Array.isArray(previous) ? previous : [];
    list.push(...problems.map((problem) => `${problem}`));
    results.set(call.object, list);
  }
  for (const [object, problems] of results) {
    if (!Array.isArray(problems)) continue;
    const own = program.calls.filter((call) => call.object === object);
    const labels = own.filter((call) => call.label.endsWith("=hit")).map((call) => call.label.slice(0, -4));
    const widening = own.filter((call) => call.label.endsWith("=widens")).map((call) => call.label.slice(0, -"=widens".length));
    const lookups = own.filter((call) => call.calls === "lookup" && call.expect === "listed").map((call) => call.label.slice("lookup by ".length));
    const unexercised = program.notExercised.get(object) ?? [];
    results.set(
      object,
      problems.length > 0
        ? problems
        : [
            ...(own.some((call) => call.label === "all")
              ? [`ok: found${labels.length > 0 ? `; ${labels.join(", ")} narrow` : ""}${widening.length > 0 ? `; ${widening.join(", ")} widen` : ""}`]
              : ["ok: no list function"]),
            ...(lookups.length > 0 ? [`looked up by ${lookups.join(", ")}`] : []),
            ...(unexercised.length > 0 ? [`not exercised: ${unexercised.join(", ")}`] : []),
          ].join("; "),
    );
  }
  return results;
}
