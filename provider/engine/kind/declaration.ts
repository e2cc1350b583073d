/**
 * What a kind on the generic path declares: its field table, its endpoints
 * (generated wire schemas), the outputs it reads from the service, its scope,
 * its natural key, and the few hooks where one request is not the whole
 * story. `prepare.ts` derives what every operation needs from it once; the
 * operations (`check.ts`, `diff.ts`, `create.ts`, `read.ts`, `write.ts`) are module functions over that.
 */
import { z } from "zod";
import type { LangSmithClient } from "../../client";
import type { DeclaredEndpoint } from "../../client/resources";
import { exampleRef, type FieldSpec, type FieldTable, type InputsOf, unknownOr } from "../fields/fields";
import { uuid } from "../fields/validators";
import type { OperationContext } from "../context/operation";
import type { ProviderSettings } from "../context/settings";
import type { CheckResult, KindContract, LocalCheck, LangSmithResource, ListedOnlyProperty, ListFilter, Properties } from "../resource";
import type { OutputSpec } from "../state/outputs";
import type { CreateHooks, DiffHooks, ReadHooks, UpdateHooks, WireObject } from "./hooks";

/** An endpoint of a CRUD resource; `{id}` in its path is the object's id, other placeholders are inputs of the same name. */
export type AnyEndpoint = DeclaredEndpoint;

/** What an endpoint answers, typed by its response schema (`unknown` without one). */
export type AnswerOf<Declared extends AnyEndpoint> = Declared extends { readonly response?: infer Schema }
  ? Schema extends z.ZodType
    ? z.output<Schema>
    : unknown
  : unknown;

/** The endpoints a CRUD resource is made of (each typed by its request and response schemas: their answers type `unwrap` and `listItems`). */
export interface CrudEndpoints {
  /** Creates one; its answer is the object. */
  readonly create: AnyEndpoint;
  /** Lists the scope's objects (an array): refresh and import use it when there is no {@link get}; absent where the service has no list (then `get` is required, and there is no natural key). */
  readonly list?: AnyEndpoint;
  /** Reads one by `{id}`, where the service has it. */
  readonly get?: AnyEndpoint;
  /** Changes the in-place fields; absent when every change replaces. */
  readonly update?: AnyEndpoint;
  /** Deletes one; absent when the service cannot (destroy then leaves it, with a warning: see `leftOnDestroy`). */
  readonly delete?: AnyEndpoint;
}

/** An output the service reports: an output of the schema and where it is in the service's object. */
export type WireOutput = OutputSpec & {
  /** Dotted path of the value in the service's object, e.g. `created_at`. */
  readonly wire: string;
  /**
   * Only the create answer has it (an API key's secret key, shown once):
   * refresh and update keep the recorded value, an import cannot know it.
   * Default false.
   */
  readonly onlyAtCreate?: boolean;
};

/**
 * How a refresh reads many objects of one kind through the kind's list
 * instead of one GET each (see `../reads/`): the
 * reads that arrive together are one batch, and the pages of the list
 * fetched for a batch serve the later reads of the same operation.
 * - `pages`: the scope's list page by page (`offset`, `limit` of
 *   `pageSize`), as far as the batch's ids need and at most one page for
 *   every two reads asked so far; with `idsQuery`, the ids the pages did not
 *   reach are then asked of the list filtered by id (`?id=a&id=b`,
 *   `LARGEST_PAGE` (100) a request);
 * - `list`: the scope's whole list, in one answer.
 *
 * Only for a kind whose list answers carry every field its GET does. An id
 * that neither finds is read on its own by GET (a 404 then says it is gone),
 * so an object that moved between pages, or was changed while the pages were
 * read, is never taken for deleted.
 */
export type BatchRead = ({ readonly by: "pages"; readonly pageSize: number; readonly idsQuery?: string } | { readonly by: "list" }) & {
  /** Inputs whose values the list's objects leave out (an annotation queue's rubric): a resource that sets any is read by GET. Default none. */
  readonly notInList?: readonly string[];
};

/**
 * A kind's list function (`get<Kinds>`, see `listFunction.ts`): its filters
 * and how its list pages. The endpoint is the kind's `list`.
 */
