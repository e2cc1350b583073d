/**
 * What every operation of a declared kind needs, derived once from its
 * declaration ({@link prepareKind}), and the small reads of it they share:
 * the object's name for messages, its parent ids, the settings of its scope,
 * the outputs recorded, and the endpoint group its paths are below.
 */
import type { LangSmithClient } from "../../client";
import type { ResourcesApi } from "../../client/resources";
import type { OperationContext } from "../context/operation";
import type { ProviderSettings } from "../context/settings";
import { settingsForResource } from "../context/workspace";
import type { FieldSpec } from "../fields/fields";
import type { Properties } from "../resource";
import { SECRET_FINGERPRINTS_OUTPUT } from "../secrets/secretFingerprints";
import { migrateOutputs } from "../state/stateVersion";
import { LAST_OPERATION_OUTPUT, type OutputSpec, stateVersionOutput, tenantIdOutput } from "../state/outputs";
import type { AnyEndpoint, BatchRead, CrudEndpoints, KindDeclaration, WireOutput } from "./declaration";

/** Version of the output layout of every kind on the generic path. */
export const CRUD_STATE_VERSION = 1;

/** A declaration with what its operations derive from it. */
export interface PreparedKind {
  readonly spec: KindDeclaration;
  /** The declared endpoints (none for a kind whose hooks replace every step that talks to the service). */
  readonly endpoints: Partial<CrudEndpoints>;
  /** The declared outputs the generic path reads from the service's answers. */
  readonly wireOutputs: readonly WireOutput[];
  /** The type's name, e.g. `Project` of `langsmith:index:Project`. */
  readonly typeName: string;
  /** The placeholders of the list's (or create's) path other than `{id}`: inputs the object lives under (a tag value's `tagKeyId`). */
  readonly parents: readonly string[];
  /** The fields echoed in the outputs: neither secrets nor create-only options. */
  readonly echoed: readonly FieldSpec[];
  /** Whether any field is a secret (the outputs then hold their fingerprints). */
  readonly hasSecrets: boolean;
  /** Every output of the schema: the declared ones, then the engine's. */
  readonly outputSpecs: readonly OutputSpec[];
  /** How reads that arrive together go through the list, if they do. */
  readonly batchRead: BatchRead | undefined;
  /** Outputs of any release in today's layout: the kind's `migrate` hook, else the generic layout's (version 1, no steps). */
  readonly migrate: (outputs: Properties) => Properties;
}

/** The placeholders of a path other than `{id}`. */
function parentParams(endpoint: AnyEndpoint): string[] {
  return [...endpoint.path.matchAll(/\{([A-Za-z0-9_]+)\}/g)].map((match) => match[1] as string).filter((name) => name !== "id");
}

/** Derives what the operations need from a declaration. */
export function prepareKind(spec: KindDeclaration): PreparedKind {
  const { fields } = spec;
  const endpoints: Partial<CrudEndpoints> = spec.endpoints ?? {};
  const wireOutputs = spec.outputs ?? [];
  const hasSecrets = fields.some((field) => field.secret);
  const pathOwner = endpoints.list ?? endpoints.create;
  return {
    spec,
    endpoints,
    wireOutputs,
    typeName: spec.token.split(":")[2] ?? spec.token,
    parents: pathOwner === undefined ? [] : parentParams(pathOwner),
    echoed: fields.filter((field) => field.effect !== "createOnly" && !field.secret),
    hasSecrets,
    outputSpecs: spec.recordedOutputs ?? [
      ...wireOutputs.map(({ wire: _wire, ...output }): OutputSpec => output),
      ...(spec.scope === "workspace" ? [tenantIdOutput(`Workspace the ${spec.kind} lives in.`)] : []),
      ...(hasSecrets ? [SECRET_FINGERPRINTS_OUTPUT] : []),
      LAST_OPERATION_OUTPUT,
      stateVersionOutput(CRUD_STATE_VERSION),
    ],
    batchRead: spec.batchRead ?? (endpoints.get === undefined && endpoints.list !== undefined ? { by: "list" } : undefined),
    migrate: spec.hooks?.migrate ?? ((outputs) => migrateOutputs(spec.kind, outputs, CRUD_STATE_VERSION, {})),
  };
}

/**
 * The forms of the id the generic import takes: `[<workspaceId>/][<parent ids>/]<id or natural key>`
 * spelled out, e.g. `<id>`, `<name>`, `<workspaceId>/<id>`, `<workspaceId>/<name>`.
 */
