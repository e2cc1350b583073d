/**
 * The waits' prediction of DEPLOYED (provider/client/revisionTimings.ts) and
 * how waitForRevision follows it, on the FakeClock: a reader whose revision
 * status is a function of the fake time plays a revision's timeline, so the
 * tests assert when each poll was made and how long after the transition the
 * wait returned, in fake milliseconds (never wall-clock time).
 */
import { BadRequestError, RateLimitError, type RequestOptions, type Revision, type RevisionReader, waitForRevision } from "../../provider/client";
import {
  DETECTION_OFFSET_MS,
  TIGHT_INTERVAL_MS,
  mergeTimings,
  nextPollDelayMs,
  parseTimings,
  LATE_MAX_INTERVAL_MS,
  predictRevision,
  timingsFromRevisions,
} from "../../provider/client/revisionTimings";
import { rateLimitedDelayMs } from "../../provider/client/wait";
import { FakeClock } from "../helpers/scriptedServer";

const START = 1_700_000_000_000;
const iso = (ms: number): string => new Date(ms).toISOString();

/** Steps of a revision: [status, duration ms], ending in DEPLOYED. */
type Timeline = readonly (readonly [string, number])[];

const REALISTIC: Timeline = [
  ["CREATING", 2_000],
  ["QUEUED", 3_000],
  ["AWAITING_BUILD", 5_000],
  ["BUILDING", 60_000],
  ["AWAITING_DEPLOY", 5_000],
  ["DEPLOYING", 15_000],
];
const total = (timeline: Timeline): number => timeline.reduce((sum, [, ms]) => sum + ms, 0);

/** The revision `id`, created at `createdAtMs` (service clock = fake clock + `skewMs`), at fake time `nowMs`. */
function revisionAt(id: string, createdAtMs: number, timeline: Timeline, nowMs: number, skewMs = 0): Revision {
  let at = createdAtMs;
  for (const [status, ms] of timeline) {
    if (nowMs < at + ms) return { id, status, created_at: iso(createdAtMs + skewMs), updated_at: iso(at + skewMs) };
    at += ms;
  }
  return { id, status: "DEPLOYED", created_at: iso(createdAtMs + skewMs), updated_at: iso(at + skewMs) };
}

/** A deployed earlier revision that took `totalMs`. */
const earlier = (id: string, createdAtMs: number, totalMs: number): Revision => ({
  id,
  status: "DEPLOYED",
  created_at: iso(createdAtMs),
  updated_at: iso(createdAtMs + totalMs),
});

interface Poll {
  readonly what: "getRevision" | "listRevisions";
  readonly atMs: number;
  readonly options: RequestOptions | undefined;
}

/**
 * A reader serving revision `rev-2` (created at START, on `timeline`) and the
 * `history` revisions in its list; `fail(n)` may turn poll n into an error.
 */
function timelineReader(clock: FakeClock, timeline: Timeline, history: readonly Revision[], fail?: (n: number) => Error | undefined, skewMs = 0) {
  const polls: Poll[] = [];
  const record = (what: Poll["what"], options: RequestOptions | undefined): void => {
    polls.push({ what, atMs: clock.now() - START, options });
    const error = fail?.(polls.length);
    if (error !== undefined) throw error;
  };
  const current = (): Revision => revisionAt("rev-2", START, timeline, clock.now(), skewMs);
  const reader: RevisionReader = {
    getRevision: async (_d, _r, options) => {
      record("getRevision", options);
      return current();
    },
    listRevisions: async (_d, params, options) => {
      record("listRevisions", options);
      return { resources: [current(), ...history].slice(0, params?.limit ?? 20), offset: null };
    },
  };
  return { reader, polls };
}