export interface ListingDeclaration {
  /** The filters, by argument name (camelCase, e.g. `nameContains`); default none. */
  readonly filters?: Readonly<Record<string, ListFilter>>;
  /**
   * How the list pages: `offset` (`offset` and `limit` of `pageSize`, until a
   * short page) or `none` (one answer holds every object). Default: the
   * {@link BatchRead} pages' size, else `none`.
   */
  readonly paging?: { readonly by: "offset"; readonly pageSize: number } | { readonly by: "none" };
  /** Inputs the list's objects do not carry (a prompt's manifest, in its commits): unset in a listed object; default none. */
  readonly leftOut?: readonly string[];
  /**
   * A boolean argument (`argument`, e.g. `organizationWide`) that, true,
   * reads `endpoint` instead of the kind's list: every workspace's objects in
   * one request, not paged (the organization's usage limits); `doc` is its
   * schema description. Default none.
   */
  readonly organizationWide?: { readonly argument: string; readonly endpoint: AnyEndpoint; readonly doc: string };
  /**
   * Properties a listed object carries beyond the resource's outputs, by
   * name (camelCase, e.g. `exampleCount`): read from each object of the list
   * answer (for a kind listed through its own `list` hook, from the record
   * each entry gives as its `wire`); default none. For what the service's
   * list answers but a resource deliberately does not record: statistics,
   * which drift, and the caller's own facts (its role in a workspace).
   */
  readonly listedOnly?: Readonly<Record<string, ListedOnlyProperty>>;
}

/** The statuses of an object the service builds asynchronously (a data plane); the waits through them are `lifecycle.ts`. */
export interface StatusLifecycle {
  /** Wire path of the status in the object's answer, e.g. `status`. */
  readonly status: string;
  /** Wire path of the service's explanation of the status (e.g. a failed build's `status_message`), named by a wait that ends off the way; default none. */
  readonly message?: string;
  /** Statuses of a usable object: a create and an update end in one. */
  readonly ready: readonly string[];
  /** Statuses of work in progress (provisioning, an update), waited through. */
  readonly busy: readonly string[];
  /** Statuses of a deletion in progress, waited through until the object is gone. */
  readonly deleting: readonly string[];
  /** Statuses that mean the object is gone, as a 404 does; default none. */
  readonly gone?: readonly string[];
  /** Statuses a delete may be sent in besides the ready ones (e.g. a failed provisioning); default none. */
  readonly deletableToo?: readonly string[];
  /** Default deadline of each operation's waits, in seconds. */
  readonly timeoutSeconds: { readonly create: number; readonly update: number; readonly delete: number };
  /** Time between two reads of the object, in milliseconds, unless `LANGSMITH_POLL_MIN_INTERVAL_MS` sets one. */
  readonly pollIntervalMs: number;
}

/**
 * What the state records of a kind: its inputs echoed (any of them may be
 * absent from an older state), and its outputs by name.
 */
export type StateOf<Inputs> = Partial<Inputs> & { readonly [output: string]: unknown };

/**
 * Everything a kind declares: the one way a kind is written (see
 * `declare.ts`). `Table` is its field table (declared `as const`): the hooks
 * that take the kind's inputs receive them typed by it ({@link InputsOf}).
 * `Wire` is the service's object as the kind's reads see it, typed by the
 * generated wire schema its {@link KindDeclaration.object} names: the
 * options that shape or sort the service's answers receive it typed.
 */
