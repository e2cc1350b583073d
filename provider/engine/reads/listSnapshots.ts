/**
 * What this provider process has read of each kind's list during the
 * current operation. The engine reads a refresh's resources a few at a time
 * (its `--parallel` bound), so reads that arrive together are only a handful;
 * walking the kind's list once, page by page, and answering the later reads
 * from the pages already fetched is what brings a refresh down to a few
 * requests per kind.
 *
 * Never older than the operation: the engine configures the provider at the
 * start of every operation, and {@link ListSnapshots.forgetAll} runs there
 * (`session.ts`), so a page is only ever served to the operation that fetched
 * it; a create, update or delete of a kind by this process drops that kind's
 * pages ({@link ListSnapshots.forget}), so a read after our own write goes to the
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

/**
 * What one provider session has read of each kind's list during its current
 * operation (one per {@link ProviderSession}; dropped when the engine
 * configures the provider, which starts an operation).
 */
export class ListSnapshots {
  /** Snapshots by type token, then by scope key. */
  private readonly snapshots = new Map<string, Map<string, ListSnapshot>>();
  /** Serializes the walks of one list, so two batches never fetch the same page. */
  private readonly walks = new Map<string, Promise<unknown>>();

  /** The snapshot of `token`'s list in `scope`, empty when nothing was fetched yet in this operation. */
  snapshotFor(token: string, scope: string): ListSnapshot {
    let byScope = this.snapshots.get(token);
    if (byScope === undefined) this.snapshots.set(token, (byScope = new Map()));
    let snapshot = byScope.get(scope);
    if (snapshot === undefined) byScope.set(scope, (snapshot = { items: new Map(), nextOffset: 0, complete: false, pages: 0, reads: 0 }));
    return snapshot;
  }

  /** Runs `walk` after every earlier walk of the same list has finished (whatever their outcome). */
  oneWalkAtATime<T>(token: string, scope: string, walk: () => Promise<T>): Promise<T> {
    const key = `${token}\u0000${scope}`;
    const previous = this.walks.get(key) ?? Promise.resolve();
    const next = previous.then(walk, walk);
    const settled = next.then(
      () => undefined,
      () => undefined,
    );
    this.walks.set(key, settled);
    void settled.then(() => {
      if (this.walks.get(key) === settled) this.walks.delete(key);
    });
    return next;
  }

  /** Drops what was read of `token`'s lists (after this process wrote an object of that kind). */
  forget(token: string): void {
    this.snapshots.delete(token);
  }

  /** Drops every snapshot: a new operation starts (the engine configures the provider). */
  forgetAll(): void {
    this.snapshots.clear();
  }
}

/** What {@link forgettingListPages} needs of an operation's context: its list pages. */
interface WithSnapshots {
  readonly lists: { readonly snapshots: ListSnapshots };
}

/**
 * `write` (a create, update or delete of `token`'s objects) with the kind's
 * pages dropped before and after it, so a read after our own write, or
 * during it, goes to the service.
 */
export function forgettingListPages<C extends WithSnapshots, A extends unknown[], R>(
  token: string,
  write: (context: C, ...args: A) => Promise<R>,
): (context: C, ...args: A) => Promise<R> {
  return async (context: C, ...args: A): Promise<R> => {
    context.lists.snapshots.forget(token);
    try {
      return await write(context, ...args);
    } finally {
      context.lists.snapshots.forget(token);
    }
  };
}
