/**
 * The waits' poll requests and deadline, with a spy reader and the FakeClock:
 * every poll is sent with maxRetries 0 and a per-attempt timeout cut to the
 * time left (at least MIN_POLL_REQUEST_TIMEOUT_MS), sleeps never pass the
 * deadline, and a poll that timed out at the deadline ends the wait.
 */
import {
  ApiTimeoutError,
  type DeploymentReader,
  MIN_POLL_REQUEST_TIMEOUT_MS,
  type RequestOptions,
  type Revision,
  type RevisionReader,
  ServerError,
  WaitTimeoutError,
  pollRequestOptions,
  waitForDeletion,
  waitForRevision,
} from "../../provider/client";
import { FakeClock } from "../helpers/scriptedServer";

interface Call {
  readonly what: "getRevision" | "listRevisions" | "get";
  readonly atMs: number;
  readonly options: RequestOptions | undefined;
}

const START = 1_700_000_000_000;

const revision = (id: string, status: string): Revision => ({ id, status, created_at: "2025-01-01T00:00:00Z" });
const timeoutError = (timeoutMs: number): ApiTimeoutError =>
  new ApiTimeoutError("no complete response", { method: "GET", path: "/v2/deployments/dep-1", timeoutMs });

/** A reader answering from `answer(call number)`, recording every call on the fake clock. */
function spyReader(clock: FakeClock, answer: (n: number, options: RequestOptions | undefined) => Revision | Error) {
  const calls: Call[] = [];
  const reply = (what: Call["what"], options: RequestOptions | undefined): Revision => {
    calls.push({ what, atMs: clock.now() - START, options });
    const result = answer(calls.length, options);
    if (result instanceof Error) throw result;
    return result;
  };
  const reader: RevisionReader & DeploymentReader = {
    getRevision: async (_d, _r, options) => reply("getRevision", options),
    listRevisions: async (_d, _p, options) => {
      reply("listRevisions", options);
      return { resources: [revision("rev-2", "QUEUED")], offset: 1 };
    },
    get: async (_d, options) => {
      const r = reply("get", options);
      const deployment = { id: "dep-1", name: "agent", source: "github", source_config: {}, latest_revision_id: null, status: r.status };
      return { ...deployment, source_revision_config: { langgraph_config_path: null } };
    },
  };
  return { reader, calls };
}

describe("pollRequestOptions", () => {
  test.each([
    ["20 minutes left, 30 s request timeout", 20 * 60_000, 30_000, 30_000],
    ["5 s left", 5_000, 30_000, 5_000],
    ["300 ms left: the floor", 300, 30_000, MIN_POLL_REQUEST_TIMEOUT_MS],
    ["past the deadline: the floor", -50, 30_000, MIN_POLL_REQUEST_TIMEOUT_MS],
    ["a request timeout under the floor is kept", 300, 500, 500],
  ])("%s", (_label, leftMs, requestTimeoutMs, expected) => {
    const signal = new AbortController().signal;
    expect(pollRequestOptions(START, START + leftMs, requestTimeoutMs, { signal, name: "agent" })).toEqual({
      maxRetries: 0,
      timeoutMs: expected,
      signal,
      name: "agent",
    });
  });

  test("the floor is 1 s", () => {
    expect(MIN_POLL_REQUEST_TIMEOUT_MS).toBe(1_000);
  });
});

