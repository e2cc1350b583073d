/**
 * A plain CRUD resource from its declarations: the field table (inputs),
 * the endpoints (generated wire schemas), the wire fields it reports as
 * outputs, its scope and its natural key. {@link crudResource} turns them
 * into a {@link LangSmithResource} with check, diff (replace or in place,
 * from the table), create, refresh (GET by id, or the list when the service
 * has no GET; reads that arrive together go through the list, see
 * {@link BatchRead}), update (one PATCH), delete (404 is done), and import
 * by id or by natural key. A resource with behaviour of its own (revisions,
 * rotation, keys shown once) keeps its own operations instead.
 */
import type { LangSmithClient } from "../client";
import type { DeclaredEndpoint } from "../client/resources";
import { AbortedError, ConflictError, found, NotFoundError } from "../client/errors";
import { currentClient, currentSettings } from "./context/context";
import { checkFields, diffFields, type FieldSpec, type FieldTable, importFields, unknownOr, readInputs, refreshFields, toUpdateBody, toWireBody, withDefaults } from "./fields/fields";
import { LAST_OPERATION_OUTPUT, type OutputSpec, stateVersionOutput, tenantIdOutput } from "./state/outputs";
import { compact, getPath, isUnset } from "./fields/paths";
import { logProgress, shortId, warnProgress } from "./context/progress";
import { droppingSnapshots } from "./reads/listSnapshots";
import { LARGEST_PAGE, listScope, type ListSource, readThroughList } from "./reads/listReader";
import type { ImportedResource, LangSmithResource, Properties, ResourceDiff } from "./resource";
import type { ProviderSettings } from "./context/settings";
import { migrateOutputs } from "./state/stateVersion";
import { takeOverHint } from "./state/takeOver";
import { uuid } from "./fields/validators";
import { fingerprintSecrets, markUnchangedSecretFields, SECRET_FINGERPRINTS_OUTPUT, secretUnchanged } from "./secrets/secretFingerprints";
import { settingsForResource } from "./context/workspace";

/** An endpoint of a CRUD resource; `{id}` in its path is the object's id, other placeholders are inputs of the same name. */
type AnyEndpoint = DeclaredEndpoint;

/** The endpoints a CRUD resource is made of. */
export interface CrudEndpoints {
  /** Creates one; its answer is the object. */
  readonly create: AnyEndpoint;
  /** Lists the scope's objects (an array): refresh and import use it when there is no {@link get}; absent where the service has no list (then `get` is required, and there is no natural key). */
  readonly list?: AnyEndpoint;
  /** Reads one by `{id}`, where the service has it. */
  readonly get?: AnyEndpoint;
  /** Changes the in-place fields; absent when every change replaces. */
  readonly update?: AnyEndpoint;
  /** Deletes one; absent when the service cannot (destroy then leaves it, with a warning: see {@link CrudResourceSpec.leftOnDestroy}). */
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
 * instead of one GET each (see `readBatch.ts` and `listSnapshots.ts`): the
 * reads that arrive together are one batch, and the pages of the list
 * fetched for a batch serve the later reads of the same operation.
 * - `pages`: the scope's list page by page (`offset`, `limit` of
 *   `pageSize`), as far as the batch's ids need and at most one page for
 *   every two reads asked so far; with `idsQuery`, the ids the pages did not
 *   reach are then asked of the list filtered by id (`?id=a&id=b`,
 *   {@link LARGEST_PAGE} a request);
 * - `list`: the scope's whole list, in one answer.
 *
 * Only for a kind whose list answers carry every field its GET does. An id
 * that neither finds is read on its own by GET (a 404 then says it is gone),
 * so an object that moved between pages, or was changed while the pages were
 * read, is never taken for deleted.
 */
export type BatchRead = (
  | { readonly by: "pages"; readonly pageSize: number; readonly idsQuery?: string }
  | { readonly by: "list" }
) & {
  /** Inputs whose values the list's objects leave out (an annotation queue's rubric): a resource that sets any is read by GET. Default none. */
  readonly notInList?: readonly string[];
};

