/**
 * What this provider process has read of each kind's list during the
 * current operation. The engine reads a refresh's resources a few at a time
 * (its `--parallel` bound), so reads that arrive together are only a handful;
 * walking the kind's list once, page by page, and answering the later reads
 * from the pages already fetched is what brings a refresh down to a few
 * requests per kind.
 *
 * Never older than the operation: the engine configures the provider at the
 * start of every operation, and {@link forgetAllSnapshots} runs there
 * (`context.ts`), so a page is only ever served to the operation that fetched
 * it; a create, update or delete of a kind by this process drops that kind's
 * pages ({@link forgetSnapshots}), so a read after our own write goes to the
 * service.
 */

/** The pages of one kind's list (in one scope) fetched during this operation. */
export interface ListSnapshot {
  /** The objects seen, by id (a later page wins). */
  readonly items: Map<string, Record<string, unknown>>;
  /** Offset of the next page to fetch. */
  nextOffset: number;
  /** Whether the list's last page was fetched (a short page, or a list answered whole). */
  complete: boolean;
  /** Requests made for this list in this operation. */
  pages: number;
  /** Reads asked of this list in this operation (the page budget grows with them). */
  reads: number;
}

/** Snapshots by type token, then by scope key. */
const snapshots = new Map<string, Map<string, ListSnapshot>>();

/** Serializes the walks of one list, so two batches never fetch the same page. */
const walks = new Map<string, Promise<unknown>>();

/** The snapshot of `token`'s list in `scope`, empty when nothing was fetched yet in this operation. */
export function snapshotFor(token: string, scope: string): ListSnapshot {
  let byScope = snapshots.get(token);
  if (byScope === undefined) snapshots.set(token, (byScope = new Map()));
  let snapshot = byScope.get(scope);
  if (snapshot === undefined) byScope.set(scope, (snapshot = { items: new Map(), nextOffset: 0, complete: false, pages: 0, reads: 0 }));
  return snapshot;
}

/** Runs `walk` after every earlier walk of the same list has finished (whatever their outcome). */
export function oneWalkAtATime<T>(token: string, scope: string, walk: () => Promise<T>): Promise<T> {
  const key = `${token}\u0000${scope}`;
  const previous = walks.get(key) ?? Promise.resolve();
  const next = previous.then(walk, walk);
  const settled = next.then(() => undefined, () => undefined);
  walks.set(key, settled);
  void settled.then(() => {
    if (walks.get(key) === settled) walks.delete(key);
  });
  return next;
}

/** Drops what was read of `token`'s lists (after this process wrote an object of that kind). */
export function forgetSnapshots(token: string): void {
  snapshots.delete(token);
}

/**
 * `write` (a create, update or delete of `token`'s objects) with the kind's
 * pages dropped before and after it, so a read after our own write, or
 * during it, goes to the service.
 */
export function droppingSnapshots<A extends unknown[], R>(token: string, write: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args: A): Promise<R> => {
    forgetSnapshots(token);
    try {
      return await write(...args);
    } finally {
      forgetSnapshots(token);
    }
  };
}

/** Drops every snapshot: a new operation starts (the engine configures the provider). */
export function forgetAllSnapshots(): void {
  snapshots.clear();
}
