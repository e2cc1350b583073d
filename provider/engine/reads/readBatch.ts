/**
 * Reads that arrive together, answered together. A refresh of a large stack
 * sends the provider one Read per resource, nearly all at once; reading
 * each object by id costs one GET apiece. {@link readTogether} gathers the
 * reads of one kind in one scope that arrive within a short window into one
 * batch, and hands the batch's ids to a reader that answers them all
 * (through the kind's list endpoint, see `crud.ts`).
 *
 * Freshness: a read only ever joins a batch whose requests have not started,
 * so every answer was fetched after the read was asked for: no value older
 * than the refresh is ever served, and nothing is kept once the batch is
 * answered (there is no cache).
 */

/** Default quiet time that closes a batch: no new read of its key for this long, in milliseconds (5). */
export const DEFAULT_QUIET_MS = 5;
/** Default longest time a batch stays open after its first read, in milliseconds (50). */
export const DEFAULT_MAX_WAIT_MS = 50;
/** Default most ids in one batch (1 000); a full batch is answered at once. */
export const DEFAULT_MAX_BATCH = 1000;

/** How long a batch gathers reads. */
export interface BatchWindow {
  /** No new read for this long closes the batch, in milliseconds; default {@link DEFAULT_QUIET_MS}. */
  readonly quietMs?: number;
  /** The batch closes at the latest this long after its first read, in milliseconds; default {@link DEFAULT_MAX_WAIT_MS}. */
  readonly maxWaitMs?: number;
  /** Most ids in one batch; default {@link DEFAULT_MAX_BATCH}. */
  readonly maxBatch?: number;
}

/**
 * Answers one batch: the objects it found, by id. An id left out was not
 * found by the batch's requests (the caller decides what that means, e.g.
 * reading that one on its own); a rejection fails every read of the batch
 * over to the caller's own path the same way.
 */
export type BatchReader<T> = (ids: readonly string[]) => Promise<ReadonlyMap<string, T>>;

/** What one read of a batch learns: the object, or that the batch did not find it (`undefined`). */
export type BatchAnswer<T> = { readonly found: true; readonly value: T } | { readonly found: false };

interface Waiter<T> {
  resolve(answer: BatchAnswer<T>): void;
  reject(error: unknown): void;
}

interface OpenBatch<T> {
  readonly reader: BatchReader<T>;
  readonly waiters: Map<string, Waiter<T>[]>;
  readonly openedAt: number;
  readonly window: Required<BatchWindow>;
  timer: NodeJS.Timeout | undefined;
}

function close<T>(open: Map<string, OpenBatch<unknown>>, key: string, batch: OpenBatch<T>): void {
  if (open.get(key) === batch) open.delete(key);
  if (batch.timer !== undefined) clearTimeout(batch.timer);
  const ids = [...batch.waiters.keys()];
  const settle = (each: (waiter: Waiter<T>, id: string) => void) => {
    for (const [id, waiters] of batch.waiters) for (const waiter of waiters) each(waiter, id);
  };
  batch.reader(ids).then(
    (found) => settle((waiter, id) => waiter.resolve(found.has(id) ? { found: true, value: found.get(id) as T } : { found: false })),
    (error: unknown) => settle((waiter) => waiter.reject(error)),
  );
}

function schedule<T>(open: Map<string, OpenBatch<unknown>>, key: string, batch: OpenBatch<T>): void {
  if (batch.timer !== undefined) clearTimeout(batch.timer);
  const untilMax = batch.openedAt + batch.window.maxWaitMs - Date.now();
  batch.timer = setTimeout(() => close(open, key, batch), Math.max(0, Math.min(batch.window.quietMs, untilMax)));
}

/** The batches of reads open in one provider session (see {@link ProviderSession}). */
export class ReadBatches {
  /** The open batches, by key: each lives from its first read to its answer (there is no cache). */
  private readonly open = new Map<string, OpenBatch<unknown>>();

  /**
   * Reads `id` together with the other reads of `key` that arrive within the
   * window: the first read of a key opens a batch with its `reader`; the batch
   * closes after `quietMs` without a new read, `maxWaitMs` after it opened, or
   * when it holds `maxBatch` ids, and its reader is then called once with
   * every id (each id once, however many reads asked for it).
   *
   * @param key what the reads share: the kind, the service, the credentials' scope and any parent ids
   * @returns the object, or `{ found: false }` when the batch did not find it
   * @throws whatever the reader threw
   */
  readTogether<T>(key: string, id: string, reader: BatchReader<T>, window: BatchWindow = {}): Promise<BatchAnswer<T>> {
    let batch = this.open.get(key) as OpenBatch<T> | undefined;
    if (batch === undefined) {
      batch = {
        reader,
        waiters: new Map(),
        openedAt: Date.now(),
        window: {
          quietMs: window.quietMs ?? DEFAULT_QUIET_MS,
          maxWaitMs: window.maxWaitMs ?? DEFAULT_MAX_WAIT_MS,
          maxBatch: window.maxBatch ?? DEFAULT_MAX_BATCH,
        },
        timer: undefined,
      };
      this.open.set(key, batch as OpenBatch<unknown>);
    }
    const current = batch;
    const answer = new Promise<BatchAnswer<T>>((resolve, reject) => {
      const waiters = current.waiters.get(id) ?? [];
      waiters.push({ resolve, reject });
      current.waiters.set(id, waiters);
    });
    if (current.waiters.size >= current.window.maxBatch) close(this.open, key, current);
    else schedule(this.open, key, current);
    return answer;
  }
}
