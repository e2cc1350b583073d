/**
 * One declaration per plain CRUD kind of the REST API: where it lives
 * (paths), what a request may hold (the generated wire schemas), what the
 * service fills in, what must be unique, which scope owns it and which
 * permission a caller needs. `routes.ts` serves every declared kind with the
 * same handlers; a kind with behaviour of its own (keys shown once, upserts)
 * adds it through the hooks here rather than through routes of its own.
 * The stored object (`KindRecord`) is one of the state's records
 * (`../core/types.ts`); what a hook sees of a request (`KindCall`) is in
 * `kindCall.ts`.
 */
import type { z } from "zod";
import type { EmulatorContext } from "../core/context";
import type { KindRecord } from "../core/types";
import type { GoErrorStyle } from "./goErrors";
import type { KindCall } from "./kindCall";
import type { ListQuery } from "./listQuery";

/** Who owns the objects of a kind: the organization, or one workspace (sent as `X-Tenant-Id`). */
export type KindScope = "organization" | "workspace";

/**
 * How the service behind a kind answers a refused request: FastAPI (a
 * malformed request is a 422 `HTTPValidationError`, other errors
 * `{"detail": "..."}`), or one of the Go services (`/commits`,
 * `/v1/platform/...`: a malformed request is a 400, every error
 * `{"error": "..."}`; `goDetail`, the sandboxes service: the same with
 * `{"detail": {"error": "<code>", "message": "..."}}`; `problem`, the
 * platform's access policies: the same with RFC 9457 problem details).
 */
export type KindErrorStyle = "fastapi" | GoErrorStyle;

/** What a bulk delete did, id by id. */
export interface BulkDeleteResult {
  /** The deleted objects, in the order asked. */
  deleted: KindRecord[];
  /** The ids not deleted, with why (not found, or what `beforeDelete` refused). */
  failed: { id: string; error: string }[];
}

/**
 * A reference to an object of another kind: that kind's name (deleting the
 * named object deletes the referrer), or the kind and what deleting it does
 * to the referrer: `delete` it, or `unset` the field (to `null`).
 */
export type KindReference = string | { readonly kind: string; readonly onDelete: "delete" | "unset" };

