/**
 * The Deployment provider keeps how long its revisions took (`revisionTimings`
 * in outputs, newest first) and hands them to the next wait; against the
 * emulator (its fast default timings), in-process.
 */
import { provider } from "../../provider/dynamic/deployment";
import { emulatorEnv, type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";

const inputs = (name: string, repoRef: string) => ({
  name,
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
  sourceRevisionConfig: { repoRef, graphConfigPath: "langgraph.json" },
  secrets: [{ name: "API_TOKEN", value: "canary-history-secret-71c2" }],
  __provider: "serialized-shim",
});

describe("Deployment outputs record revision timings", () => {
  let stack: EmulatorStack;
  const saved = { ...process.env };

  beforeAll(async () => {
    stack = await startEmulatorStack();
    Object.assign(process.env, emulatorEnv(stack));
  });
  afterAll(async () => {
    process.env = saved;
    await stack?.emulator.close();
  });

  test("create records the first revision; an update puts the new one first and keeps the old", async () => {
    const created = await provider.create(inputs("history-agent", "main"));
    const first = created.outs as Record<string, unknown>;
    // The deploy steps' durations are recorded when a poll happened to see them (a busy machine's polls may): not asserted.
    expect(first["revisionTimings"]).toEqual([expect.objectContaining({ revisionId: first["latestRevisionId"], totalMs: expect.any(Number) })]);
    const firstTiming = (first["revisionTimings"] as { totalMs: number }[])[0];
    expect(firstTiming?.totalMs).toBeGreaterThan(0);

    const updated = await provider.update!(created.id, first, inputs("history-agent", "v2"));
    const outs = updated.outs as Record<string, unknown>;
    const timings = outs["revisionTimings"] as { revisionId: string; totalMs: number }[];
    expect(timings.map((t) => t.revisionId)).toEqual([outs["latestRevisionId"], first["latestRevisionId"]]);
    expect(outs["lastOperation"]).toMatch(/DEPLOYED/);
    // Durations only: no secret in what is recorded.
    expect(JSON.stringify(timings)).not.toContain("canary-history-secret");

    const diff = await provider.diff!(created.id, outs, inputs("history-agent", "v2"));
    expect(diff.changes).toBe(false);
    await provider.delete!(created.id, outs);
  });
});
