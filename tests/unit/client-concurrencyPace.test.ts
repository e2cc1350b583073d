/**
 * The adaptive concurrency limiter's pace (provider/client/concurrency.ts) on
 * a manual clock: the rate measured at a 429 sets a pace of grants, which then
 * grows; a maxRequestsPerSecond cap paces from the first request.
 */
import { ConcurrencyLimiter } from "../../provider/client/concurrency";
import { ManualClock, flush, grantNow, permitOf, track } from "../helpers/manualClock";

describe("ConcurrencyLimiter", () => {
  let clock: ManualClock;
  beforeEach(() => {
    clock = new ManualClock();
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
});