/** The declaration of one kind. */
export interface KindDeclaration {
  /** Name of the kind in messages and in the state (`roles`). */
  readonly name: string;
  /** Singular noun for messages, e.g. `Role`. */
  readonly noun: string;
  readonly scope: KindScope;
  /**
   * Path of the collection (fastify syntax), e.g. `/api/v1/orgs/current/roles`
   * or `/api/v1/workspaces/current/tag-keys/:tag_key_id/tag-values`.
   */
  readonly collection: string;
  /**
   * A prefix the kind's writes (create, `PATCH`, `PUT`, `DELETE`) are also
   * served under, its path parameters handed to the hooks (a workspace's
   * writes at its data plane's API: `/data-planes/:data_plane_id`); default none.
   */
  readonly writesAlsoAt?: string;
  /** Name of the item's path parameter, e.g. `role_id` (items live at `<collection>/:<idParam>`). */
  readonly idParam: string;
  /**
   * Where the list and the items live when not at `<collection>` and
   * `<collection>/:<idParam>` (e.g. `/api/v1/orgs/current/members/pending`
   * and `/api/v1/orgs/current/members/:identity_id/pending`).
   */
  readonly paths?: { readonly list?: string; readonly item?: string };
  /**
   * Path parameter naming the parent object (a kind under another kind), with the parent's kind name and,
   * when the parameter names the parent by a wire field rather than by its UUID id, that field
   * (a prompt's tags under `/repos/{owner}/{repo}`: `repo_handle`). Without `kind`, any UUID names a
   * parent the emulator does not hold (objects are grouped under it unchecked).
   */
  readonly parent?: { readonly param: string; readonly kind?: string; readonly field?: string };
  /**
   * The item's path parameter (`idParam`) names the object by a wire field (`field`, e.g. a prompt's
   * `repo_handle`) or by what `resolve` makes of it (a commit hash prefix, a tag, `latest`), rather than
   * by its UUID id.
   */
  readonly itemKey?: {
    readonly field?: string;
    readonly resolve?: (value: string, candidates: readonly KindRecord[], call: KindCall) => KindRecord | undefined;
  };
  /** Checks the request's other path parameters (e.g. a prompt's owner handle) before anything else; may refuse with an `HttpError`. */
  readonly checkPath?: (call: KindCall) => void;
  /** How refused requests are answered; default `"fastapi"`. */
  readonly errors?: KindErrorStyle;
  /**
   * Permission a caller needs to read and to write objects of this kind (of several, any one); `create`,
   * `update` and `delete`, when given, replace `write` for that operation (the service's
   * `prompts:create`, `prompts:update`, `prompts:delete`).
   */
  readonly permissions: {
    readonly read: string | readonly string[];
    readonly write: string | readonly string[];
    readonly create?: string | readonly string[];
    readonly update?: string | readonly string[];
    readonly delete?: string | readonly string[];
  };
  /** `POST <collection>`: the request schema, and fields the service fills in when absent. */
  readonly create?: {
    readonly schema: z.ZodType;
    /** Server-side values of fields the body leaves out. */
    readonly defaults?: Readonly<Record<string, unknown>>;
    /** Fields the service derives (e.g. a role's `name`), from the accepted body and the new object's id; may refuse it with an `HttpError`. */
    readonly derive?: (body: Record<string, unknown>, call: KindCall, id: string) => Record<string, unknown>;
    /** Whether the body may name the new object's `id` (409 when an object of the kind, in any scope, has it); default: the service makes one. */
    readonly acceptsId?: boolean;
    /**
     * Status of a body the schema refuses, answered with a `detail` string naming each problem: 400 for a
     * route that reads its body itself (its operation declares no 422); default FastAPI's 422.
     */
    readonly invalidStatus?: 400;
    /**
     * A boolean query parameter (e.g. `upsert`) which, when true, makes a create that matches a stored object
     * of the scope on every `key` field change that object with the body's fields (same id) instead of 409.
     */
    readonly upsertQuery?: { readonly param: string; readonly key: readonly string[] };
    /** Status of a created answer; default 200. */
    readonly status?: number;
    /**
     * Fields only the create answer holds, computed once the object is
     * stored: what the service shows once and keeps no copy of (an API
     * key's secret), or does not list (a service account's identity).
     */
    readonly answerExtras?: (record: KindRecord, call: KindCall) => Record<string, unknown>;
  };
  /** `GET <collection>`; default true. */
  readonly list?: boolean;
  /** Query parameters the list reads, each optional (422 when malformed): filters, search, sort and page (see `listQuery.ts`), applied to the rendered objects. */
  readonly listQuery?: ListQuery;
  /**
   * The records the list selects from, given the stored ones of the caller's scope (examples as of an
   * earlier version of their dataset, deleted ones included); default the stored ones.
   */
  readonly listRecords?: (call: KindCall, stored: readonly KindRecord[]) => readonly KindRecord[];
  /** `GET <collection>/:id`; default false (many kinds are only listed). */
  readonly get?: boolean;
  /**
   * `PATCH <collection>/:id` with this schema: the body's fields replace the stored ones (a field sent as the
   * contract's `{"__missing__": "__missing__"}` is left alone).
   */
  readonly patch?: {
    readonly schema: z.ZodType;
    /** Refuses a body the schema accepts but the service does not (an `HttpError`), before anything changes. */
    readonly check?: (body: Record<string, unknown>, call: KindCall) => void;
    /** A field sent as `null` leaves the stored value (the service's `Optional[...] = None` update models). */
    readonly ignoreNull?: boolean;
    /** Fields a `PATCH` may leave out but not set to `null` (422, as pydantic words it): the object holds no null there. */
    readonly notNull?: readonly string[];
    /** Fields the service changes along with the accepted ones (e.g. the metadata source a new one replaces). */
    readonly derive?: (changes: Record<string, unknown>, record: KindRecord, call: KindCall) => Record<string, unknown>;
  };
  /**
   * `PUT <collection>/:id` with this schema: the body is the whole object (fields it leaves out go back to
   * `defaults`); its id, scope and creation time stay.
   */
  readonly replace?: {
    readonly schema: z.ZodType;
    /** Values of the fields the body leaves out. */
    readonly defaults?: Readonly<Record<string, unknown>>;
    /** Fields the service derives from the accepted body; may refuse it with an `HttpError`. */
    readonly derive?: (body: Record<string, unknown>, call: KindCall) => Record<string, unknown>;
  };
  /** Body fields of a create or a `PATCH` that `derive` reads but the object does not keep (`afterUpdate` sees them). */
  readonly transient?: readonly string[];
  /**
   * A wire field naming each object in its scope when the objects are written at the collection rather
   * than at an item path: `PATCH <collection>` finds the object by the body's field (404 when none has it),
   * `DELETE <collection>` by the (required) query parameter of that name; either by the object's `id` instead
   * when the body or the query names one (and the field too, when given: 404 when they name different objects).
   */
  readonly keyedBy?: string;
  /**
   * `DELETE <collection>/:id`: what it answers (the deleted object, `null`, `{}`, no body with 204, or what a
   * function makes of the deleted object, e.g. `{id, message}`).
   */
  readonly delete?: { readonly answer: "object" | "empty" | "emptyObject" | "none" | ((object: Record<string, unknown>, call: KindCall) => unknown) };
  /**
   * `DELETE <collection>` with the ids in the query parameter `param` (required; repeated, or one
   * comma-separated value as the Go services read `style: form, explode: false`; at most `maxItems`):
   * each id of the scope is deleted as an item would be; `answer` builds the answer from what happened.
   */
  readonly bulkDelete?: {
    readonly param: string;
    readonly style: "repeated" | "comma";
    readonly maxItems: number;
    readonly answer: (result: BulkDeleteResult, call: KindCall) => unknown;
  };
  /**
   * The answer of an operation built from the rendered object (e.g. wrapped as `{"repo": ...}`, or
   * another shape the item's `GET` answers); default: the object.
   */
  readonly answers?: {
    readonly create?: (object: Record<string, unknown>, call: KindCall) => unknown;
    readonly get?: (object: Record<string, unknown>, call: KindCall) => unknown;
    readonly patch?: (object: Record<string, unknown>, call: KindCall) => unknown;
  };
  /**
   * `GET <path>` routes answering a summary of the objects the list selects (its filters applied,
   * not its page), e.g. the counts of the prompts' tags.
   */
  readonly summaries?: readonly { readonly path: string; readonly answer: (objects: Record<string, unknown>[], call: KindCall) => unknown }[];
  /** Whether the list shows the newest objects first (before any sort parameter); default: creation order. */
  readonly newestFirst?: boolean;
  /** Wire fields unique in the scope (and parent): a second create answers 409. An entry listing several fields is unique as a combination. */
  readonly unique?: readonly (string | readonly string[])[];
  /** Wire fields the service keeps but never returns (e.g. a secret value). */
  readonly hidden?: readonly string[];
  /** Wire fields held encrypted at rest (`ctx.secrets`) and never returned: write-only secret values. */
  readonly secret?: readonly string[];
  /**
   * Wire fields held encrypted at rest and answered masked (`****`): a string as the mask, an object with
   * its keys and each value as the mask (a webhook's headers); `null` stays `null`.
   */
  readonly masked?: readonly string[];
  /**
   * Wire fields naming an object of another kind in the same scope, with that kind's name: a write naming
   * one the scope does not have answers 404, and deleting the named object deletes this one too.
   */
  readonly references?: Readonly<Record<string, KindReference>>;
  /**
   * `PUT` or `POST <collection>` writing objects found by fields of the body rather than created anew
   * (settings, limits by type, secrets by key). An item matching a stored object of the scope on every
   * `key` field changes it (same id and `created_at`); otherwise it is created. A body that is an array
   * is a list of items applied in order, and answers `null`; a single item answers the written object.
   * An `id` in an item is ignored: objects are found by their key.
   */
  readonly upsert?: {
    readonly method: "PUT" | "POST";
    /** Schema of the whole body (one item, or an array of items). */
    readonly schema: z.ZodType;
    /** Wire fields naming the object in its scope; none: one object per scope (a singleton). */
    readonly key: readonly string[];
    /** Server-side values of fields a created object leaves out. */
    readonly defaults?: Readonly<Record<string, unknown>>;
    /** Fields the service derives from an accepted item; may refuse it with an `HttpError` (before anything is written). */
    readonly derive?: (item: Record<string, unknown>, call: KindCall) => Record<string, unknown>;
    /** Whether an item deletes the matching object instead (e.g. a secret sent with a `null` value). */
    readonly deletes?: (item: Record<string, unknown>) => boolean;
  };
  /** Objects the list answers when the scope has none of its own (a singleton's default); not stored. */
  readonly fallback?: (call: KindCall) => KindRecord[];
  /** `GET <path>` with an organization-scoped key: the kind's objects in every workspace of the organization. */
  readonly organizationList?: { readonly path: string; readonly permission: string };
  /**
   * The list's answer built from its rendered objects (a grouped shape, or `{"repos": [...], "total": n}`
   * with `total` the objects selected before the page); default: the objects.
   */
  readonly listAnswer?: (objects: Record<string, unknown>[], call: KindCall, total: number) => unknown;
  /**
   * Whether the kind stamps `created_at` and `updated_at` (true, the default), neither, or fields of other
   * names (e.g. `{ created: "created_at", updated: "modified_at" }`). A create body's own creation time is kept.
   */
  readonly timestamps?: boolean | { readonly created?: string; readonly updated?: string };
  /** Objects the service has without a create (seeded workspaces, built-in roles), in the caller's scope; read-only. */
  readonly builtIn?: (call: KindCall) => KindRecord[];
  /** Whether a write to a built-in object answers 404, as for an object the scope does not have (default 400). */
  readonly builtInNotFound?: boolean;
  /** Called after an object is created (e.g. a workspace joins its organization). */
  readonly afterCreate?: (record: KindRecord, call: KindCall) => void;
  /** Called after an object is changed by a PATCH (with the fields the request named, `transient` ones included) or a PUT. */
  readonly afterUpdate?: (record: KindRecord, call: KindCall, sent?: Readonly<Record<string, unknown>>) => void;
  /** Called before an object is deleted; may refuse with an `HttpError`. */
  readonly beforeDelete?: (record: KindRecord, call: KindCall) => void;
  /**
   * Called after an object (and what depends on it) is deleted, before the answer (e.g. a deleted key's
   * credential goes); also for an object deleted because one it depends on was.
   */
  readonly afterDelete?: (record: KindRecord, call: KindCall) => void;
  /** Extra fields of an answer computed from the stored object (e.g. a role's permissions of built-in roles). */
  readonly render?: (record: KindRecord, ctx: EmulatorContext) => Record<string, unknown>;
}

/** Keeps a declaration's literal types. */
export function defineKind(declaration: KindDeclaration): KindDeclaration {
  return declaration;
}