export interface KindDeclaration<Table extends FieldTable = FieldTable, Wire extends WireObject = WireObject, Endpoints extends CrudEndpoints = CrudEndpoints> {
  /** Type token, e.g. `langsmith:index:Workspace`. */
  readonly token: string;
  /** The noun in messages and progress lines, e.g. `workspace`. */
  readonly kind: string;
  /** Schema description (Markdown). */
  readonly description: string;
  /** What each grouped input is (the object a dotted path lives in, e.g. `sourceConfig`), by group: its schema description. Default none. */
  readonly groupDocs?: Readonly<Record<string, string>>;
  /**
   * `organization`: the object belongs to the organization (the key must be organization-scoped);
   * `workspace`: it lives in one workspace, its `workspaceId` input or the configured one, sent as `X-Tenant-Id`.
   */
  readonly scope: "organization" | "workspace";
  /** The field table (a workspace-scoped resource includes {@link workspaceIdField}). */
  readonly fields: Table;
  /** The top-level input naming the object in messages (e.g. `displayName`); default: its id. */
  readonly nameField?: string;
  /**
   * The object's name in messages where no one input names it (a bulk
   * export's `project→destination`), from its inputs or outputs; `undefined`
   * falls back to {@link nameField}. Default: {@link nameField}'s value, else its id.
   */
  displayName?(props: StateOf<InputsOf<Table>>): string | undefined;
  /**
   * The schema of the service's object as the kind's reads see it (after
   * {@link unwrap} or {@link listItems}), from the generated wire schemas
   * (`client/wire`), e.g. `zEvaluatorSchema`: it types {@link idOf},
   * {@link unwrap}, {@link listItems}, {@link manages},
   * {@link serviceOwned} and {@link notAdopted}. Default: any JSON object.
   */
  readonly object?: z.ZodType<Wire>;
  /** The endpoints the generic path sends; absent only when {@link KindHooks} replace every step that talks to the service. */
  readonly endpoints?: Endpoints;
  /** Outputs the service reports beyond the echoed inputs (the generic path reads them at `wire`); default none. */
  readonly outputs?: readonly WireOutput[];
  /**
   * Where the kind's hooks write the outputs themselves (a deployment's
   * revision and wait timings): the whole output list, in place of the
   * generic one (the declared outputs, `tenantId`, secret fingerprints,
   * `lastOperation`, `stateVersion`). Default: the generic list.
   */
  readonly recordedOutputs?: readonly OutputSpec[];
  /** Top-level inputs the outputs leave out; default: the secret and create-only fields. */
  readonly inputsNotInOutputs?: readonly string[];
  /**
   * The kind's list function (`get<Kinds>`): its filters and paging, or
   * `{ none }` with the reason it has none (a singleton's settings). Default:
   * no list function.
   */
  readonly listing?: ListingDeclaration | { readonly none: string };
  /** The steps where the generic path is not enough; default none. */
  readonly hooks?: KindHooks<StateOf<InputsOf<Table>>, InputsOf<Table>>;
  /**
   * The contract's bodies, for a kind whose hooks send requests other than
   * {@link endpoints} (a deployment's typed calls): what the contract
   * coverage test reads; default the endpoints' (create and update
   * requests; get, else create, response).
   */
  readonly contractBodies?: Partial<KindContract>;
  /**
   * What the lookup (`get<Kind>`) takes beyond the keys of the import forms:
   * `byName`, the kind's {@link nameField} as a key, matched exactly
   * against the names in the scope's list (not unique: a run rule's
   * `displayName`); `onlyObject`, no key at all, for the scope's only object
   * (the organization's SSO configuration). Several objects matching are
   * refused, naming their ids. Default: neither.
   */
  readonly lookup?: { readonly byName?: boolean; readonly onlyObject?: boolean };
  /** The forms of the id an import takes, for a kind whose `import` hook reads its own; default the generic path's (see `importForms` in prepare.ts). */
  readonly importForms?: readonly string[];
  /**
   * The natural key users know (an input path whose wire value is unique in
   * the scope): `pulumi import` accepts it instead of the id, and a create
   * refused because it is taken names the existing object's id.
   */
  readonly naturalKey?: string;
  /** Inputs whose value the service keeps unique in the scope: a replacement that keeps them deletes the old object first. */
  readonly unique?: readonly string[];
  /** Whether every replacement deletes the old object first (one membership per person: the new one cannot exist beside it); default false (see {@link unique}). */
  readonly replaceDeletesFirst?: boolean;
  /** Whether an update sends every field the service stores (its PATCH or PUT requires them all); default: only the changed ones. */
  readonly updateSendsAll?: boolean;
  /** Where the endpoints' paths start: `api` (below `/api/v1`, the default) or `origin` (the API's origin: `/v1/platform/...`). */
  readonly base?: "api" | "origin";
  /** The list's query parameter that filters by the natural key (e.g. `name`), so an import or a taken-name lookup reads one page; default: none (the whole list). */
  readonly naturalKeyQuery?: string;
  /**
   * The query parameter that names the object in a delete, for a service
   * keyed by a query rather than the path (feedback configs by
   * `feedback_key`; their update names it in the body); default none (the
   * id is `{id}` in the path).
   */
  readonly idQuery?: string;
  /** Where the service has no delete: the warning's words on what destroy leaves, e.g. `the workspace keeps its retention settings`. */
  readonly leftOnDestroy?: string;
  /** Whether the update request carries the object's id in its body (`id`), as an upsert does (a usage limit's PUT); default false. */
  readonly updateBodyHasId?: boolean;
  /**
   * Whether create is an upsert keyed by the natural key (a PUT that would
   * silently take over an existing object): create then refuses, with the
   * import hint, when the natural key is already taken. Default false.
   */
  readonly createUpserts?: boolean;
  /**
   * The request body as the service takes it, from the table's wire object
   * (create and update, which `operation` names), e.g. a one-item list for a
   * workspace secret's upsert, or a create's fixed type; default: the object as it is.
   */
  readonly wrapBody?: (body: Record<string, unknown>, operation: "create" | "update") => unknown;
  /** Query parameters of the delete request, from the recorded outputs (e.g. an evaluator's `delete_run_rules`); default none. */
  deleteQuery?(outputs: StateOf<InputsOf<Table>>): Record<string, string> | undefined;
  /** The body of the delete request, for a service that deletes by a write (a secret upserted with `null`); default none. */
  readonly deleteBody?: (id: string) => unknown;
  /** The id of a created object, when the create answer does not carry it (e.g. a secret's key); default its `id`. */
  idOf?(created: Wire | undefined, inputs: InputsOf<Table>): string;
  /** The object in a create, get or update answer that wraps it (e.g. `{ "repo": {...} }`); default: the answer as it is. */
  unwrap?(answer: AnswerOf<Endpoints["create"]> | AnswerOf<NonNullable<Endpoints["get"]>> | AnswerOf<NonNullable<Endpoints["update"]>>): Wire | undefined;
  /**
   * Runs after a create (`olds` undefined) or an update has written the
   * object: for what one request cannot do (a prompt's new manifest is one
   * commit); answers outputs to record beside the others. Default none.
   */
  afterWrite?(client: LangSmithClient, id: string, inputs: InputsOf<Table>, olds: StateOf<InputsOf<Table>> | undefined, action: string): Promise<Properties>;
  /** The objects of a list answer, when it is not a plain array (e.g. taggings grouped by value); default: the answer as it is. */
  listItems?(answer: AnswerOf<NonNullable<Endpoints["list"]>>): Wire[];
  /**
   * How reads that arrive together are answered through the list (see
   * {@link BatchRead}); default `list` for a kind with no GET (its read
   * lists anyway), none otherwise (each read is one GET).
   */
  readonly batchRead?: BatchRead;
  /** Which objects of the list this resource manages (e.g. custom roles, not the built-in ones); default: all. */
  manages?(wire: Wire): boolean;
  /**
   * Objects of the list that are the service's own rather than a
   * workspace's (e.g. the default model prices, which no one can change or
   * delete): a listing reports them as left out with `why`, and an import of
   * one is refused with `why`, which says what to do instead. Default none.
   */
  readonly serviceOwned?: ServiceOwned<Wire>;
  /**
   * Why `adopt` leaves out an object it could import (e.g. an API key that
   * has already expired), or `undefined` to take it; `now` is the time of
   * the listing. Default: every object is taken.
   */
  notAdopted?(wire: Wire, now: Date): string | undefined;
  /**
   * Checks the inputs against what the service knows (e.g. a role's
   * permissions against the organization's list) before a create or an
   * update sends anything; throws to refuse. Default: none.
   */
  beforeWrite?(client: LangSmithClient, inputs: InputsOf<Table>, action: string): Promise<void>;
  /**
   * The statuses of an object the service builds asynchronously (see
   * {@link StatusLifecycle}): a create and an update then wait until it is
   * ready, an update and a delete first wait out work in progress, a delete
   * waits until it is gone. Default none: a write is done when it is answered.
   */
  readonly lifecycle?: StatusLifecycle;
  /**
   * The API URL (`.../api/v1`) the object's writes go to, when it is not the
   * stack's (a workspace in a data plane of its own: that data plane's);
   * `undefined` for the stack's. Default: the stack's.
   */
  writesTo?(client: LangSmithClient, props: StateOf<InputsOf<Table>>, action: string): Promise<string | undefined>;
}

