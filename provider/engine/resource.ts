/**
 * The one interface every kind implements, and the registry's entry for it.
 * Two drivers serve it: the native plugin (`provider/native/`, over the
 * provider protocol) and the dynamic provider (`dynamic.ts`, what the
 * dynamic classes' shim loads). A kind is written once; neither driver knows
 * one kind from another. Every operation that talks to the service takes its
 * {@link OperationContext} first.
 */
import type { OperationContext } from "./context/operation";
import type { ProviderSettings } from "./context/settings";
import type { CheckFailure, FieldTable } from "./fields/fields";
import type { OutputSpec } from "./state/outputs";
import type { ZodType } from "zod";
import type { DeclaredEndpoint } from "../client/resources";

export type { OutputSpec } from "./state/outputs";

/** Properties as the engine and the operations exchange them (`__provider` included on the dynamic path). */
export type Properties = Record<string, unknown>;

/** The one diff result of every resource. Paths are the field table's dotted input paths. */
export interface ResourceDiff {
  /** Always explicit: false means the engine shows no change. */
  readonly changes: boolean;
  /** Paths whose change replaces the resource (an output-only path such as `status` when the service's state forces it). */
  readonly replaces: readonly string[];
  /** Paths changed without a replacement: in place, by a new revision, or provider settings kept in the state. */
  readonly updates: readonly string[];
  /** Delete the old resource before creating the new one (a name that must stay unique). */
  readonly deleteBeforeReplace: boolean;
  /** An earlier operation did not finish (a wait to resume): update runs even when no property changed or all changes are ignored. */
  readonly pending: boolean;
}

/** What check returns: the inputs to record (defaults filled in) and one failure per bad property. */
export interface CheckResult {
  readonly inputs: Properties;
  readonly failures: readonly CheckFailure[];
  /** Lines for the engine to show under the resource: warnings (an input that works only on a self-hosted install) and notes (what changed in a source directory); default none. */
  readonly notes?: readonly CheckNote[];
}

/** A line check sends to the engine: a warning, or information worth keeping in a preview. */
export interface CheckNote {
  readonly severity: "info" | "warning";
  /** One sentence; never a secret's value. */
  readonly message: string;
}

/**
 * The part of a kind's check that reads this machine's files (a source
 * directory to ship): the native provider runs it after {@link
 * LangSmithResource.check}; the dynamic provider, whose inputs do not carry
 * Pulumi archives, refuses the inputs it names.
 */
export interface LocalCheck {
  /** The top-level inputs it reads, e.g. `sourceArchive`. */
  readonly inputs: readonly string[];
  /**
   * Checks them, without any request, and answers the inputs to record (with
   * what it read, e.g. a content hash under a `__` key).
   *
   * @param olds the previous inputs (empty for a create): what they recorded may spare reading again.
   * @param checked the result of {@link LangSmithResource.check}, without failures.
   */
  run(olds: Properties, checked: CheckResult): Promise<CheckResult>;
}

/** A resource the service has, as an import reads it from its id alone. */
export interface ImportedResource {
  /** The service's id, when the import named the object otherwise (a natural key such as a display name); default: the id given. */
  readonly id?: string;
  /** The inputs that reproduce it; never a secret's value. */
  readonly inputs: Properties;
  /** The outputs a create would have recorded. */
  readonly outputs: object;
}

