/**
 * What an organization has, read for `adopt`: every object of every kind the
 * provider manages, across the organization's workspaces (or those named),
 * each with the inputs its import gives and the id form the import takes.
 * Reads only: each kind's listing, then its import (`LangSmithResource.list`
 * and `.import`), in an order where an object's parents come first (a tag
 * key before its values).
 */
import type { OperationContext } from "../engine/context/operation";
import { logProgress } from "../engine/context/progress";
import type { LangSmithResource, ListedObject, Properties } from "../engine/resource";

/** The Workspace kind's type token. */
export const WORKSPACE_TOKEN = "langsmith:index:Workspace";

/** One object of the organization, as its import reads it. */
export interface FoundObject {
  /** Type token, e.g. `langsmith:index:Project`. */
  readonly token: string;
  /** The service's id (the resource's id once imported). */
  readonly id: string;
  /** The id `pulumi import` takes for it. */
  readonly importId: string;
  /** Its own name, when it has one (a project's name, a key's description...). */
  readonly label: string | undefined;
  /** The workspace it lives in (workspace-scoped kinds). */
  readonly workspaceId: string | undefined;
  /** The inputs that reproduce it (its secrets left out: the service never returns them). */
  readonly inputs: Properties;
}

/** Something the reading left out, and why. */
export interface LeftOut {
  readonly what: string;
  readonly why: string;
}

/** What {@link readOrganization} found. */
export interface Inventory {
  readonly objects: FoundObject[];
  readonly leftOut: LeftOut[];
}

/** Options of {@link readOrganization}. */
export interface InventoryOptions {
  /** Workspaces to read, by id or display name; default every workspace of the organization. */
  readonly workspaces?: readonly string[];
  /** The workspace the stack's provider acts in (`langsmith:workspaceId`): kinds with no workspace input (deployments) are read there only. */
  readonly stackWorkspaceId?: string;
}

/** Why a kind with no listing is left out, by type name. */
const NOT_LISTABLE: Readonly<Record<string, string>> = {
  AlertRule: "the service's API has no list of a project's alert rules; import each by `<workspaceId>/<projectId>/<id>`",
};

/** Kinds with no workspace input: they act in the provider's workspace, so adopt reads them in the stack's workspace only. */
const PROVIDER_WORKSPACE_KINDS = new Set(["langsmith:index:Deployment", "langsmith:index:BulkExportDestination", "langsmith:index:BulkExport"]);

/** The kinds in an order where each kind's parents come before it. */
export function readingOrder(kinds: readonly LangSmithResource[]): LangSmithResource[] {
  const ordered: LangSmithResource[] = [];
  const placed = new Set<string>();
  const pending = [...kinds];
  while (pending.length > 0) {
    const index = pending.findIndex((kind) => (kind.parents ?? []).every((parent) => placed.has(parent.token) || !kinds.some((k) => k.token === parent.token)));
    const [next] = pending.splice(index < 0 ? 0 : index, 1);
    if (next === undefined) break;
    ordered.push(next);
    placed.add(next.token);
  }
  return ordered;
}

const typeNameOf = (token: string): string => token.split(":")[2] ?? token;

/**
 * Reads every object of every kind in `kinds` the organization has (see the
 * module's comment). Progress goes to `context`'s log.
 */
export async function readOrganization(context: OperationContext, kinds: readonly LangSmithResource[], options: InventoryOptions = {}): Promise<Inventory> {
  const objects: FoundObject[] = [];
  const leftOut: LeftOut[] = [];
  const workspaceKind = kinds.find((kind) => kind.token === WORKSPACE_TOKEN);
  if (workspaceKind?.list === undefined) throw new Error("adopt needs the Workspace kind");
  const allWorkspaces = await workspaceKind.list(context, { parents: {} });
  const wanted = options.workspaces;
  const workspaces =
    wanted === undefined || wanted.length === 0
      ? allWorkspaces
      : allWorkspaces.filter((w) => wanted.includes(w.id) || (w.name !== undefined && wanted.includes(w.name)));
  for (const name of wanted ?? [])
    if (!allWorkspaces.some((w) => w.id === name || w.name === name))
      leftOut.push({ what: `workspace ${name}`, why: "the organization has no workspace of that id or name" });

  const importOne = async (kind: LangSmithResource, listed: ListedObject, workspaceId: string | undefined): Promise<void> => {
    const imported = await kind.import(context, listed.importId);
    if (imported === undefined) return;
    const inputs = imported.inputs as Properties;
    const label = listed.name ?? labelOf(kind, inputs);
    const id = imported.id ?? listed.id;
    objects.push({ token: kind.token, id, importId: listed.importId, label, workspaceId, inputs });
    logProgress(context, "adopt", typeNameOf(kind.token), `found ${label ?? id}`);
  };

  for (const kind of readingOrder(kinds)) {
    const typeName = typeNameOf(kind.token);
    if (kind.list === undefined) {
      leftOut.push({ what: `every ${typeName}`, why: NOT_LISTABLE[typeName] ?? "the kind cannot be listed" });
      continue;
    }
    if (kind.token === WORKSPACE_TOKEN) {
      for (const workspace of workspaces) await importOne(kind, workspace, undefined);
      continue;
    }
    const scopes: (string | undefined)[] = kind.scope === "organization" ? [undefined] : workspaces.map((w) => w.id);
    for (const workspaceId of scopes) {
      if (PROVIDER_WORKSPACE_KINDS.has(kind.token) && workspaceId !== options.stackWorkspaceId) {
        if (workspaceId !== undefined) {
          const found = await kind.list(context, { workspaceId, parents: {} });
          if (found.length > 0)
            leftOut.push({
              what: `${found.length} ${typeName}(s) of workspace ${workspaceId}`,
              why: `a ${typeName} acts in its provider's workspace: adopt them in a stack whose langsmith:workspaceId is that workspace (LANGSMITH_WORKSPACE_ID)`,
            });
        }
        continue;
      }
      const parentSets = parentCombinations(kind, objects, workspaceId);
      for (const parents of parentSets) {
        const listed = await kind.list(context, { ...(workspaceId !== undefined ? { workspaceId } : {}), parents });
        for (const one of listed) {
          if (one.leftOutBecause === undefined) await importOne(kind, one, workspaceId);
          else
            leftOut.push({
              what: `${typeName} ${one.name ?? one.id}${workspaceId === undefined ? "" : ` of workspace ${workspaceId}`}`,
              why: one.leftOutBecause,
            });
        }
      }
    }
  }
  return { objects, leftOut };
}

/** The parent ids to list a kind under: one set per combination of its parents found in the workspace (one empty set for a kind with none). */
function parentCombinations(kind: LangSmithResource, found: readonly FoundObject[], workspaceId: string | undefined): Record<string, string>[] {
  let sets: Record<string, string>[] = [{}];
  for (const parent of kind.parents ?? []) {
    const candidates = found.filter((o) => o.token === parent.token && (workspaceId === undefined || o.workspaceId === workspaceId));
    sets = sets.flatMap((set) => candidates.map((candidate) => ({ ...set, [parent.input]: candidate.id })));
  }
  return sets;
}

/** The object's own name when its listing gave none: the first of the usual name inputs it sets (a key's description, a limit's type). */
function labelOf(kind: LangSmithResource, inputs: Properties): string | undefined {
  for (const path of ["displayName", "name", "handle", "key", "email", "feedbackKey", "tagName", "value", "limitType", "description"]) {
    if (!kind.fields.some((field) => field.path === path)) continue;
    const value = inputs[path];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}