/** Which objects of a kind's list are the service's own (see {@link KindDeclaration.serviceOwned}). */
export interface ServiceOwned<Wire extends WireObject = WireObject> {
  /** True for an object of the service's own. */
  matches(wire: Wire): boolean;
  /** Why it is left out of adoption and refused by import, and what to do instead. */
  readonly why: string;
}

/**
 * The steps of a kind's lifecycle where the generic path is not enough. Read
 * and Diff are the engine's for every kind, wrapped by {@link ReadHooks} and
 * {@link DiffHooks} (see `hooks.ts`); create and update are the engine's,
 * wrapped by {@link CreateHooks} and {@link UpdateHooks} (a deployment's wait
 * for its revision). A kind whose write is not one request to the service
 * (a destination's test write, an export's runs, an invitation that becomes
 * a membership) may still name the step as a function that does it whole,
 * and delete is replaced that way. Each hook receives the kind's inputs and
 * state typed by its field table (`InputsOf`, `StateOf`). A replaced write
 * receives the outputs as the engine recorded them (it migrates them when it
 * needs today's layout); every write runs with the kind's list pages
 * forgotten, as the generic writes do.
 */
export interface KindHooks<State extends object = Properties, Inputs = Properties> {
  /** Check, replacing the table's (e.g. rules across fields, or ones that depend on a self-hosted install); `olds` are the previous inputs. */
  check?(olds: State, news: State, settings?: ProviderSettings): CheckResult;
  /** After check, what it reads of this machine's files (a source directory): see {@link LocalCheck}. */
  readonly checkLocal?: LocalCheck;
  /** Around the engine's Diff: fields the kind compares itself, and the result adjusted (a wait left unfinished that the next update resumes). */
  readonly diff?: DiffHooks<State>;
  /** Outputs of any release in today's layout; default: the generic layout's (version 1, no steps). */
  readonly migrate?: LangSmithResource["migrate"];
  /** Around the engine's create ({@link CreateHooks}); or the create whole, from the checked inputs. */
  readonly create?: CreateHooks<WireObject, Inputs, State> | ((context: OperationContext, inputs: State) => Promise<{ id: string; outs?: object }>);
  /** Around the engine's Read, for refresh and import alike: the request, the answer, what is recorded. */
  readonly read?: ReadHooks<WireObject, State>;
  /** Around the engine's update ({@link UpdateHooks}); or the update whole, from the recorded outputs and the checked inputs. */
  readonly update?: UpdateHooks<unknown, Inputs, State> | ((context: OperationContext, id: string, olds: State, news: State) => Promise<{ outs?: object }>);
  /** Delete (e.g. wait until the service has removed it, or cancel an export), from the recorded outputs. */
  delete?(context: OperationContext, id: string, outputs: State): Promise<void>;
  /** List (e.g. deployments through their typed calls); default the list endpoint's, when the kind declares one. */
  readonly list?: LangSmithResource["list"];
}

