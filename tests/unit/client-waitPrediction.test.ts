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
  predictRevision,
  predictedDeployedAtMs,
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
      [{ revisionId: "b", totalMs: 90_000 }, { revisionId: "a", totalMs: 80_000 }],
      [{ revisionId: "b", totalMs: 95_000, deployMs: 12_000 }, { revisionId: "z", totalMs: 70_000 }],
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
    ).toEqual([{ revisionId: "a", totalMs: 90_000, deployMs: 10_000 }, { revisionId: "c", totalMs: 1_000 }]);
    expect(parseTimings(undefined)).toEqual([]);
    expect(parseTimings({ revisionId: "a", totalMs: 1 })).toEqual([]);
  });

  test("the prediction is the median total, its spread and the smallest deploy tail", () => {
    expect(predictRevision([])).toBeUndefined();
    expect(predictRevision([{ revisionId: "a", totalMs: 90_000 }])).toEqual({ expectedTotalMs: 90_000, spreadMs: 0, samples: 1 });
    expect(
      predictRevision([
        { revisionId: "a", totalMs: 100_000, deployMs: 14_000 },
        { revisionId: "b", totalMs: 90_000 },
        { revisionId: "c", totalMs: 84_000, deployMs: 11_000 },
      ]),
    ).toEqual({ expectedTotalMs: 90_000, spreadMs: 10_000, deployTailMs: 11_000, samples: 3 });
  });
});

describe("the schedule", () => {
  const prediction = { expectedTotalMs: 90_000, spreadMs: 0, samples: 1 };
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

  test("late: the tight interval, then the lateness itself (doubling), never above the status interval", () => {
    const end = 90_000 + DETECTION_OFFSET_MS;
    expect(nextPollDelayMs({ ...base, nowMs: end })).toBe(TIGHT_INTERVAL_MS);
    expect(nextPollDelayMs({ ...base, nowMs: end + 4_000 })).toBe(4_000);
    expect(nextPollDelayMs({ ...base, nowMs: end + 60_000 })).toBe(9_000);
  });

  test("a spread history widens the window and the in-window interval", () => {
    const spread = { ...base, prediction: { ...prediction, spreadMs: 8_000 } };
    // Window [82.25 s, 98.25 s]: polls every 2 s (spread / 4) inside it.
    expect(nextPollDelayMs({ ...spread, nowMs: 70_000 })).toBe(12_250);
    expect(nextPollDelayMs({ ...spread, nowMs: 82_250 })).toBe(2_000);
    expect(nextPollDelayMs({ ...spread, nowMs: 97_250 })).toBe(1_000);
  });

  test("a build still running late pushes the prediction by the recorded deploy tail", () => {
    const withTail = { expectedTotalMs: 90_000, spreadMs: 0, deployTailMs: 15_000, samples: 1 };
    expect(predictedDeployedAtMs(0, withTail)).toBe(90_000);
    expect(predictedDeployedAtMs(0, withTail, 70_000)).toBe(90_000);
    expect(predictedDeployedAtMs(0, withTail, 85_000)).toBe(100_000);
    expect(nextPollDelayMs({ ...base, prediction: withTail, nowMs: 85_000, lastPendingBeforeDeployMs: 85_000 })).toBe(15_250);
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
    expect(result.timing).toEqual({ revisionId: "rev-2", totalMs: total(REALISTIC) });
    expect(result.prediction).toEqual({ expectedTotalMs: total(REALISTIC), spreadMs: 0, samples: 1 });
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

  test("a revision 12 s later than predicted is found within half its lateness, for a few extra polls", async () => {
    const clock = new FakeClock(START + 20_000);
    const slower: Timeline = REALISTIC.map(([status, ms]) => [status, status === "BUILDING" ? ms + 12_000 : ms] as const);
    const { reader, polls } = timelineReader(clock, slower, history);
    await waitForRevision(reader, { deploymentId: "dep-1", revisionId: "rev-2", clock, historyLimit: 10 });
    const delayMs = clock.now() - (START + total(slower));
    expect(delayMs).toBeGreaterThanOrEqual(0);
    expect(delayMs).toBeLessThanOrEqual(6_000);
    // Five polls up to the predicted time, then the interval doubles from 0.4 s up to the status
    // interval (2.5 s while DEPLOYING): 13 in all, where a fixed 5 s poller starting at 20 s needs 18.
    expect(polls.length).toBeLessThanOrEqual(13);
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

  test("the deploy tail seen during the wait is recorded as a lower bound", async () => {
    const clock = new FakeClock(START);
    const { reader } = timelineReader(clock, REALISTIC, []);
    const result = await waitForRevision(reader, { deploymentId: "dep-1", revisionId: "rev-2", clock, minIntervalMs: 2_500, maxIntervalMs: 9_000 });
    const tail = result.timing?.deployMs ?? -1;
    expect(tail).toBeGreaterThan(0);
    expect(tail).toBeLessThanOrEqual(20_000);
    expect(result.timing?.totalMs).toBe(total(REALISTIC));
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