describe("history from the revision list", () => {
  test("DEPLOYED revisions give updated_at - created_at; the waited-for, unfinished and undated ones are left out", () => {
    const revisions: Revision[] = [
      { id: "rev-5", status: "BUILDING", created_at: iso(START), updated_at: iso(START + 1_000) },
      earlier("rev-4", START - 500_000, 91_000),
      { id: "rev-3", status: "DEPLOYED", created_at: iso(START - 900_000) },
      { id: "rev-2", status: "BUILD_FAILED", created_at: iso(START - 990_000), updated_at: iso(START - 980_000) },
      earlier("rev-1", START - 2_000_000, 88_000),
      { id: "rev-0", status: "DEPLOYED", created_at: "not a date", updated_at: iso(START) },
      earlier("rev-old", START - 90_000_000, 7 * 60 * 60 * 1000),
    ];
    expect(timingsFromRevisions(revisions, "rev-5")).toEqual([
      { revisionId: "rev-4", totalMs: 91_000 },
      { revisionId: "rev-1", totalMs: 88_000 },
    ]);
    expect(timingsFromRevisions(revisions, "rev-4")).toEqual([{ revisionId: "rev-1", totalMs: 88_000 }]);
  });

  test("merging: the service's total wins, the provider's deploy tail is kept, newest first, at most the limit", () => {
    const merged = mergeTimings(
      [
        { revisionId: "b", totalMs: 90_000 },
        { revisionId: "a", totalMs: 80_000 },
      ],
      [
        { revisionId: "b", totalMs: 95_000, deployMs: 12_000 },
        { revisionId: "z", totalMs: 70_000 },
      ],
      3,
    );
    expect(merged).toEqual([
      { revisionId: "b", totalMs: 90_000, deployMs: 12_000 },
      { revisionId: "a", totalMs: 80_000 },
      { revisionId: "z", totalMs: 70_000 },
    ]);
    expect(mergeTimings(merged, [], 1)).toEqual([merged[0]]);
  });

  test("timings kept in outputs: malformed entries are dropped", () => {
    expect(
      parseTimings([
        { revisionId: "a", totalMs: 90_000, deployMs: 10_000 },
        { revisionId: "b", totalMs: -1 },
        { revisionId: 3, totalMs: 1_000 },
        { revisionId: "c", totalMs: 1_000, deployMs: 5_000 },
        null,
        "x",
      ]),
    ).toEqual([
      { revisionId: "a", totalMs: 90_000, deployMs: 10_000 },
      { revisionId: "c", totalMs: 1_000 },
    ]);
    expect(parseTimings(undefined)).toEqual([]);
    expect(parseTimings({ revisionId: "a", totalMs: 1 })).toEqual([]);
  });

  test("the prediction is each duration's distribution: totals, deploy tails and DEPLOYING steps, ascending", () => {
    expect(predictRevision([])).toBeUndefined();
    expect(predictRevision([{ revisionId: "a", totalMs: 90_000 }])).toEqual({ totalsMs: [90_000], deployTailsMs: [], deployingMs: [], samples: 1 });
    expect(
      predictRevision([
        { revisionId: "a", totalMs: 100_000, deployMs: 14_000, deployingMs: 9_000 },
        { revisionId: "b", totalMs: 90_000 },
        { revisionId: "c", totalMs: 84_000, deployMs: 11_000 },
      ]),
    ).toEqual({ totalsMs: [84_000, 90_000, 100_000], deployTailsMs: [11_000, 14_000], deployingMs: [9_000], samples: 3 });
  });
});

