/**
 * A kind's list function (`get<Kinds>`, e.g. `getProjects`): every object of
 * the kind in one scope, each in the resource's own output shape (the inputs
 * as the resource echoes them, what the service reports, `tenantId`, and
 * `id`; secret inputs as the resource keeps them, never their values, and
 * no secret output), paged to
 * the end; beside them, the properties the kind's listing declares a listed
 * object carries beyond the outputs (`listedOnly`: statistics such as a
 * dataset's example count), read from the list answer's object. The kind
 * declares it once ({@link ListingDeclaration}: its filters, paging and
 * listed-only properties); the native provider serves it and the schema
 * describes it (`provider/native/listFunctions.ts`).
 *
 * A kind read through its declared list endpoint is listed through it, the
 * filters sent as the list's query parameters (a list of strings repeated,
 * a map of strings as JSON; a filter the kind's list does not take, to the
 * list that does: {@link ListFilter.endpoint}). A kind whose reads are its
 * own (a deployment through the control plane, a member found by email) is
 * listed the way `adopt` lists it, then each object read as an import reads
 * it (or taken as the listing gave it, when its `list` hook gives the whole
 * object); its filters are matched against the objects read.
 */
import { withDefaults } from "../fields/fieldCheck";
import { getPath, isUnset, setPath } from "../fields/paths";
import type { OperationContext } from "../context/operation";
import type { DeclaredEndpoint } from "../../client/resources";
import type {
  KindListFunction,
  LangSmithResource,
  ListedObject,
  ListedOnlyProperty,
  ListFilter,
  ListFilterType,
  OutputListFilter,
  Properties,
} from "../resource";
import { SECRET_FINGERPRINTS_OUTPUT } from "../secrets/secretFingerprints";
import { LAST_OPERATION_OUTPUT } from "../state/outputs";
import type { ListingDeclaration } from "./declaration";
import { itemsOf, managed } from "./lookup";
import { outputsFor, tenantOf } from "./outputs";
import { apiOf, parentIds, type PreparedKind, settingsInScope } from "./prepare";

/** Most pages one list function reads: a bound on a runaway service. */
const MAX_PAGES = 1_000;

/** The provider's own outputs, which say nothing of the object: left out of a listed object (and of its schema type). */
export const BOOKKEEPING_OUTPUTS: ReadonlySet<string> = new Set([LAST_OPERATION_OUTPUT.name, SECRET_FINGERPRINTS_OUTPUT.name, "stateVersion"]);

/** Thrown when a list function is called without an argument it needs, or with one of the wrong type. */
export class ListArgumentError extends Error {}

/**
 * The list function of a declared kind, or `undefined` when its declaration
 * says it has none (`listing: { none }`) or declares no listing.
 *
 * @param resource the kind's resource: its `list` and `import`, for a kind whose reads are its own.
 */
export function listFunctionOf(kind: PreparedKind, resource: Pick<LangSmithResource, "list" | "import">): KindListFunction | undefined {
  const listing = kind.spec.listing;
  if (listing === undefined || "none" in listing) return undefined;
  const filters = listing.filters ?? {};
  // A read `fetch` hook changes how one object is read (a tagging of an agent), not what the list holds.
  const throughEndpoint = kind.endpoints.list !== undefined && kind.spec.hooks?.list === undefined;
  if (!throughEndpoint) {
    const sent = Object.entries(filters).filter(([, filter]) => filter.query !== undefined);
    if (sent.length > 0)
      throw new Error(
        `${kind.spec.token}: filters ${sent.map(([name]) => name).join(", ")} name a query, but the kind is not listed through its list endpoint`,
      );
  }
  for (const [name, filter] of Object.entries(filters)) {
    if (filter.endpoint !== undefined && filter.query === undefined)
      throw new Error(`${kind.spec.token}: filter ${name} names a list endpoint of its own but no query parameter to send there`);
  }
  return {
    filters,
    leftOut: listing.leftOut ?? [],
    listedOnly: listing.listedOnly ?? {},
    parents: kind.parents,
    ...(throughEndpoint && kind.endpoints.list !== undefined ? { endpoint: kind.endpoints.list } : {}),
    base: kind.spec.base ?? "api",
    ...(listing.organizationWide !== undefined ? { organizationWide: { argument: listing.organizationWide.argument, doc: listing.organizationWide.doc } } : {}),
    run: (context, args) => (throughEndpoint ? listThroughEndpoint(kind, listing, context, args) : listThroughImports(kind, resource, context, args)),
  };
}

