/**
 * The adaptive concurrency limiter's window (provider/client/concurrency.ts)
 * on a manual clock: slow start, halving on 429s (once per burst), additive
 * growth up to MAX_WINDOW, released permits, and a burst of 200 requests
 * against a rate-limited service.
 */
import { ConcurrencyLimiter, MAX_WINDOW, type Permit } from "../../provider/client/concurrency";
import { ManualClock, flush, grantNow, track } from "../helpers/manualClock";

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

  test("releasing a permit twice counts once", async () => {
    const limiter = new ConcurrencyLimiter({ clock, initialWindow: 2 });
    const permit = await grantNow(limiter);
    await grantNow(limiter);
    permit.release({ kind: "answered" });
    permit.release({ kind: "answered" });
    expect(limiter.snapshot()).toMatchObject({ inFlight: 1, window: 3 });
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