describe("the schedule", () => {
  const prediction = { totalsMs: [90_000], deployTailsMs: [], deployingMs: [], samples: 1 };
  const base = { status: "BUILDING", createdAtMs: 0, prediction, fallbackMs: 9_000 };

  test("without a prediction or a creation time: the status-based interval", () => {
    expect(nextPollDelayMs({ ...base, nowMs: 10_000, prediction: undefined })).toBe(9_000);
    expect(nextPollDelayMs({ ...base, nowMs: 10_000, createdAtMs: undefined })).toBe(9_000);
  });

  test("far from the transition: even sleeps of at most the idle interval, the last ending just after the prediction", () => {
    // 90.25 s - 30 s = 60.25 s left: four sleeps of 15.0625 s (rounded up).
    expect(nextPollDelayMs({ ...base, nowMs: 30_000 })).toBe(15_063);
    expect(nextPollDelayMs({ ...base, nowMs: 80_000 })).toBe(10_250);
    expect(nextPollDelayMs({ ...base, nowMs: 80_000, idleIntervalMs: 5_000 })).toBe(3_417);
  });

  test("late: the tight interval, then half the lateness, never above two seconds", () => {
    const end = 90_000 + DETECTION_OFFSET_MS;
    expect(nextPollDelayMs({ ...base, nowMs: end })).toBe(TIGHT_INTERVAL_MS);
    expect(nextPollDelayMs({ ...base, nowMs: end + 2_000 })).toBe(1_000);
    expect(nextPollDelayMs({ ...base, nowMs: end + 60_000 })).toBe(LATE_MAX_INTERVAL_MS);
    expect(LATE_MAX_INTERVAL_MS).toBe(2_000);
  });

  test("a spread of totals is a window: its range widened by a quarter each side, polled a third of its width apart, at most 1 s", () => {
    const spread = { ...base, prediction: { ...prediction, totalsMs: [82_000, 98_000] } };
    // Window [78.25 s, 102.25 s].
    expect(nextPollDelayMs({ ...spread, nowMs: 70_000 })).toBe(8_250);
    expect(nextPollDelayMs({ ...spread, nowMs: 78_250 })).toBe(1_000);
    expect(nextPollDelayMs({ ...spread, nowMs: 101_950 })).toBe(TIGHT_INTERVAL_MS);
    const narrow = { ...base, prediction: { ...prediction, totalsMs: [89_000, 90_200] } };
    // Window [88.95 s, 90.75 s]: 1.8 s / 3 = 0.6 s apart.
    expect(nextPollDelayMs({ ...narrow, nowMs: 88_950 })).toBe(600);
  });

  test("deploy steps in the history: probe for them while building, then a window from the step's own start", () => {
    const steps = { ...base, prediction: { totalsMs: [90_000], deployTailsMs: [20_000], deployingMs: [15_000], samples: 1 } };
    // The deploy steps cannot begin before 90 s - 20 s = 70 s: sleep toward it, then probe. With one tail
    // recorded, DEPLOYING's durations count too: the shortest (15 s) times the square of its ratio to
    // the median (0.75^2): every 8.4 s, so one poll lands inside them.
    expect(nextPollDelayMs({ ...steps, nowMs: 30_000 })).toBe(20_000);
    expect(nextPollDelayMs({ ...steps, nowMs: 70_000 })).toBe(8_438);
    expect(nextPollDelayMs({ ...steps, nowMs: 95_000 })).toBe(8_438);
    // The build ended at 85 s (a poll saw AWAITING_DEPLOY): poll every 12 s (0.8 of DEPLOYING's shortest,
    // its durations being alike) until one lands in DEPLOYING.
    expect(nextPollDelayMs({ ...steps, status: "AWAITING_DEPLOY", deployPhaseStartMs: 85_000, nowMs: 86_000 })).toBe(12_000);
    // With tails only, the window is the build's end plus them.
    const tailsOnly = { ...steps, prediction: { ...steps.prediction, deployingMs: [] } };
    expect(nextPollDelayMs({ ...tailsOnly, status: "AWAITING_DEPLOY", deployPhaseStartMs: 85_000, nowMs: 86_000 })).toBe(19_250);
    // DEPLOYING began at 91 s: DEPLOYED expected at 91 + 15 s, whatever the tail said.
    expect(nextPollDelayMs({ ...steps, status: "DEPLOYING", deployPhaseStartMs: 85_000, deployingStartMs: 91_000, nowMs: 92_000 })).toBe(14_250);
  });

  test("steps that vary a lot: probes at 0.3 of the shortest, and sleeps of at most 4 s once the step has begun", () => {
    const varied = {
      ...base,
      prediction: { totalsMs: [60_000, 90_000, 120_000], deployTailsMs: [10_000, 40_000, 50_000], deployingMs: [20_000, 50_000, 60_000], samples: 3 },
    };
    // Three tails recorded describe the deploy steps alone; their shortest is a quarter of the median: probe every 3 s.
    expect(nextPollDelayMs({ ...varied, nowMs: 60_000 })).toBe(3_000);
    // DEPLOYING began at 60 s: its window starts at 60 + 20 - 10 (a quarter of the range) + 0.25 s, approached
    // in sleeps of at most 4 s (the next DEPLOYING may be far shorter than any before), not 20 s.
    expect(nextPollDelayMs({ ...varied, status: "DEPLOYING", deployingStartMs: 60_000, nowMs: 60_000 })).toBe(3_417);
    const alike = { ...varied, prediction: { ...varied.prediction, deployingMs: [20_000, 21_000, 22_000] } };
    expect(nextPollDelayMs({ ...alike, status: "DEPLOYING", deployingStartMs: 60_000, nowMs: 60_000 })).toBe(19_750);
  });

  test("after 429s in a row the sleep doubles from the status interval, up to a minute", () => {
    expect(rateLimitedDelayMs(400, 2_500, 0)).toBe(400);
    expect(rateLimitedDelayMs(400, 2_500, 1)).toBe(2_500);
    expect(rateLimitedDelayMs(400, 2_500, 3)).toBe(10_000);
    expect(rateLimitedDelayMs(400, 2_500, 10)).toBe(60_000);
    expect(rateLimitedDelayMs(30_000, 2_500, 1)).toBe(30_000);
  });
});