/**
 * The plain `description` input many kinds have: optional text, at
 * `description` on the wire, changed in place.
 *
 * @param doc what the description says of this kind, e.g. `What the project holds.`
 */
export function descriptionField<const Doc extends string>(doc: Doc) {
  return {
    path: "description",
    wire: "description",
    type: "string",
    doc,
    schema: z.string(),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "declared by the conformance matrix", changed: "changed by the conformance matrix" },
  } as const;
}

/** The type token of a workspace, which {@link workspaceIdField}'s example refers to. */
const WORKSPACE_TOKEN = "langsmith:index:Workspace";

/**
 * The `workspaceId` input of a workspace-scoped resource: the workspace it
 * lives in (sent as `X-Tenant-Id`); default the stack's `langsmith:workspaceId`.
 * Changing it replaces the object (the service cannot move it).
 */
export function workspaceIdField(kind: string) {
  return {
    path: "workspaceId",
    schema: unknownOr(uuid("workspaceId")),
    required: false,
    effect: "replace",
    secret: false,
    type: "string (UUID)",
    defaultDoc: "`langsmith:workspaceId`",
    doc: `Workspace the ${kind} lives in, e.g. a \`Workspace\` of this stack; sent as \`X-Tenant-Id\`.`,
    example: { value: exampleRef(WORKSPACE_TOKEN), changed: exampleRef(WORKSPACE_TOKEN, { other: true }) },
  } as const satisfies FieldSpec;
}
