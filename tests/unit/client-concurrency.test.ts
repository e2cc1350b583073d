/**
 * The adaptive concurrency limiter's logic (provider/client/concurrency.ts)
 * on a manual clock: slow start, halving on 429s (once per burst), additive
 * growth, the pause until Retry-After, FIFO order with retries first, aborts
 * and wait limits, and the registry's sharing and fingerprints.
 */
import { AbortedError } from "../../provider/client/errors";
import type { Clock } from "../../provider/client/clock";
import { type AcquireResult, ConcurrencyLimiter, MAX_WINDOW, type Permit } from "../../provider/client/concurrency";
import { credentialFingerprint, sharedLimiter } from "../../provider/client/concurrencyRegistry";

/** A clock whose sleeps end only when the test advances it. */
class ManualClock implements Clock {
  nowMs = 1_000_000;
  private timers: { at: number; resolve: () => void }[] = [];

  now(): number {
    return this.nowMs;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(new AbortedError("aborted"));
        return;
      }
      const timer = { at: this.nowMs + Math.max(0, ms), resolve };
      this.timers.push(timer);
      signal?.addEventListener(
        "abort",
        () => {
          this.timers = this.timers.filter((t) => t !== timer);
          reject(new AbortedError("aborted"));
        },
        { once: true },
      );
    });
  }

  /** Pending sleeps. */
  get pending(): number {
    return this.timers.length;
  }

  /** Moves time forward by `ms`, ending the sleeps due on the way, in order. */
  async advance(ms: number): Promise<void> {
    const target = this.nowMs + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= target).sort((a, b) => a.at - b.at)[0];
      if (due === undefined) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.nowMs = due.at;
      due.resolve();
      await flush();
    }
    this.nowMs = target;
    await flush();
  }
}

async function flush(): Promise<void> {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
}

/** Starts an acquire and records its result when it settles. */
function track(promise: Promise<AcquireResult>): { result: AcquireResult | undefined } {
  const box: { result: AcquireResult | undefined } = { result: undefined };
  void promise.then((r) => {
    box.result = r;
  });
  return box;
}

function permitOf(box: { result: AcquireResult | undefined }): Permit {
  const result = box.result;
  if (result?.kind !== "granted") throw new Error(`not granted: ${JSON.stringify(result)}`);
  return result.permit;
}

async function grantNow(limiter: ConcurrencyLimiter): Promise<Permit> {
  const result = await limiter.acquire();
  if (result.kind !== "granted") throw new Error("not granted");
  return result.permit;
}