describe("waitForRevision with history", () => {
  const history = [earlier("rev-1", START - 1_000_000, total(REALISTIC))];

  test("one list, sleeps of at most 20 s through the build, then one poll just after the predicted DEPLOYED", async () => {
    const clock = new FakeClock(START + 20_000);
    const { reader, polls } = timelineReader(clock, REALISTIC, history);
    const result = await waitForRevision(reader, { deploymentId: "dep-1", revisionId: "rev-2", clock, historyLimit: 10 });
    expect(polls.map((p) => [p.what, p.atMs])).toEqual([
      ["listRevisions", 20_000],
      ["getRevision", 37_563],
      ["getRevision", 55_126],
      ["getRevision", 72_688],
      ["getRevision", 90_250],
    ]);
    expect(polls.every((p) => p.options?.maxRetries === 0)).toBe(true);
    expect(clock.now() - (START + total(REALISTIC))).toBe(DETECTION_OFFSET_MS);
    // The poll at 72.7 s saw AWAITING_DEPLOY, whose updated_at is the build's end: the tail is exact.
    expect(result.timing).toEqual({ revisionId: "rev-2", totalMs: total(REALISTIC), deployMs: 20_000 });
    expect(result.prediction).toEqual({ totalsMs: [total(REALISTIC)], deployTailsMs: [], deployingMs: [], samples: 1 });
  });

  test("without history the first poll is the revision itself and the status-based schedule applies", async () => {
    const clock = new FakeClock(START + 20_000);
    const { reader, polls } = timelineReader(clock, REALISTIC, history);
    const result = await waitForRevision(reader, { deploymentId: "dep-1", revisionId: "rev-2", clock, minIntervalMs: 2_500, maxIntervalMs: 9_000 });
    expect(polls[0]?.what).toBe("getRevision");
    expect(polls.every((p) => p.what === "getRevision")).toBe(true);
    expect(polls.length).toBeGreaterThan(8);
    expect(result.prediction).toBeUndefined();
  });

  test("history kept by the provider predicts without reading the list", async () => {
    const clock = new FakeClock(START + 20_000);
    const { reader, polls } = timelineReader(clock, REALISTIC, []);
    await waitForRevision(reader, { deploymentId: "dep-1", revisionId: "rev-2", clock, history: [{ revisionId: "rev-1", totalMs: total(REALISTIC) }] });
    expect(polls.map((p) => p.what)).toEqual(["getRevision", "getRevision", "getRevision", "getRevision", "getRevision"]);
    expect(clock.now() - (START + total(REALISTIC))).toBe(DETECTION_OFFSET_MS);
  });

  test("a revision 12 s later than its totals predict is found within 2 s, for a few extra polls", async () => {
    const clock = new FakeClock(START + 20_000);
    const slower: Timeline = REALISTIC.map(([status, ms]) => [status, status === "BUILDING" ? ms + 12_000 : ms] as const);
    const { reader, polls } = timelineReader(clock, slower, history);
    await waitForRevision(reader, { deploymentId: "dep-1", revisionId: "rev-2", clock, historyLimit: 10 });
    const delayMs = clock.now() - (START + total(slower));
    expect(delayMs).toBeGreaterThanOrEqual(0);
    expect(delayMs).toBeLessThanOrEqual(LATE_MAX_INTERVAL_MS);
    // Five polls up to the predicted time, then half the lateness from 0.4 s up to 2 s: 15 in all,
    // where a fixed 5 s poller starting at 20 s needs 18.
    expect(polls.length).toBeLessThanOrEqual(15);
  });

  test("with the deploy steps in the history, a build 12 s slower than ever is followed to DEPLOYED within the offset", async () => {
    const clock = new FakeClock(START + 20_000);
    const slower: Timeline = REALISTIC.map(([status, ms]) => [status, status === "BUILDING" ? ms + 12_000 : ms] as const);
    const { reader, polls } = timelineReader(clock, slower, []);
    const steps = [{ revisionId: "rev-1", totalMs: total(REALISTIC), deployMs: 20_000, deployingMs: 15_000 }];
    await waitForRevision(reader, { deploymentId: "dep-1", revisionId: "rev-2", clock, history: steps });
    // Probes every 8.4 s from 70 s until one lands in the deploy steps (at 86.9 s: AWAITING_DEPLOY since
    // 82 s), every 12 s until one lands in DEPLOYING (at 98.9 s: since 87 s), then one at 87 + 15 s + the offset.
    expect(clock.now() - (START + total(slower))).toBe(DETECTION_OFFSET_MS);
    expect(polls.map((p) => p.atMs)).toEqual([20_000, 36_667, 53_334, 70_000, 78_438, 86_876, 98_876, 102_250]);
  });

  test("a service clock running ahead does not delay the polls: creation is taken as no later than the wait's start", async () => {
    const clock = new FakeClock(START + 20_000);
    const { reader } = timelineReader(clock, REALISTIC, history, undefined, 30_000);
    await waitForRevision(reader, { deploymentId: "dep-1", revisionId: "rev-2", clock, historyLimit: 10 });
    // Created 30 s "later" per the service; the prediction anchors at the wait's start (20 s) instead
    // (110.25 s, polls every 18.05 s), and the poll at 92.2 s sees DEPLOYED. Anchored at the service's
    // time it would poll every 16.7 s and see it at 103.5 s.
    expect(clock.now() - START).toBe(92_200);
  });

  test("the deploy steps seen during the wait are recorded exactly, from the service's timestamps", async () => {
    const clock = new FakeClock(START);
    const { reader } = timelineReader(clock, REALISTIC, []);
    const result = await waitForRevision(reader, { deploymentId: "dep-1", revisionId: "rev-2", clock, minIntervalMs: 2_500, maxIntervalMs: 9_000 });
    // The status-based polls (9 s apart while building) saw DEPLOYING but not the 5 s of AWAITING_DEPLOY.
    expect(result.timing).toEqual({ revisionId: "rev-2", totalMs: total(REALISTIC), deployingMs: 15_000 });
  });

  test("a list the service refuses gives no history: the revision is read alone", async () => {
    const clock = new FakeClock(START + 20_000);
    const refused = new BadRequestError("listing revisions: 400", { status: 400 });
    const { reader, polls } = timelineReader(clock, REALISTIC, history, (n) => (n === 1 ? refused : undefined));
    const result = await waitForRevision(reader, { deploymentId: "dep-1", revisionId: "rev-2", clock, historyLimit: 10 });
    expect(polls.slice(0, 2).map((p) => p.what)).toEqual(["listRevisions", "getRevision"]);
    expect(result.prediction).toBeUndefined();
  });

  test("429s at the predicted transition: the tight polls give way to the status interval, doubling", async () => {
    const clock = new FakeClock(START + 20_000);
    const limited = new RateLimitError("429", { status: 429 });
    const { reader, polls } = timelineReader(clock, REALISTIC, history, (n) => (n >= 5 && n <= 7 ? limited : undefined));
    await waitForRevision(reader, { deploymentId: "dep-1", revisionId: "rev-2", clock, historyLimit: 10, minIntervalMs: 2_500, maxIntervalMs: 9_000 });
    expect(polls[4]?.atMs).toBe(90_250);
    // The last status seen (at 72.7 s) was AWAITING_DEPLOY (2.5 s interval): 2.5 s, 5 s, 10 s instead of 0.4 s.
    expect(polls.slice(5).map((p, i) => p.atMs - (polls[i + 4]?.atMs ?? 0))).toEqual([2_500, 5_000, 10_000]);
  });
});