/** The scope's inputs of a call: `workspaceId` (a workspace-scoped kind's, optional) and the parents' ids (required). */
function scopeOf(kind: PreparedKind, args: Properties): Properties {
  const props: Properties = {};
  for (const parent of kind.parents) {
    const value = args[parent];
    if (typeof value !== "string" || value === "") throw new ListArgumentError(`listing ${kind.spec.kind}s: \`${parent}\` is required`);
    props[parent] = value;
  }
  const workspaceId = args["workspaceId"];
  if (kind.spec.scope === "workspace" && typeof workspaceId === "string" && workspaceId !== "") props["workspaceId"] = workspaceId;
  return props;
}

/** How an argument of each filter type is named in an error. */
const TYPE_WORDS: Readonly<Record<ListFilterType, string>> = {
  string: "a string",
  uuid: "a uuid",
  boolean: "a boolean",
  integer: "an integer",
  strings: "a list of strings",
  stringMap: "a map of strings",
};

/** What a value is, for an error: `string`, `list`, `map`, … */
const kindOf = (value: unknown): string => (Array.isArray(value) ? "list" : value === null ? "null" : typeof value === "object" ? "map" : typeof value);

/** Whether a value is of a filter's type (an integer: a whole number). */
function ofType(type: ListFilterType, value: unknown): boolean {
  switch (type) {
    case "boolean":
      return typeof value === "boolean";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "strings":
      return Array.isArray(value) && value.every((item) => typeof item === "string");
    case "stringMap":
      return typeof value === "object" && value !== null && !Array.isArray(value) && Object.values(value).every((item) => typeof item === "string");
    default:
      return typeof value === "string";
  }
}

/** Whether an argument is unset: absent, `null`, or empty (`""`, `[]`, `{}`). */
const isEmpty = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === "" ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === "object" && !Array.isArray(value) && Object.keys(value).length === 0);

/** The filters the call sets, each checked against its type (and its values, each item's for a list). */
function givenFilters(kind: PreparedKind, filters: Readonly<Record<string, ListFilter>>, args: Properties): [string, ListFilter, unknown][] {
  const given: [string, ListFilter, unknown][] = [];
  for (const [name, filter] of Object.entries(filters)) {
    const value = args[name];
    if (isEmpty(value)) continue;
    if (!ofType(filter.type, value)) {
      const holding = (filter.type === "strings" && Array.isArray(value)) || (filter.type === "stringMap" && kindOf(value) === "map");
      const got = holding ? `a ${kindOf(value)} holding a non-string` : kindOf(value);
      throw new ListArgumentError(`listing ${kind.spec.kind}s: \`${name}\` must be ${TYPE_WORDS[filter.type]}, got ${got}`);
    }
    const values = filter.values;
    const items = Array.isArray(value) ? value.map(String) : [String(value)];
    const other = values === undefined ? undefined : items.find((item) => !values.includes(item));
    if (values !== undefined && other !== undefined)
      throw new ListArgumentError(`listing ${kind.spec.kind}s: \`${name}\` must be one of ${values.join(", ")}, got "${other}"`);
    given.push([name, filter, value]);
  }
  return given;
}

/** A filter's value as its query parameter holds it: a list as is (repeated), a map as JSON. */
function queryValue(filter: ListFilter, value: unknown): string | number | boolean | readonly string[] {
  if (filter.type === "stringMap") return JSON.stringify(value);
  return value as string | number | boolean | readonly string[];
}

/** The list endpoint a call reads: the one its given filters are sent to, else the kind's. */
function endpointOf(kind: PreparedKind, filters: readonly [string, ListFilter, unknown][]): DeclaredEndpoint | undefined {
  const own = filters.map(([, filter]) => filter.endpoint).filter((endpoint) => endpoint !== undefined);
  const first = own[0];
  if (first !== undefined && own.some((endpoint) => endpoint !== first))
    throw new ListArgumentError(`listing ${kind.spec.kind}s: the filters given are read from different lists; give one of them`);
  return first ?? kind.endpoints.list;
}