export function importForms(kind: PreparedKind): string[] {
  const parents = kind.parents.map((name) => `<${name}>/`).join("");
  const keys = ["<id>", ...(kind.spec.naturalKey !== undefined ? [`<${kind.spec.naturalKey}>`] : [])].map((key) => `${parents}${key}`);
  return kind.spec.scope === "workspace" ? [...keys, ...keys.map((key) => `<workspaceId>/${key}`)] : keys;
}

/** The object's name in messages: the kind's `displayName`, else its name field (a top-level input), else its id, else the type's name. */
export function nameOf(kind: PreparedKind, props: Properties, id: string): string {
  const name = kind.spec.displayName?.(props) ?? (kind.spec.nameField === undefined ? undefined : props[kind.spec.nameField]);
  if (typeof name === "string" && name !== "") return name;
  return id !== "" ? id : kind.typeName;
}

/** The values of the object's parent placeholders. */
export function parentIds(kind: PreparedKind, props: Properties): Record<string, string> {
  // A placeholder is a top-level input (e.g. `tagKeyId`).
  return Object.fromEntries(kind.parents.map((name) => [name, String(props[name] ?? "")]));
}

/**
 * Settings for a call on an object of `scope`: for a workspace object, the
 * workspace it lives in (its `workspaceId` input, else the recorded
 * `tenantId`, else the configured workspace); the stack's settings otherwise.
 */
export function settingsInScope(context: OperationContext, scope: "organization" | "workspace", action: string, props: Properties): ProviderSettings {
  const settings = context.settings;
  if (scope === "organization") return settings;
  // A workspace named by the program (e.g. one this stack creates) is the object's, whatever the stack's default.
  const chosen = props["workspaceId"];
  if (typeof chosen === "string" && chosen !== "") return { ...settings, client: { ...settings.client, workspaceId: chosen } };
  return settingsForResource(action, settings, props["tenantId"]);
}

/** What a write needs before it sends anything (see {@link openWrite}). */
export interface OpenedWrite {
  /** The settings of the object's scope. */
  readonly settings: ProviderSettings;
  /** The client for {@link settings}: the object's reads (a look-up, a wait). */
  readonly reader: LangSmithClient;
  /** The client the object's writes go through (see {@link writeClientFor}). */
  readonly writer: LangSmithClient;
}

/**
 * Opens a write of the object `props` describe: the settings of its scope,
 * their client, the kind's `beforeWrite` check of `inputs` (which throws to
 * refuse), and the client its writes go through.
 */
export async function openWrite(kind: PreparedKind, context: OperationContext, action: string, inputs: Properties, props: Properties): Promise<OpenedWrite> {
  const settings = settingsInScope(context, kind.spec.scope, action, props);
  const reader = await context.client(settings);
  await kind.spec.beforeWrite?.(reader, inputs, action);
  return { settings, reader, writer: await writeClientFor(kind, context, settings, props, action) };
}

/**
 * The client the object's writes go through: the one for `settings`, at the
 * API URL the kind's `writesTo` names when it names one (a workspace in a
 * data plane of its own).
 */
export async function writeClientFor(
  kind: PreparedKind,
  context: OperationContext,
  settings: ProviderSettings,
  props: Properties,
  action: string,
): Promise<LangSmithClient> {
  const client = await context.client(settings);
  const apiUrl = await kind.spec.writesTo?.(client, props, action);
  return apiUrl === undefined ? client : context.client({ ...settings, client: { ...settings.client, apiUrl } });
}

/**
 * The declared endpoint a generic step sends.
 *
 * @throws Error naming the kind and the step when it declares neither the endpoint nor a hook for the step.
 */
export function endpointOf(kind: PreparedKind, name: keyof CrudEndpoints): AnyEndpoint {
  const endpoint = kind.endpoints[name];
  if (endpoint === undefined) throw new Error(`${kind.spec.token}: the generic path needs a ${name} endpoint (or a hook for that step)`);
  return endpoint;
}

/** The endpoint group the kind's paths are relative to. */
export function apiOf(kind: PreparedKind, client: LangSmithClient): ResourcesApi {
  return kind.spec.base === "origin" ? client.originResources : client.resources;
}

/** The object of an answer that wraps it. */
export function unwrapped<T extends Record<string, unknown> | null | undefined>(kind: PreparedKind, answer: T): Record<string, unknown> | T {
  return answer !== null && answer !== undefined && kind.spec.unwrap !== undefined ? (kind.spec.unwrap(answer) ?? answer) : answer;
}