describe("waitForRevision polls", () => {
  test("no retries, timeouts cut to the time left, sleeps never past the deadline", async () => {
    const clock = new FakeClock(START);
    const { reader, calls } = spyReader(clock, () => revision("rev-1", "BUILDING"));
    const err = await waitForRevision(reader, {
      deploymentId: "dep-1",
      revisionId: "rev-1",
      clock,
      waitTimeoutMs: 10_000,
      minIntervalMs: 3_000,
      maxIntervalMs: 3_000,
      requestTimeoutMs: 30_000,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect(clock.sleeps).toEqual([3_000, 3_000, 3_000, 1_000]);
    expect(calls.map((c) => c.atMs)).toEqual([0, 3_000, 6_000, 9_000, 10_000]);
    expect(calls.map((c) => c.options?.timeoutMs)).toEqual([10_000, 7_000, 4_000, 1_000, 1_000]);
    expect(calls.every((c) => c.options?.maxRetries === 0)).toBe(true);
  });

  test("a poll timing out at the deadline ends the wait, without another poll", async () => {
    const clock = new FakeClock(START);
    // The clock does not move while a request hangs: only the timeout says the time is used up.
    const { reader, calls } = spyReader(clock, (n, options) => (n === 1 ? revision("rev-1", "BUILDING") : timeoutError(options?.timeoutMs ?? 0)));
    const err = await waitForRevision(reader, {
      deploymentId: "dep-1",
      revisionId: "rev-1",
      clock,
      waitTimeoutMs: 10_000,
      minIntervalMs: 3_000,
      maxIntervalMs: 3_000,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect((err as WaitTimeoutError).lastStatus).toBe("BUILDING");
    expect(calls).toHaveLength(2);
    expect(calls[1]?.options?.timeoutMs).toBe(7_000);
    expect(clock.sleeps).toEqual([3_000]);
  });

  test("a timeout shorter than the time left keeps polling", async () => {
    const clock = new FakeClock(START);
    const { reader, calls } = spyReader(clock, (n, options) => (n === 3 ? revision("rev-1", "DEPLOYED") : timeoutError(options?.timeoutMs ?? 0)));
    const result = await waitForRevision(reader, {
      deploymentId: "dep-1",
      revisionId: "rev-1",
      clock,
      waitTimeoutMs: 60_000,
      minIntervalMs: 1_000,
      maxIntervalMs: 1_000,
      requestTimeoutMs: 2_000,
    });
    expect(result.revision.status).toBe("DEPLOYED");
    expect(calls.map((c) => c.options?.timeoutMs)).toEqual([2_000, 2_000, 2_000]);
  });

  test("SKIPPED seen at the deadline: no further request, WaitTimeoutError with SKIPPED", async () => {
    const clock = new FakeClock(START);
    const { reader, calls } = spyReader(clock, (n) => revision("rev-1", n === 1 ? "BUILDING" : "SKIPPED"));
    const err = await waitForRevision(reader, {
      deploymentId: "dep-1",
      revisionId: "rev-1",
      clock,
      waitTimeoutMs: 1_000,
      minIntervalMs: 1_000,
      maxIntervalMs: 1_000,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect((err as WaitTimeoutError).lastStatus).toBe("SKIPPED");
    expect(calls.map((c) => c.what)).toEqual(["getRevision", "getRevision"]);
  });

  test("the revision list followed on SKIPPED is a poll request too", async () => {
    const clock = new FakeClock(START);
    const { reader, calls } = spyReader(clock, (n) => revision(n < 3 ? "rev-1" : "rev-2", n === 1 ? "SKIPPED" : "DEPLOYED"));
    await waitForRevision(reader, { deploymentId: "dep-1", revisionId: "rev-1", clock, waitTimeoutMs: 5_000, requestTimeoutMs: 30_000 });
    expect(calls.map((c) => [c.what, c.options?.maxRetries, c.options?.timeoutMs])).toEqual([
      ["getRevision", 0, 5_000],
      ["listRevisions", 0, 5_000],
      ["getRevision", 0, 5_000],
    ]);
  });
});

describe("waitForDeletion polls", () => {
  test("no retries, timeouts cut to the time left, transient errors keep polling", async () => {
    const clock = new FakeClock(START);
    const { reader, calls } = spyReader(clock, (n) => (n === 2 ? new ServerError("503", { status: 503 }) : revision("dep-1", "AWAITING_DELETE")));
    const err = await waitForDeletion(reader, { deploymentId: "dep-1", clock, waitTimeoutMs: 5_000, intervalMs: 2_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WaitTimeoutError);
    expect(clock.sleeps).toEqual([2_000, 2_000, 1_000]);
    expect(calls.map((c) => [c.atMs, c.options?.maxRetries, c.options?.timeoutMs])).toEqual([
      [0, 0, 5_000],
      [2_000, 0, 3_000],
      [4_000, 0, 1_000],
      [5_000, 0, 1_000],
    ]);
  });
});