/** Everything a CRUD resource declares. */
export interface CrudResourceSpec {
  /** Type token, e.g. `langsmith:index:Workspace`. */
  readonly token: string;
  /** The noun in messages and progress lines, e.g. `workspace`. */
  readonly kind: string;
  /** Schema description (Markdown). */
  readonly description: string;
  /**
   * `organization`: the object belongs to the organization (the key must be organization-scoped);
   * `workspace`: it lives in one workspace, its `workspaceId` input or the configured one, sent as `X-Tenant-Id`.
   */
  readonly scope: "organization" | "workspace";
  /** The field table (a workspace-scoped resource includes {@link workspaceIdField}). */
  readonly fields: FieldTable;
  /** The input naming the object in messages (e.g. `displayName`). */
  readonly nameField: string;
  readonly endpoints: CrudEndpoints;
  /** Outputs the service reports beyond the echoed inputs. */
  readonly outputs: readonly WireOutput[];
  /**
   * The natural key users know (an input path whose wire value is unique in
   * the scope): `pulumi import` accepts it instead of the id, and a create
   * refused because it is taken names the existing object's id.
   */
  readonly naturalKey?: string;
  /** Inputs whose value the service keeps unique in the scope: a replacement that keeps them deletes the old object first. */
  readonly unique?: readonly string[];
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
   * (create and update), e.g. a one-item list for a workspace secret's
   * upsert; default: the object as it is.
   */
  readonly wrapBody?: (body: Record<string, unknown>) => unknown;
  /** The body of the delete request, for a service that deletes by a write (a secret upserted with `null`); default none. */
  readonly deleteBody?: (id: string) => unknown;
  /** The id of a created object, when the create answer does not carry it (e.g. a secret's key); default its `id`. */
  readonly idOf?: (created: Record<string, unknown> | undefined, inputs: Properties) => string;
  /** The object in a create, get or update answer that wraps it (e.g. `{ "repo": {...} }`); default: the answer as it is. */
  readonly unwrap?: (answer: Record<string, unknown>) => Record<string, unknown> | undefined;
  /**
   * Runs after a create (`olds` undefined) or an update has written the
   * object: for what one request cannot do (a prompt's new manifest is one
   * commit); answers outputs to record beside the others. Default none.
   */
  readonly afterWrite?: (client: LangSmithClient, id: string, inputs: Properties, olds: Properties | undefined, action: string) => Promise<Properties>;
  /** Outputs an import reads beside the object itself (e.g. a prompt's latest commit); default none. */
  readonly importOutputs?: (client: LangSmithClient, id: string) => Promise<Properties>;
  /** The objects of a list answer, when it is not a plain array (e.g. taggings grouped by value); default: the answer as it is. */
  readonly listItems?: (answer: unknown) => Record<string, unknown>[];
  /**
   * How reads that arrive together are answered through the list (see
   * {@link BatchRead}); default `list` for a kind with no GET (its read
   * lists anyway), none otherwise (each read is one GET).
   */
  readonly batchRead?: BatchRead;
  /** Which objects of the list this resource manages (e.g. custom roles, not the built-in ones); default: all. */
  readonly manages?: (wire: Record<string, unknown>) => boolean;
  /**
   * Checks the inputs against what the service knows (e.g. a role's
   * permissions against the organization's list) before a create or an
   * update sends anything; throws to refuse. Default: none.
   */
  readonly beforeWrite?: (client: LangSmithClient, inputs: Properties, action: string) => Promise<void>;
}

/**
 * The `workspaceId` input of a workspace-scoped resource: the workspace it
 * lives in (sent as `X-Tenant-Id`); default the stack's `langsmith:workspaceId`.
 * Changing it replaces the object (the service cannot move it).
 */
export function workspaceIdField(kind: string): FieldSpec {
  return {
    path: "workspaceId",
    schema: unknownOr(uuid("workspaceId")),
    required: false,
    effect: "replace",
    secret: false,
    type: "string (UUID)",
    defaultDoc: "`langsmith:workspaceId`",
    doc: `Workspace the ${kind} lives in, e.g. a \`Workspace\` of this stack; sent as \`X-Tenant-Id\`.`,
  };
}

/**
 * Settings for a call on an object of `scope`: for a workspace object, the
 * workspace it lives in (its `workspaceId` input, else the recorded
 * `tenantId`, else the configured workspace); the stack's settings otherwise.
 */
export function settingsInScope(scope: "organization" | "workspace", action: string, props: Properties): ProviderSettings {
  const settings = currentSettings();
  if (scope === "organization") return settings;
  // A workspace named by the program (e.g. one this stack creates) is the object's, whatever the stack's default.
  const chosen = props["workspaceId"];
  if (typeof chosen === "string" && chosen !== "") return { ...settings, client: { ...settings.client, workspaceId: chosen } };
  return settingsForResource(action, settings, props["tenantId"]);
}

/** Version of the output layout of every CRUD resource. */
const CRUD_STATE_VERSION = 1;

