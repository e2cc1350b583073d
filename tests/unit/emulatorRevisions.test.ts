import { revisionHistory, resolveCommitSha, supersede } from "../../packages/emulator/src/deployments/revisions";
import type { RevisionRecord } from "../../packages/emulator/src/core/types";
import { FAST_TIMINGS } from "../../packages/emulator/src";

const T0 = 1_000_000;

function revision(extra: Partial<RevisionRecord> = {}): RevisionRecord {
  return {
    id: "r1",
    deploymentId: "d1",
    tenantId: "t1",
    source: "github",
    sourceRevisionConfig: { repo_ref: "main" },
    repoUrl: "https://github.com/acme/agent",
    createdAtMs: T0,
    stepDurationsMs: { CREATING: 10, QUEUED: 20, AWAITING_BUILD: 30, BUILDING: 40, AWAITING_DEPLOY: 50, DEPLOYING: 60 },
    failure: null,
    skippedAtMs: null,
    ...extra,
  };
}

describe("revision state machine", () => {
  test("walks every step with exact transition times", () => {
    expect(revisionHistory(revision(), T0 + 10_000)).toEqual([
      { status: "CREATING", atMs: T0 },
      { status: "QUEUED", atMs: T0 + 10 },
      { status: "AWAITING_BUILD", atMs: T0 + 30 },
      { status: "BUILDING", atMs: T0 + 60 },
      { status: "AWAITING_DEPLOY", atMs: T0 + 100 },
      { status: "DEPLOYING", atMs: T0 + 150 },
      { status: "DEPLOYED", atMs: T0 + 210 },
    ]);
  });

  test("stops at the current step", () => {
    const history = revisionHistory(revision(), T0 + 59);
    expect(history[history.length - 1]).toEqual({ status: "AWAITING_BUILD", atMs: T0 + 30 });
    expect(revisionHistory(revision(), T0 + 60).pop()?.status).toBe("BUILDING");
  });

  test("an injected failure ends the revision at the end of its step", () => {
    const failing = revision({ failure: { status: "BUILD_FAILED", atStep: "BUILDING" } });
    expect(revisionHistory(failing, T0 + 99).pop()?.status).toBe("BUILDING");
    expect(revisionHistory(failing, T0 + 10_000).pop()).toEqual({ status: "BUILD_FAILED", atMs: T0 + 100 });
  });

  test("supersede marks unfinished revisions SKIPPED and leaves finished ones", () => {
    const unfinished = revision({ id: "a" });
    const finished = revision({ id: "b", createdAtMs: T0 - 1_000 });
    supersede([unfinished, finished], T0 + 50);
    expect(unfinished.skippedAtMs).toBe(T0 + 50);
    expect(finished.skippedAtMs).toBeNull();
    expect(revisionHistory(unfinished, T0 + 10_000).pop()).toEqual({ status: "SKIPPED", atMs: T0 + 50 });
    expect(revisionHistory(unfinished, T0 + 40).pop()?.status).toBe("AWAITING_BUILD");
    expect(revisionHistory(finished, T0 + 10_000).pop()?.status).toBe("DEPLOYED");
  });

  test("zero durations reach DEPLOYED at creation", () => {
    const instant = revision({
      stepDurationsMs: { ...FAST_TIMINGS.stepDurationsMs, CREATING: 0, QUEUED: 0, AWAITING_BUILD: 0, BUILDING: 0, AWAITING_DEPLOY: 0, DEPLOYING: 0 },
    });
    expect(revisionHistory(instant, T0).pop()).toEqual({ status: "DEPLOYED", atMs: T0 });
  });

  test("commit SHAs are 40 hex digits, stable, and a SHA resolves to itself", () => {
    const sha = resolveCommitSha("https://github.com/acme/agent", "main");
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    expect(resolveCommitSha("https://github.com/acme/agent", "main")).toBe(sha);
    expect(resolveCommitSha("https://github.com/acme/agent", "v2")).not.toBe(sha);
    expect(resolveCommitSha(null, sha.toUpperCase())).toBe(sha);
  });
});