/** Every object of the list endpoint, the filters sent as its query, paged to the end. */
async function listThroughEndpoint(kind: PreparedKind, listing: ListingDeclaration, context: OperationContext, args: Properties): Promise<Properties[]> {
  const { spec } = kind;
  const wide = organizationWide(kind, listing, args);
  const props = scopeOf(kind, args);
  const filters = givenFilters(kind, listing.filters ?? {}, args);
  const list = wide?.endpoint ?? endpointOf(kind, filters);
  if (list === undefined) return [];
  const action = `listing ${spec.kind}s`;
  const settings = settingsInScope(context, spec.scope, action, props);
  const client = await context.client(settings);
  const params = parentIds(kind, props);
  const filterQuery = Object.fromEntries(
    filters.flatMap(([, filter, value]) => (filter.query === undefined ? [] : [[filter.query, queryValue(filter, value)]])),
  );
  const read = async (page: Record<string, number>): Promise<Record<string, unknown>[]> =>
    itemsOf(kind, await apiOf(kind, client).send(list, { action, params, query: { ...filterQuery, ...page } })) ?? [];
  const paging =
    wide !== undefined
      ? { by: "none" as const }
      : (listing.paging ?? (kind.batchRead?.by === "pages" ? { by: "offset" as const, pageSize: kind.batchRead.pageSize } : { by: "none" as const }));
  const items: Record<string, unknown>[] = [];
  if (paging.by === "offset") {
    for (let page = 0; page < MAX_PAGES; page++) {
      const got = await read({ limit: paging.pageSize, offset: page * paging.pageSize });
      items.push(...got);
      if (got.length < paging.pageSize) break;
    }
  } else {
    items.push(...(await read({})));
  }
  const local = localFilters(filters);
  return items
    .filter((item) => managed(kind, item))
    .map((item) => ({ ...listedObject(kind, item, props, tenantOf(settings, item)), ...listedOnlyOf(listing, item) }))
    .filter((object) => object["id"] !== "" && local.every(([filter, value]) => matchesFilter(filter, object, value)));
}

/** The listing's organization-wide read, when the call asks for it (its argument true). */
function organizationWide(kind: PreparedKind, listing: ListingDeclaration, args: Properties): ListingDeclaration["organizationWide"] {
  const wide = listing.organizationWide;
  const value = wide === undefined ? undefined : args[wide.argument];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "boolean") throw new ListArgumentError(`listing ${kind.spec.kind}s: \`${wide?.argument ?? ""}\` must be a boolean, got ${typeof value}`);
  return value ? wide : undefined;
}

/** One object of a list answer in the resource's output shape, with its id. */
function listedObject(kind: PreparedKind, wire: Record<string, unknown>, props: Properties, tenantId: string | undefined): Properties {
  const { spec } = kind;
  const id = typeof wire["id"] === "string" ? wire["id"] : (spec.idOf?.(wire, {}) ?? "");
  const inputs = { ...withDefaults(spec.fields, readFields(kind, wire)), ...props };
  return { id, ...withoutBookkeeping(kind, outputsFor(kind, inputs, wire, tenantId, "")) };
}

/** The echoed inputs as the service's object holds them (an import leaves out what equals "unset"; a listing shows it). */
function readFields(kind: PreparedKind, wire: Record<string, unknown>): Properties {
  const out: Properties = {};
  for (const field of kind.echoed) {
    if (field.wire === undefined) continue;
    const raw = getPath(wire, field.wire);
    const value = field.fromWire !== undefined ? field.fromWire(raw) : raw;
    if (!isUnset(value)) setPath(out, field.path, value);
  }
  return out;
}

/** Every object as `adopt` lists it, each read as an import reads it; the filters matched against what was read. */
async function listThroughImports(
  kind: PreparedKind,
  resource: Pick<LangSmithResource, "list" | "import">,
  context: OperationContext,
  args: Properties,
): Promise<Properties[]> {
  if (resource.list === undefined) return [];
  const props = scopeOf(kind, args);
  const filters = givenFilters(kind, (kind.spec.listing as ListingDeclaration).filters ?? {}, args);
  const workspaceId =
    typeof props["workspaceId"] === "string" ? props["workspaceId"] : kind.spec.scope === "workspace" ? context.settings.client.workspaceId : undefined;
  const parents = Object.fromEntries(kind.parents.map((name) => [name, String(props[name])]));
  const listed = await resource.list(context, { ...(workspaceId !== undefined ? { workspaceId } : {}), parents });
  const listing = kind.spec.listing as ListingDeclaration;
  const objects: Properties[] = [];
  for (const entry of listed) {
    const read =
      entry.outputs !== undefined ? { id: entry.id, ...withoutBookkeeping(kind, entry.outputs) } : await importedObject(kind, resource, context, entry);
    if (read === undefined) continue;
    const object = { ...read, ...listedOnlyOf(listing, entry.wire ?? {}) };
    if (localFilters(filters).every(([filter, value]) => matchesFilter(filter, object, value))) objects.push(object);
  }
  return objects;
}