/** One LangSmith resource: its type, its field table, its outputs, and its operations. */
export interface LangSmithResource {
  /** Type token, e.g. `langsmith:index:Deployment`. */
  readonly token: string;
  /** Schema description (Markdown). */
  readonly description: string;
  /** What each grouped input is (the object a dotted path such as `sourceConfig.repoUrl` lives in), by group; one sentence each. */
  readonly groupDocs?: Readonly<Record<string, string>>;
  /** The field table: every input. */
  readonly fields: FieldTable;
  /** Top-level inputs not echoed in the outputs (secrets kept as fingerprints, create-only options). */
  readonly inputsNotInOutputs: readonly string[];
  /** Output-only properties. */
  readonly outputs: readonly OutputSpec[];
  /** Where the object lives: `organization`, or one `workspace` (sent as `X-Tenant-Id`). */
  readonly scope: "organization" | "workspace";
  /** The forms of the id `pulumi import` takes, e.g. `<id>`, `<name>`, `<workspaceId>/<id>` (the reference lists them). */
  readonly importForms: readonly string[];
  /** The contract's bodies the kind sends and reads (for the contract coverage test, tests/unit/contractCoverage.test.ts). */
  readonly contract: KindContract;
  /** Outputs of any release in today's layout (the one place old state is recognised). */
  migrate(outputs: Properties): Properties;
  /**
   * Validates inputs without any request.
   *
   * @param olds the previous inputs (empty for a create).
   * @param settings the stack's settings, for the checks that depend on them (a self-hosted install's
   *   destinations may omit credentials); both drivers pass them; absent, a hosted install is assumed.
   */
  check(olds: Properties, news: Properties, settings?: ProviderSettings): CheckResult;
  /** What check reads of this machine's files (native provider only); absent for most kinds. */
  readonly checkLocal?: LocalCheck;
  /** Compares the previous outputs (already migrated) with the new, checked inputs. */
  diff(olds: Properties, news: Properties): ResourceDiff;
  /** Creates it; a failure after the service has it is a `PartialFailure` (see partialFailure.ts). */
  create(context: OperationContext, inputs: Properties): Promise<{ id: string; outs?: object }>;
  /** Reads it for a refresh; `undefined` when the service no longer has it (in the recorded workspace). */
  read(context: OperationContext, id: string, outputs: Properties): Promise<{ id: string; props: Properties } | undefined>;
  /** Applies new inputs to it. */
  update(context: OperationContext, id: string, olds: Properties, news: Properties): Promise<{ outs?: object }>;
  /** Deletes it (or, where the service cannot, leaves it with a warning). */
  delete(context: OperationContext, id: string, outputs: Properties): Promise<void>;
  /** Reads one the service already has from its id alone (`pulumi import`, `Resource.get`); `undefined` when there is none. */
  import(context: OperationContext, id: string): Promise<ImportedResource | undefined>;
  /**
   * The kind's objects the service has in one scope, each as the id
   * `import` takes (`adopt` reads an organization through it); absent for a
   * kind that cannot be listed.
   */
  list?(context: OperationContext, scope: ListingScope): Promise<ListedObject[]>;
  /** The inputs the kind's objects live under, each with the kind of object it names (a tag value's `tagKeyId`: a TagKey); none for most kinds. */
  readonly parents?: readonly KindParent[];
  /** The kind's list function (`get<Kinds>`), when it declares one (see `engine/kind/listFunction.ts`). */
  readonly listFunction?: KindListFunction;
  /** What the kind's lookup (`get<Kind>`) takes beyond its import forms' keys; absent: those keys only. */
  readonly lookup?: KindLookup;
}

/**
 * What a kind's lookup (`get<Kind>`) takes beyond the keys of its import
 * forms, each answered from the scope's list (see
 * `provider/native/lookupFunctions.ts`). Several objects answering it are
 * refused, naming their ids.
 */
export interface KindLookup {
  /** An input the lookup also takes as a key: the kind's name field (a run rule's `displayName`), matched exactly against the names the scope's list holds. */
  readonly byName?: string;
  /** Whether the lookup given no key at all answers the scope's only object (the organization's SSO configuration). */
  readonly onlyObject?: boolean;
}

/**
 * The type of a list function's filter argument: `uuid` is a string holding
 * a UUID; `strings` a list of strings (sent as a repeated query parameter);
 * `stringMap` a map of strings (sent as one query parameter holding it as
 * JSON, as the service's `metadata` filters take it).
 */
export type ListFilterType = "string" | "uuid" | "boolean" | "integer" | "strings" | "stringMap";

/** What every filter of a list function declares. */
interface ListFilterCommon {
  /** The argument's type. */
  readonly type: ListFilterType;
  /** What it keeps, for the schema (one sentence). */
  readonly doc: string;
  /** The values the service accepts, for a filter by one of a few (a dataset's `kv`, `llm`, `chat`; each item of a `strings` filter); default any. */
  readonly values?: readonly string[];
  /**
   * The list endpoint the filter is sent to when given, for a filter the
   * kind's own list does not take (a tag key's `resourceType`, which only the
   * list of the keys with their values reads); the call then reads that
   * list. Default: the kind's list endpoint.
   */
  readonly endpoint?: DeclaredEndpoint;
}

/**
 * A filter about an output of the listed objects: sent as a query parameter
 * of the kind's list, or, without {@link query}, matched against the objects
 * read. The conformance matrix calls it with the value an object it made
 * has there, and with another.
 */
export interface OutputListFilter extends ListFilterCommon {
  /** The list's query parameter it is sent as (e.g. `name_contains`); absent: matched here against {@link output}. */
  readonly query?: string;
  /** The output property of a listed object the filter is about (the conformance matrix takes its value from an object the program made). */
  readonly output: string;
  /**
   * How it matches that property, here and in the matrix's check of what
   * the service answered: `equals` (default; for a `strings` filter, every
   * given value is in the output's list; for a `stringMap`, every given
   * pair is in the output's map), `contains` (a substring,
   * case-insensitive), or `widens`: a flag that adds objects the list leaves
   * out by default (deleted workspaces), so it narrows nothing and the
   * objects it adds are those whose property is true.
   */
  readonly match?: "equals" | "contains" | "widens";
}

/**
 * How the conformance matrix calls a filter that names no output, from what
 * the state records of an object it made: a value that keeps the object
 * and one that leaves it out (`undefined`: the object has nothing to take
 * one from), or why it cannot (`skip`), the filter then tested on its own.
 */
export type ListFilterExercise =
  | { readonly skip: string }
  | { readonly hit: (recorded: Readonly<Record<string, unknown>>) => unknown; readonly miss: (recorded: Readonly<Record<string, unknown>>) => unknown };

/**
 * A filter about something no one output of a listed object holds (the
 * dataset version an example list is read at, a filter expression, a text
 * searched in several outputs): always sent to the service, never matched
 * here.
 */
