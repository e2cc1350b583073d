/**
 * Answers a batch of reads of one kind through the kind's list, from the
 * pages this operation already fetched first (see `listSnapshots.ts`), then
 * page by page, then through the list filtered by id. Shared by the CRUD
 * kinds (`crud.ts`) and the Deployment, whose list is a page of
 * `{ resources, offset }` filtered by `deployment_ids`.
 *
 * What it never does: decide that an object is gone. An id it does not
 * answer is left out, and the caller reads that one on its own (a GET, whose
 * 404 is the only proof), unless the whole list was read (`whole`).
 */
import { createHash } from "node:crypto";
import type { ListSnapshot, ListSnapshots } from "./listSnapshots";
import type { ReadBatches } from "./readBatch";
import type { ProviderSettings } from "../context/settings";

/** The contract's largest page, 100: the most objects one list request answers, and the most ids one filtered request names. */
export const LARGEST_PAGE = 100;

/** An operation's list reads: the pages it fetched and the batches open (a session's, see `session.ts`). */
export interface ListReads {
  /** The pages of each kind's list fetched in this operation. */
  readonly snapshots: ListSnapshots;
  /** The reads gathered into batches. */
  readonly batches: ReadBatches;
}

/** One object of a list answer, keyed by its `id`. */
export type ListedObject = Record<string, unknown>;

/**
 * How a kind's list is read.
 * - `pages`: page by page (`limit` of `pageSize`, from `offset` 0), as far
 *   as the batch's ids need and at most one page for every two reads asked
 *   so far in this operation; then, with `byIds`, the ids the pages did not
 *   reach, `maxIds` a request.
 * - `whole`: the scope's whole list in one answer.
 */
export type ListSource =
  | {
      readonly by: "pages";
      /** Objects per page (at most the service's largest page). */
      readonly pageSize: number;
      /** One page: the objects of the list from `offset`, at most `limit` of them (`asked`: the reads of the batch, for messages). */
      readonly page: (offset: number, limit: number, asked: number) => Promise<readonly ListedObject[]>;
      /** The list filtered by id, where the service has such a filter; default none. */
      readonly byIds?: { readonly maxIds: number; readonly fetch: (ids: readonly string[], asked: number) => Promise<readonly ListedObject[]> };
      /** Whether the kind has a GET: a read alone, before any page, is then left to it (one request either way). */
      readonly hasGet: boolean;
    }
  | {
      readonly by: "whole";
      /** The whole list (`asked`: the reads of the batch, for messages). */
      readonly list: (asked: number) => Promise<readonly ListedObject[]>;
    };

/** Which objects of a list answer count (e.g. custom roles, not the built-in ones); default: all. */
export type ListFilter = (object: ListedObject) => boolean;

/** Adds the objects of `items` that `keep` accepts to the snapshot, by id (a later answer wins). */
function collect(items: readonly ListedObject[], snapshot: ListSnapshot, keep: ListFilter | undefined): void {
  for (const item of items) if (typeof item["id"] === "string" && (keep?.(item) ?? true)) snapshot.items.set(item["id"], item);
}

/**
 * The objects of `ids` found through `source`, by id, reading the snapshot
 * of `token`'s list in `scope` first and adding what it fetches to it.
 * Call it inside {@link ListSnapshots.oneWalkAtATime} for the same list (as
 * {@link readThroughList} does), so two batches never fetch the same page.
 */
export async function readFromList(
  reads: ListReads,
  token: string,
  scope: string,
  ids: readonly string[],
  source: ListSource,
  keep?: ListFilter,
): Promise<Map<string, ListedObject>> {
  const snapshot = reads.snapshots.snapshotFor(token, scope);
  snapshot.reads += ids.length;
  const objects = new Map<string, ListedObject>();
  const take = () => {
    for (const id of ids) {
      const item = snapshot.items.get(id);
      if (item !== undefined) objects.set(id, item);
    }
  };
  const missing = () => ids.filter((id) => !objects.has(id));
  take();
  if (source.by === "whole") {
    if (!snapshot.complete && missing().length > 0) {
      collect(await source.list(ids.length), snapshot, keep);
      snapshot.complete = true;
      snapshot.pages += 1;
      take();
    }
    return objects;
  }
  // A read alone, before any page: its own GET costs the same as a page.
  if (snapshot.pages === 0 && ids.length === 1 && source.hasGet) return objects;
  while (missing().length > 0 && !snapshot.complete && snapshot.pages < Math.ceil(snapshot.reads / 2)) {
    const items = await source.page(snapshot.nextOffset, source.pageSize, ids.length);
    collect(items, snapshot, keep);
    snapshot.pages += 1;
    snapshot.nextOffset += items.length;
    if (items.length < source.pageSize) snapshot.complete = true;
    take();
  }
  const rest = missing();
  if (source.byIds !== undefined && (rest.length > 1 || (rest.length === 1 && !source.hasGet))) {
    for (let i = 0; i < rest.length; i += source.byIds.maxIds) {
      collect(await source.byIds.fetch(rest.slice(i, i + source.byIds.maxIds), ids.length), snapshot, keep);
      snapshot.pages += 1;
    }
    take();
  }
  return objects;
}

/**
 * Reads `id` together with the reads of `token` in `scope` that arrive with
 * it (`readBatch.ts`), answered by {@link readFromList}, or at once from the
 * pages this operation already holds (when they hold it, or hold the whole
 * list): the object, or
 * `undefined` when the batch did not find it (the caller then reads it on
 * its own, or, for a `whole` list, knows it is gone). A failed batch rejects
 * every read of it with the batch's error.
 */
export async function readThroughList(
  reads: ListReads,
  token: string,
  scope: string,
  id: string,
  source: ListSource,
  keep?: ListFilter,
): Promise<ListedObject | undefined> {
  // Already read in this operation, or the whole list was: answered at once, without waiting for a batch to
  // gather (the engine sends a refresh's reads a few at a time, so 1,000 reads would wait 125 windows).
  const snapshot = reads.snapshots.snapshotFor(token, scope);
  const known = snapshot.items.get(id);
  if (known !== undefined || snapshot.complete) return known;
  const answer = await reads.batches.readTogether(`${token}\u0000${scope}`, id, (ids) =>
    reads.snapshots.oneWalkAtATime(token, scope, () => readFromList(reads, token, scope, ids, source, keep)),
  );
  return answer.found ? answer.value : undefined;
}

/**
 * The key of one list's scope: the API, the workspace, a digest of the
 * credentials (never the credentials themselves) and `parents` (e.g. a
 * dataset's id for its examples). Reads share a batch and a snapshot only
 * within one scope, so no answer crosses a workspace or a key.
 */
export function listScope(settings: ProviderSettings, parents: unknown = {}): string {
  let base = SCOPE_OF_CLIENT_SETTINGS.get(settings.client);
  if (base === undefined) {
    const credentials = createHash("sha256")
      .update(JSON.stringify([settings.client.apiKey ?? "", settings.client.bearerToken ?? ""]))
      .digest("hex");
    base = JSON.stringify([settings.client.apiUrl, settings.client.controlPlaneUrl, settings.client.workspaceId ?? "", credentials]);
    SCOPE_OF_CLIENT_SETTINGS.set(settings.client, base);
  }
  return `${base}${JSON.stringify(parents)}`;
}

/** The scope's part a settings object's client settings make (its hash of the credentials computed once per object: every read of a refresh asks). */
const SCOPE_OF_CLIENT_SETTINGS = new WeakMap<object, string>();