/** One object read as `import` reads it, in the resource's output shape with its id; `undefined` when the import finds none. */
async function importedObject(
  kind: PreparedKind,
  resource: Pick<LangSmithResource, "import">,
  context: OperationContext,
  entry: ListedObject,
): Promise<Properties | undefined> {
  const imported = await resource.import(context, entry.importId);
  if (imported === undefined) return undefined;
  // The inputs an import reads that its outputs leave to the engine (a deployment's plain variables), as a create's outputs echo them.
  const echoed = Object.fromEntries(Object.entries(imported.inputs).filter(([name]) => kind.echoed.some((field) => field.path.split(".")[0] === name)));
  return { id: imported.id ?? entry.id, ...echoed, ...withoutBookkeeping(kind, imported.outputs as Properties) };
}

/** The listing's listed-only properties of one object of the list answer: each its wire value when that has the declared type, else left out. */
export function listedOnlyOf(listing: Pick<ListingDeclaration, "listedOnly">, wire: Readonly<Record<string, unknown>>): Properties {
  const out: Properties = {};
  for (const [name, property] of Object.entries(listing.listedOnly ?? {})) {
    const value = getPath(wire as Record<string, unknown>, property.wire);
    if (hasType(property, value)) out[name] = value;
  }
  return out;
}

/** Whether a wire value is of a listed-only property's type (`null` and absent are not). */
function hasType(property: ListedOnlyProperty, value: unknown): boolean {
  switch (property.type) {
    case "string":
      return typeof value === "string";
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "boolean":
      return typeof value === "boolean";
    case "stringList":
      return Array.isArray(value) && value.every((item) => typeof item === "string");
  }
}

/** The given filters matched here: those with an output and no query (a filter with neither is refused at its declaration). */
function localFilters(filters: readonly [string, ListFilter, unknown][]): [OutputListFilter, unknown][] {
  return filters.flatMap(([, filter, value]) =>
    filter.query === undefined && filter.output !== undefined ? [[filter, value] as [OutputListFilter, unknown]] : [],
  );
}

/**
 * Whether a listed object passes a filter about its output: the output
 * equal to the value, or containing it (`contains`: case-insensitive); for
 * a list of strings, every given value in the output's list (a single
 * string output is a list of one); for a map of strings, every given pair
 * in the output's map; a widening filter (`widens`) narrows nothing. The
 * conformance matrix checks the service's answers with it too.
 */
export function matchesFilter(filter: OutputListFilter, object: Properties, value: unknown): boolean {
  if (filter.match === "widens") return true;
  const actual = getPath(object, filter.output);
  if (isUnset(actual)) return false;
  if (filter.type === "strings") {
    const held = (Array.isArray(actual) ? actual : [actual]).map(String);
    return Array.isArray(value) && value.every((item) => held.includes(String(item)));
  }
  if (filter.type === "stringMap") {
    if (typeof actual !== "object" || actual === null || Array.isArray(actual) || typeof value !== "object" || value === null) return false;
    return Object.entries(value).every(([key, wanted]) => (actual as Record<string, unknown>)[key] === wanted);
  }
  if (filter.match === "contains") return String(actual).toLowerCase().includes(String(value).toLowerCase());
  return actual === value;
}

/**
 * The outputs without the provider's own bookkeeping, and without the kind's
 * secret outputs (a dataset's share token): a listed object is no secret, and
 * its schema type has none of them.
 */
function withoutBookkeeping(kind: PreparedKind, outputs: Properties): Properties {
  const secret = new Set(kind.outputSpecs.filter((output) => output.secret === true).map((output) => output.name));
  return Object.fromEntries(Object.entries(outputs).filter(([name]) => !BOOKKEEPING_OUTPUTS.has(name) && !secret.has(name)));
}