/** An id the service gives out (a UUID); anything else given to import is a natural key. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The placeholders of a path other than `{id}`: inputs the object lives under (a tag value's `tagKeyId`). */
function parentParams(endpoint: AnyEndpoint): string[] {
  return [...endpoint.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1] as string).filter((name) => name !== "id");
}

/** Builds the {@link LangSmithResource} of a CRUD resource from its declarations. */
export function crudResource(spec: CrudResourceSpec): LangSmithResource {
  const { fields, kind, endpoints } = spec;
  const typeName = spec.token.split(":")[2] ?? spec.token;
  const parents = parentParams(endpoints.list ?? endpoints.create);
  const echoed = fields.filter((field) => field.effect !== "createOnly" && !field.secret);
  const hasSecrets = fields.some((field) => field.secret);
  const outputSpecs: OutputSpec[] = [
    ...spec.outputs.map(({ wire: _wire, ...output }): OutputSpec => output),
    ...(spec.scope === "workspace" ? [tenantIdOutput(`Workspace the ${kind} lives in.`)] : []),
    ...(hasSecrets ? [SECRET_FINGERPRINTS_OUTPUT] : []),
    LAST_OPERATION_OUTPUT,
    stateVersionOutput(CRUD_STATE_VERSION),
  ];

  const nameOf = (props: Properties, id: string): string => {
    const name = getPath(props, spec.nameField);
    if (typeof name === "string" && name !== "") return name;
    return id !== "" ? id : typeName;
  };
  const parentIds = (props: Properties): Record<string, string> => Object.fromEntries(parents.map((name) => [name, String(getPath(props, name) ?? "")]));

  const settingsFor = (action: string, props: Properties): ProviderSettings => settingsInScope(spec.scope, action, props);

  /** The outputs: the inputs echoed (secrets never), what the service reports, and the provider's own. */
  const outputsFor = (inputs: Properties, wire: unknown, tenantId: string | undefined, lastOperation: string): Properties => {
    const out: Properties = {};
    for (const field of echoed) {
      const value = getPath(inputs, field.path);
      if (!isUnset(value)) setTop(out, field.path, value);
    }
    for (const output of spec.outputs) {
      const value = getPath(wire, output.wire);
      if (!isUnset(value)) out[output.name] = value;
    }
    if (spec.scope === "workspace" && tenantId !== undefined) out["tenantId"] = tenantId;
    if (hasSecrets) out[SECRET_FINGERPRINTS_OUTPUT.name] = fingerprintSecrets(fields, inputs);
    out["lastOperation"] = lastOperation;
    out["stateVersion"] = CRUD_STATE_VERSION;
    return compact(out);
  };

  /** The object of an answer that wraps it. */
  const unwrapped = <T extends Record<string, unknown> | null | undefined>(answer: T): Record<string, unknown> | T =>
    answer !== null && answer !== undefined && spec.unwrap !== undefined ? (spec.unwrap(answer) ?? answer) : answer;

  /** The query naming the object, for a service keyed by a query parameter. */
  const idQueryOf = (id: string) => (spec.idQuery !== undefined ? { query: { [spec.idQuery]: id } } : {});

  /** The endpoint group the paths are relative to. */
  const api = (client: LangSmithClient) => (spec.base === "origin" ? client.originResources : client.resources);

  /** The objects of a list answer (`undefined` when the list itself is gone, e.g. its parent was deleted). */
  const itemsOf = (answer: unknown): Record<string, unknown>[] | undefined => {
    if (answer === undefined) return undefined;
    return spec.listItems !== undefined ? spec.listItems(answer) : (answer as Record<string, unknown>[]);
  };

  /** Finds one object by id: GET where the service has it, else the scope's list. `undefined` when there is none. */
  const fetchOne = async (client: LangSmithClient, id: string, props: Properties, name: string): Promise<Record<string, unknown> | undefined> => {
    const params = { ...parentIds(props), id };
    if (endpoints.get !== undefined) {
      return unwrapped((await found(api(client).send(endpoints.get, { action: `reading ${kind} "${name}"`, params }))) as Record<string, unknown> | undefined) ?? undefined;
    }
    if (endpoints.list === undefined) throw new Error(`${kind}: a declaration without a list needs a get`);
    const list = itemsOf(await found(api(client).send(endpoints.list, { action: `listing ${kind}s to read "${name}"`, params })));
    return list?.find((item) => item["id"] === id && (spec.manages?.(item) ?? true));
  };

  const batchRead: BatchRead | undefined = spec.batchRead ?? (endpoints.get === undefined && endpoints.list !== undefined ? { by: "list" } : undefined);

  /** How a batch of reads goes through the list, as {@link BatchRead} says. */
  const listSource = (client: LangSmithClient, props: Properties): ListSource => {
    const read = batchRead as BatchRead;
    const list = endpoints.list as AnyEndpoint;
    const params = parentIds(props);
    const send = async (asked: number, query?: Record<string, number | readonly string[]>): Promise<Record<string, unknown>[]> =>
      itemsOf(await found(api(client).send(list, { action: `listing ${kind}s to read ${asked} of them`, params, ...(query === undefined ? {} : { query }) }))) ?? [];
    if (read.by === "list") return { by: "whole", list: (asked) => send(asked) };
    const idsQuery = read.idsQuery;
    return {
      by: "pages",
      pageSize: read.pageSize,
      hasGet: endpoints.get !== undefined,
      page: (offset, limit, asked) => send(asked, { limit, offset }),
      ...(idsQuery === undefined ? {} : { byIds: { maxIds: LARGEST_PAGE, fetch: (ids: readonly string[], asked: number) => send(asked, { [idsQuery]: ids }) } }),
    };
  };

  /**
   * Reads one object together with the reads of the same kind and scope that
   * arrive with it (see {@link BatchRead}); an id the batch did not find
   * where the kind has a GET, and a batch that failed (but for an abort), are
   * read on their own, so errors name the resource.
   */
  const readBatched = async (client: LangSmithClient, settings: ProviderSettings, id: string, props: Properties, name: string): Promise<Record<string, unknown> | undefined> => {
    if (batchRead?.notInList?.some((path) => !isUnset(getPath(props, path))) === true) return fetchOne(client, id, props, name);
    const scope = listScope(settings, parentIds(props));
    try {
      const value = await readThroughList(spec.token, scope, id, listSource(client, props), spec.manages);
      if (value !== undefined) return value;
      // The whole list, fetched during this operation, does not hold it: gone. Otherwise read it by id.
      if (endpoints.get === undefined && batchRead?.by === "list") return undefined;
    } catch (error) {
      if (error instanceof AbortedError) throw error;
    }
    return fetchOne(client, id, props, name);
  };

  /** The id of the object whose natural key has this wire value, if any. */
  const findByNaturalKey = async (client: LangSmithClient, value: unknown, props: Properties): Promise<Record<string, unknown> | undefined> => {
    const wire = fields.find((field) => field.path === spec.naturalKey)?.wire;
    if (wire === undefined || endpoints.list === undefined) return undefined;
    const query = spec.naturalKeyQuery !== undefined && typeof value === "string" ? { query: { [spec.naturalKeyQuery]: value } } : {};
    const list = itemsOf(await found(api(client).send(endpoints.list, { action: `listing ${kind}s`, params: parentIds(props), ...query })));
    return list?.find((item) => (spec.manages?.(item) ?? true) && JSON.stringify(getPath(item, wire)) === JSON.stringify(value));
  };

  const tenantOf = (settings: ProviderSettings, wire: unknown): string | undefined => {
    const reported = getPath(wire, "tenant_id");
    return typeof reported === "string" ? reported : settings.client.workspaceId;
  };

  const resource: LangSmithResource = {
    token: spec.token,
    description: spec.description,
    fields,
    inputsNotInOutputs: fields.filter((field) => field.secret || field.effect === "createOnly").map((field) => field.path.split(".")[0] as string),
    outputs: outputSpecs,
    migrate: (outputs) => migrateOutputs(kind, outputs, CRUD_STATE_VERSION, {}),
    check(olds, news) {
      const failures = checkFields(fields, news, typeName);
      // olds are the previous inputs here: equal secrets spare diff a hash per secret (see secretFingerprints.ts).
      return { inputs: hasSecrets ? markUnchangedSecretFields(fields, olds, withDefaults(fields, news)) : withDefaults(fields, news), failures };
    },
    diff(olds, news): ResourceDiff {
      const changed = diffFields(fields, olds, news, (field) => secretUnchanged(field, olds[SECRET_FINGERPRINTS_OUTPUT.name], news));
      const replaces = changed.replace;
      const updates = [...changed.inPlace, ...changed.local];
      const keepsUnique = (spec.unique ?? []).some((path) => !replaces.includes(path));
      return { changes: replaces.length + updates.length > 0, replaces, updates, deleteBeforeReplace: replaces.length > 0 && keepsUnique, pending: false };
    },
    async create(raw) {
      const inputs = readInputs<Properties>(fields, raw);
      const name = nameOf(inputs, "");
      const action = `creating ${kind} "${name}"`;
      const settings = settingsFor(action, inputs);
      const client = await currentClient(settings);
      await spec.beforeWrite?.(client, inputs, action);
      if (spec.createUpserts === true && spec.naturalKey !== undefined) {
        const wireValue = toWireBody(fields, inputs, [spec.naturalKey]);
        const keyWire = fields.find((field) => field.path === spec.naturalKey)?.wire ?? "";
        const existing = await findByNaturalKey(client, getPath(wireValue, keyWire), inputs);
        if (existing !== undefined) {
          const existingId = String(existing["id"]);
          throw new ConflictError(`${action}: one with ${spec.naturalKey} "${String(getPath(inputs, spec.naturalKey))}" already exists and creating it again would overwrite it. ${takeOverHint(existingId, spec.token)}`, { status: 409 });
        }
      }
      logProgress(kind, name, "creating");
      let created: Record<string, unknown> | null;
      try {
        const body = toWireBody(fields, inputs);
        created = unwrapped((await api(client).send(endpoints.create, { action, params: parentIds(inputs), body: spec.wrapBody?.(body) ?? body })) as Record<string, unknown> | null);
      } catch (error) {
        if (error instanceof ConflictError && spec.naturalKey !== undefined) throw await takenError(client, error, inputs);
        throw error;
      }
      const id = spec.idOf?.(created ?? undefined, inputs) ?? String(created?.["id"]);
      const extra = (await spec.afterWrite?.(client, id, inputs, undefined, action)) ?? {};
      return { id, outs: { ...outputsFor(inputs, created ?? {}, tenantOf(settings, created ?? {}), `created ${kind} "${name}"${id === name ? "" : ` (${shortId(id)})`}`), ...extra } };
    },
    async read(id, rawProps) {
      const props = resource.migrate(rawProps);
      const name = nameOf(props, id);
      const settings = settingsFor(`reading ${kind} "${name}"`, props);
      const client = await currentClient(settings);
      const current = batchRead === undefined ? await fetchOne(client, id, props, name) : await readBatched(client, settings, id, props, name);
      if (current === undefined) {
        logProgress(kind, name, `${id} no longer exists; dropping it from the state`);
        return undefined;
      }
      const refreshed = refreshFields(fields, props, current);
      for (const output of spec.outputs) {
        if (output.onlyAtCreate === true) continue;
        const value = getPath(current, output.wire);
        if (isUnset(value)) delete refreshed[output.name];
        else refreshed[output.name] = value;
      }
      return { id, props: compact(refreshed) };
    },
    async update(id, rawOlds, raw) {
      const olds = resource.migrate(rawOlds);
      const inputs = readInputs<Properties>(fields, raw);
      const name = nameOf(inputs, id);
      const action = `updating ${kind} "${name}"`;
      const changed = diffFields(fields, olds, inputs, (field) => secretUnchanged(field, olds[SECRET_FINGERPRINTS_OUTPUT.name], inputs));
      const tenantId = typeof olds["tenantId"] === "string" ? olds["tenantId"] : undefined;
      if (changed.inPlace.length === 0 || endpoints.update === undefined) {
        const lastOperation = typeof olds["lastOperation"] === "string" ? olds["lastOperation"] : "no change";
        return { outs: { ...outputsFor(inputs, olds, tenantId, lastOperation), ...pickOutputs(olds) } };
      }
      // A whole-object update sends every field the program sets, and clears only those it stopped setting.
      const whole = fields.filter((f) => f.wire !== undefined && (f.effect === "inPlace" || f.effect === "replace") && (!isUnset(getPath(inputs, f.path)) || changed.inPlace.includes(f.path)));
      const all = spec.updateSendsAll === true ? { ...changed, inPlace: whole.map((f) => f.path) } : changed;
      const body = { ...toUpdateBody(fields, inputs, all), ...(spec.updateBodyHasId === true ? { id } : {}) };
      const client = await currentClient(settingsFor(action, { ...olds, ...inputs }));
      await spec.beforeWrite?.(client, inputs, action);
      logProgress(kind, name, `updating ${changed.inPlace.join(", ")}`);
      // Nothing for the service's update to change (only what afterWrite writes, e.g. a prompt's manifest): no request.
      const updated =
        Object.keys(body).length === 0
          ? undefined
          : unwrapped((await api(client).send(endpoints.update, { action, params: { ...parentIds(inputs), id }, body: spec.wrapBody?.(body) ?? body })) as Record<string, unknown> | undefined);
      const wire = updated ?? (await fetchOne(client, id, inputs, name)) ?? {};
      const extra = (await spec.afterWrite?.(client, id, inputs, olds, action)) ?? {};
      return { outs: { ...pickOutputs(olds), ...outputsFor(inputs, wire, tenantId, `updated ${changed.inPlace.join(", ")} of ${kind} "${name}"`), ...extra } };
    },
    async delete(id, rawProps) {
      const props = resource.migrate(rawProps);
      const name = nameOf(props, id);
      const action = `deleting ${kind} "${name}"`;
      if (endpoints.delete === undefined) {
        warnProgress(kind, name, `the service cannot delete it: ${spec.leftOnDestroy ?? "it stays as it is"}; it is no longer managed by this stack`);
        return;
      }
      const client = await currentClient(settingsFor(action, props));
      try {
        await api(client).send(endpoints.delete, { action, params: { ...parentIds(props), id }, ...idQueryOf(id), ...(spec.deleteBody !== undefined ? { body: spec.deleteBody(id) } : {}) });
        logProgress(kind, name, `deleted ${id}`);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        logProgress(kind, name, `${id} was already gone (404)`);
      }
    },
    async import(given): Promise<ImportedResource | undefined> {
      // `[<workspaceId>/][<parent ids>/]<id or natural key>`: the workspace when it is not the configured one,
      // the parents of objects under another (a tag value under its key).
      const parts = given.split("/");
      const workspaceId = spec.scope === "workspace" && parts.length > parents.length + 1 && UUID.test(parts[0] ?? "") ? parts.shift() : undefined;
      const leading = parts.length > parents.length ? parts.splice(0, parents.length) : [];
      const key = parts.join("/");
      const props: Properties = Object.fromEntries(parents.map((name, i) => [name, leading[i] ?? ""]));
      if (workspaceId !== undefined) props["workspaceId"] = workspaceId;
      const settings = settingsFor(`importing ${kind} "${key}"`, props);
      const client = await currentClient(settings);
      const current = UUID.test(key) ? await fetchOne(client, key, props, key) : await findByNaturalKey(client, key, props);
      if (current === undefined) return undefined;
      const id = typeof current["id"] === "string" ? current["id"] : (spec.idOf?.(current, {}) ?? "");
      const inputs = { ...importFields(fields, current), ...props };
      for (const name of Object.keys(props)) if (props[name] === "") delete inputs[name];
      const outputs = { ...outputsFor(readInputs<Properties>(fields, inputs), current, tenantOf(settings, current), `imported ${kind} ${id}`), ...((await spec.importOutputs?.(client, id)) ?? {}) };
      return { id, inputs, outputs };
    },
  };

  /** The error of a create refused because the natural key is taken: the existing object's id and how to import it. */
  async function takenError(client: LangSmithClient, error: ConflictError, inputs: Properties): Promise<Error> {
    const keyField = spec.naturalKey as string;
    const value = getPath(inputs, keyField);
    const wireValue = fields.find((field) => field.path === keyField)?.toWire?.(value) ?? value;
    const existing = await findByNaturalKey(client, wireValue, inputs).catch(() => undefined);
    if (existing === undefined) return error;
    const id = String(existing["id"]);
    return new ConflictError(`${error.message}; a ${kind} with ${keyField} "${String(value)}" already exists. ${takeOverHint(id, spec.token)}`, { status: 409, detail: error.detail });
  }

  /** The service-reported outputs kept from the previous state (an update's answer may omit them). */
  function pickOutputs(olds: Properties): Properties {
    return Object.fromEntries(spec.outputs.filter((output) => olds[output.name] !== undefined).map((output) => [output.name, olds[output.name]]));
  }

  // A write drops what this operation read of the kind's lists, before and after it: a later read goes to the service.
  return {
    ...resource,
    create: droppingSnapshots(spec.token, resource.create),
    update: droppingSnapshots(spec.token, resource.update),
    delete: droppingSnapshots(spec.token, resource.delete),
  };
}

/** Sets a (possibly dotted) input path on the outputs object. */
function setTop(out: Properties, path: string, value: unknown): void {
  const keys = path.split(".");
  let target = out;
  for (const key of keys.slice(0, -1)) {
    target[key] ??= {};
    target = target[key] as Properties;
  }
  target[keys[keys.length - 1] as string] = value;
}