export interface SentListFilter extends ListFilterCommon {
  /** The list's query parameter it is sent as. */
  readonly query: string;
  readonly output?: undefined;
  /** How the conformance matrix exercises it, or why it cannot. */
  readonly matrix: ListFilterExercise;
}

/** One filter of a list function, by argument name (camelCase). */
export type ListFilter = OutputListFilter | SentListFilter;

/**
 * A property a listed object carries beyond the resource's outputs: what
 * the service's list answers of each object but a resource does not record
 * (a statistic that drifts, such as a dataset's example count; a fact of the
 * caller's, such as its role in a workspace). Read from the list answer's
 * object; unset where the answer has no value.
 */
export interface ListedOnlyProperty {
  /** Where the list answer's object holds it: a dotted wire path, e.g. `example_count`. */
  readonly wire: string;
  /** Its type in the schema: a string, an integer, a boolean, or a list of strings. */
  readonly type: "string" | "integer" | "boolean" | "stringList";
  /** What it is, for the schema (one sentence, with its unit where it has one). */
  readonly doc: string;
}

/** A kind's list function: its filters, the parents' ids it needs, and the call. */
export interface KindListFunction {
  /** The filters, by argument name. */
  readonly filters: Readonly<Record<string, ListFilter>>;
  /** Inputs a listed object does not carry (the service's list leaves them out); none for most kinds. */
  readonly leftOut: readonly string[];
  /** The properties a listed object carries beyond the resource's outputs, by name; none for most kinds. */
  readonly listedOnly: Readonly<Record<string, ListedOnlyProperty>>;
  /** The inputs the objects live under (a tag value's `tagKeyId`): required arguments. */
  readonly parents: readonly string[];
  /** The list endpoint the filters with a `query` are sent to; absent for a kind listed through its own reads. */
  readonly endpoint?: DeclaredEndpoint;
  /** Where the endpoint's path starts: `api` (below `/api/v1`) or `origin`. */
  readonly base: "api" | "origin";
  /**
   * Every object in the scope the arguments name (`workspaceId` for a
   * workspace-scoped kind, default the configured one; the parents' ids)
   * that passes every filter given, in the resource's output shape with its
   * `id`, paged to the end.
   */
  run(context: OperationContext, args: Properties): Promise<Properties[]>;
  /** A boolean argument that, true, lists every workspace's objects in one request (the organization's usage limits), with its schema description; absent for most kinds. */
  readonly organizationWide?: { readonly argument: string; readonly doc: string };
}

/** Where {@link LangSmithResource.list} looks. */
export interface ListingScope {
  /** The workspace, for a workspace-scoped kind (sent as `X-Tenant-Id`). */
  readonly workspaceId?: string;
  /** The ids of the objects the kind lives under, by input name (see {@link LangSmithResource.parents}). */
  readonly parents: Readonly<Record<string, string>>;
}

/** One object a listing found. */
export interface ListedObject {
  /** The id `import` takes for it (`[<workspaceId>/][<parent ids>/]<id>`). */
  readonly importId: string;
  /** The service's id of it. */
  readonly id: string;
  /** Its own name (the kind's name field), when it has one. */
  readonly name?: string;
  /** Why `adopt` leaves it out (the service's own object, a key that has expired), when it does. */
  readonly leftOutBecause?: string;
  /** Its record in the service's list answer, when the listing read one: the list function reads the kind's listed-only properties from it. */
  readonly wire?: Readonly<Record<string, unknown>>;
  /**
   * It in the resource's output shape (the inputs the resource echoes with
   * them), when the listing's answer holds all of it (a member, from the
   * members answer): the list function takes it as it is instead of reading
   * it through `import`, and so also lists what an import refuses (a
   * workspace's pending invitation, which `adopt` leaves out).
   */
  readonly outputs?: Properties;
}

/** An input a kind's objects live under, and the kind of the object it names. */
export interface KindParent {
  readonly input: string;
  readonly token: string;
}

/**
 * The bodies of the published contract a kind is made of: the request
 * bodies it sends (create, update) and the objects the service answers with
 * (the object as read), generated wire schemas all.
 */
export interface KindContract {
  /** Request bodies (create first). */
  readonly requests: readonly ZodType[];
  /** The object as the service answers it. */
  readonly responses: readonly ZodType[];
  /** Wire paths of the object read into outputs other than the echoed inputs (e.g. `created_at`). */
  readonly outputWires: readonly string[];
}

/** The areas the kinds are grouped by: the same as `contract/` and `docs/`. */
export type KindArea = "deployments" | "exports" | "organization" | "tracing";

/** One kind in the registry (provider/registry/generated.ts): where it is declared, and how to load it. */
export interface RegisteredKind {
  /** Type token, e.g. `langsmith:index:Project`. */
  readonly token: string;
  /** The area the kind belongs to. */
  readonly area: KindArea;
  /** The declaring module, relative to `provider/` (e.g. `./tracing/project`). */
  readonly module: string;
  /** Loads the declaring module (on first use; Node.js caches it) and answers the kind's resource. */
  readonly load: () => LangSmithResource;
}
