/**
 * The adaptive concurrency limiter's queue (provider/client/concurrency.ts)
 * on a manual clock: the pause until Retry-After, FIFO order with retries
 * first, aborts and wait limits, and no timer left behind.
 */
import { ConcurrencyLimiter } from "../../provider/client/concurrency";
import { ManualClock, flush, grantNow, permitOf, track } from "../helpers/manualClock";

describe("ConcurrencyLimiter", () => {
  let clock: ManualClock;
  beforeEach(() => {
    clock = new ManualClock();
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
});