describe("ConcurrencyLimiter", () => {
  let clock: ManualClock;
  beforeEach(() => {
    clock = new ManualClock();
  });

  test("grants up to the initial window at once, then queues", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 3 });
    const permits = [await grantNow(limiter), await grantNow(limiter), await grantNow(limiter)];
    const fourth = track(limiter.acquire());
    await flush();
    expect(fourth.result).toBeUndefined();
    expect(limiter.snapshot()).toMatchObject({ inFlight: 3, waiting: 1 });
    permits[0]?.release({ kind: "answered" });
    await flush();
    expect(fourth.result).toMatchObject({ kind: "granted", waitedMs: 0 });
  });

  test("slow start: one more slot per success until the first 429", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 2 });
    for (let i = 0; i < 5; i += 1) (await grantNow(limiter)).release({ kind: "answered" });
    expect(limiter.snapshot().window).toBe(7);
  });

  test("a 429 halves what was in flight (not an unfilled window) and pauses the origin for its Retry-After", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 64 });
    const permits: Permit[] = [];
    for (let i = 0; i < 10; i += 1) permits.push(await grantNow(limiter));
    permits[0]?.release({ kind: "rateLimited", retryAfterMs: 1_000 });
    expect(limiter.snapshot()).toMatchObject({ window: 5, inFlight: 9, pausedUntilMs: clock.nowMs + 1_000, decreases: 1 });
  });

  test("429s answering the same burst halve the window once; a later one halves it again", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 8 });
    const burst: Permit[] = [];
    for (let i = 0; i < 8; i += 1) burst.push(await grantNow(limiter));
    for (const permit of burst) permit.release({ kind: "rateLimited", retryAfterMs: 100 });
    expect(limiter.snapshot()).toMatchObject({ window: 4, decreases: 1, inFlight: 0 });
    await clock.advance(100);
    const next: Permit[] = [];
    for (let i = 0; i < 4; i += 1) next.push(await grantNow(limiter));
    next[0]?.release({ kind: "rateLimited", retryAfterMs: 100 });
    expect(limiter.snapshot()).toMatchObject({ window: 2, decreases: 2 });
  });

  test("the window never goes below 1", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 1 });
    for (let i = 0; i < 3; i += 1) {
      (await grantNow(limiter)).release({ kind: "rateLimited", retryAfterMs: 0 });
    }
    expect(limiter.snapshot()).toMatchObject({ window: 1, decreases: 3 });
  });

  test("after a 429, growth is additive: about one slot per window of successes", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 8 });
    const burst: Permit[] = [];
    for (let i = 0; i < 8; i += 1) burst.push(await grantNow(limiter));
    burst[0]?.release({ kind: "rateLimited", retryAfterMs: 0 });
    for (const permit of burst.slice(1)) permit.release({ kind: "answered" }); // answered before the decrease: still grows
    const after = limiter.snapshot().window;
    expect(after).toBeGreaterThan(4);
    expect(after).toBeLessThan(6);
    const start = limiter.snapshot().window;
    for (let i = 0; i < Math.floor(start); i += 1) (await grantNow(limiter)).release({ kind: "answered" });
    expect(limiter.snapshot().window).toBeCloseTo(start + 1, 0);
  });

  test("growth stops at MAX_WINDOW", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: MAX_WINDOW - 1 });
    for (let i = 0; i < 5; i += 1) (await grantNow(limiter)).release({ kind: "answered" });
    expect(limiter.snapshot().window).toBe(MAX_WINDOW);
  });

  test("failures without an answer leave the window as it is", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 4 });
    (await grantNow(limiter)).release({ kind: "noAnswer" });
    expect(limiter.snapshot()).toMatchObject({ window: 4, inFlight: 0, pausedUntilMs: 0 });
  });

  test("no request is granted during the pause; waiting ones go at its end, in order, retries first", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 4 });
    const first = await grantNow(limiter);
    first.release({ kind: "rateLimited", retryAfterMs: 2_000 });
    expect(limiter.snapshot().window).toBe(1);
    const order: string[] = [];
    const a = limiter.acquire().then((r) => {
      order.push("a");
      return r;
    });
    const b = limiter.acquire().then((r) => {
      order.push("b");
      return r;
    });
    const retry = limiter.acquire({ priority: true }).then((r) => {
      order.push("retry");
      return r;
    });
    await clock.advance(1_999);
    expect(order).toEqual([]);
    await clock.advance(1);
    expect(order).toEqual(["retry"]); // window 1: the others wait for its slot
    const granted = await retry;
    expect(granted).toMatchObject({ kind: "granted", waitedMs: 2_000 });
    if (granted.kind === "granted") granted.permit.release({ kind: "answered" }); // window 1 -> 2
    await flush();
    expect(order).toEqual(["retry", "a", "b"]);
    await Promise.all([a, b]);
  });

  test("a later 429 extends the pause; an earlier end does not shorten it", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 4 });
    const p1 = await grantNow(limiter);
    const p2 = await grantNow(limiter);
    const start = clock.nowMs;
    p1.release({ kind: "rateLimited", retryAfterMs: 1_000 });
    p2.release({ kind: "rateLimited", retryAfterMs: 500 });
    expect(limiter.snapshot().pausedUntilMs).toBe(start + 1_000);
    const waiting = track(limiter.acquire());
    await clock.advance(600);
    const p3Holder = track(limiter.acquire());
    await flush();
    expect(waiting.result).toBeUndefined();
    expect(p3Holder.result).toBeUndefined();
    await clock.advance(400);
    expect(waiting.result).toMatchObject({ kind: "granted", waitedMs: 1_000 });
    permitOf(waiting).release({ kind: "answered" });
    await flush();
    expect(p3Holder.result?.kind).toBe("granted");
  });

  test("a waiting request honours its abort signal and leaves the queue", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 1 });
    const held = await grantNow(limiter);
    const controller = new AbortController();
    const aborted = track(limiter.acquire({ signal: controller.signal }));
    const next = track(limiter.acquire());
    await clock.advance(250);
    controller.abort();
    await flush();
    expect(aborted.result).toEqual({ kind: "aborted", waitedMs: 250 });
    expect(limiter.snapshot().waiting).toBe(1);
    held.release({ kind: "answered" });
    await flush();
    expect(next.result?.kind).toBe("granted");
  });

  test("an already aborted signal is not granted", async () => {
    const limiter = new ConcurrencyLimiter({ clock });
    const controller = new AbortController();
    controller.abort();
    await expect(limiter.acquire({ signal: controller.signal })).resolves.toEqual({ kind: "aborted", waitedMs: 0 });
    expect(limiter.snapshot().inFlight).toBe(0);
  });

  test("a waiting request gives up after maxWaitMs without taking a slot", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 1 });
    const held = await grantNow(limiter);
    const bounded = track(limiter.acquire({ maxWaitMs: 5_000 }));
    await clock.advance(4_999);
    expect(bounded.result).toBeUndefined();
    await clock.advance(1);
    expect(bounded.result).toEqual({ kind: "timedOut", waitedMs: 5_000 });
    held.release({ kind: "answered" });
    expect(limiter.snapshot()).toMatchObject({ inFlight: 0, waiting: 0 });
  });

  test("no timer is left behind once nothing waits", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 1 });
    (await grantNow(limiter)).release({ kind: "rateLimited", retryAfterMs: 10_000 });
    const controller = new AbortController();
    const waiting = track(limiter.acquire({ signal: controller.signal, maxWaitMs: 60_000 }));
    await flush();
    expect(clock.pending).toBe(2); // the wake at the end of the pause, the wait limit
    controller.abort();
    await flush();
    expect(waiting.result?.kind).toBe("aborted");
    expect(clock.pending).toBe(0);
  });

  test("releasing a permit twice counts once", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 2 });
    const permit = await grantNow(limiter);
    await grantNow(limiter);
    permit.release({ kind: "answered" });
    permit.release({ kind: "answered" });
    expect(limiter.snapshot()).toMatchObject({ inFlight: 1, window: 3 });
  });

  test("a 429 after a measured rate paces grants at 95 % of it; the pace then grows slowly", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 64 });
    for (let i = 0; i < 20; i += 1) {
      (await grantNow(limiter)).release({ kind: "answered" });
      if (i < 19) await clock.advance(50); // 20 answers within the last second
    }
    (await grantNow(limiter)).release({ kind: "rateLimited", retryAfterMs: 1_000 });
    expect(limiter.snapshot().pacePerSecond).toBeCloseTo(19, 5);
    await clock.advance(1_000);
    const first = track(limiter.acquire());
    await flush();
    permitOf(first).release({ kind: "answered" }); // the window (1 after the 429) is free again
    expect(limiter.snapshot().pacePerSecond).toBeCloseTo(19 + 0.1 / 19, 5);
    const second = track(limiter.acquire());
    await clock.advance(52);
    expect(second.result).toBeUndefined(); // 1 000 / 19 = 52.6 ms after the first grant
    await clock.advance(1);
    expect(second.result?.kind).toBe("granted");
  });

  test("a limiter answered a few times a second (one of many sharing the limit) measures its rate over a longer period", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 8 });
    await clock.advance(10_000); // idle before its first request: not part of its rate
    for (let i = 0; i < 8; i += 1) {
      (await grantNow(limiter)).release({ kind: "answered" });
      await clock.advance(500); // 2 answers a second: 2 in the last second, too few there
    }
    (await grantNow(limiter)).release({ kind: "rateLimited", retryAfterMs: 1_000 });
    // 8 answers in the 4 000 ms since the first: 2 a second, paced at 95 % of it.
    expect(limiter.snapshot().pacePerSecond).toBeCloseTo(2 * 0.95, 5);
  });

  test("the pace grows slowly up to the rate measured at the last 429, then quicker the longer it stays above it", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 64 });
    for (let i = 0; i < 20; i += 1) {
      (await grantNow(limiter)).release({ kind: "answered" });
      if (i < 19) await clock.advance(50);
    }
    (await grantNow(limiter)).release({ kind: "rateLimited", retryAfterMs: 1_000 }); // measured 20/s: pace 19
    await clock.advance(1_000);
    const answerFor = async (ms: number): Promise<void> => {
      const until = clock.nowMs + ms;
      while (clock.nowMs < until) {
        const slot = track(limiter.acquire());
        while (slot.result === undefined) await clock.advance(1);
        permitOf(slot).release({ kind: "answered" });
      }
    };
    await answerFor(5_000);
    // Below 20/s: 0.1 request/s more each second.
    expect(limiter.snapshot().pacePerSecond).toBeGreaterThan(19.4);
    expect(limiter.snapshot().pacePerSecond).toBeLessThan(19.6);
    await answerFor(15_000);
    // Above 20/s since about second 10: growth 0.1 + 0.3 x seconds above; linear growth alone would be about 21.
    expect(limiter.snapshot().pacePerSecond).toBeGreaterThan(25);
  });

  test("a cap (maxRequestsPerSecond) paces grants from the first request, and the pace never grows above it", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 64, maxPerSecond: 2 });
    expect(limiter.snapshot().pacePerSecond).toBe(2);
    (await grantNow(limiter)).release({ kind: "answered" });
    const second = track(limiter.acquire());
    await clock.advance(499);
    expect(second.result).toBeUndefined(); // 1 000 / 2 = 500 ms after the first grant
    await clock.advance(1);
    permitOf(second).release({ kind: "answered" });
    for (let i = 0; i < 40; i += 1) {
      const slot = track(limiter.acquire());
      while (slot.result === undefined) await clock.advance(10);
      permitOf(slot).release({ kind: "answered" });
    }
    expect(limiter.snapshot().pacePerSecond).toBe(2);
  });

  test("too few answers to measure a rate set no pace", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 8 });
    for (let i = 0; i < 4; i += 1) (await grantNow(limiter)).release({ kind: "answered" });
    (await grantNow(limiter)).release({ kind: "rateLimited", retryAfterMs: 1_000 });
    expect(limiter.snapshot().pacePerSecond).toBe(Number.POSITIVE_INFINITY);
  });

  test("AIMD keeps the 429s of a burst of 200 requests far below one per request", async () => {
    // A service accepting 20 requests per 1 000 ms window and answering 429 with Retry-After 1 s.
    const limiter = new ConcurrencyLimiter({ clock });
    let windowStart = clock.nowMs;
    let acceptedInWindow = 0;
    let rateLimited = 0;
    let accepted = 0;
    const send = async (): Promise<void> => {
      for (let retry = false; ; retry = true) {
        const slot = await limiter.acquire({ priority: retry });
        if (slot.kind !== "granted") throw new Error("not granted");
        await clock.sleep(5); // latency
        if (clock.nowMs - windowStart >= 1_000) {
          windowStart = clock.nowMs;
          acceptedInWindow = 0;
        }
        if (acceptedInWindow < 20) {
          acceptedInWindow += 1;
          accepted += 1;
          slot.permit.release({ kind: "answered" });
          return;
        }
        rateLimited += 1;
        const retryAfterMs = windowStart + 1_000 - clock.nowMs;
        slot.permit.release({ kind: "rateLimited", retryAfterMs });
        await clock.sleep(retryAfterMs);
      }
    };
    let done = false;
    const all = Promise.all(Array.from({ length: 200 }, () => send())).then(() => {
      done = true;
    });
    while (!done && clock.nowMs < 1_000_000 + 60_000) await clock.advance(1);
    await all;
    expect(accepted).toBe(200);
    // Without the shared window: 180 + 160 + ... + 20 = 1 800 429s.
    expect(rateLimited).toBeLessThan(200);
  });
});

describe("the limiter registry", () => {
  test("one limiter per origin, credential and clock", () => {
    const clock = new ManualClock();
    const other = new ManualClock();
    const key = credentialFingerprint("lsv2_pt_0123456789abcdef");
    const a = sharedLimiter(clock, "https://api.example.test", key);
    expect(sharedLimiter(clock, "https://api.example.test", key)).toBe(a);
    expect(sharedLimiter(clock, "https://other.example.test", key)).not.toBe(a);
    expect(sharedLimiter(clock, "https://api.example.test", credentialFingerprint("another-key-000000"))).not.toBe(a);
    expect(sharedLimiter(other, "https://api.example.test", key)).not.toBe(a);
  });

  test("the fingerprint is a fixed-length digest that does not contain the credential", () => {
    const secret = "lsv2_pt_0123456789abcdef";
    const fingerprint = credentialFingerprint(secret);
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(fingerprint).not.toContain(secret);
    expect(fingerprint).not.toContain(secret.slice(0, 8));
    expect(credentialFingerprint(secret)).toBe(fingerprint);
    expect(credentialFingerprint(undefined)).toBe("anonymous");
  });
});
