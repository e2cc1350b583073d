// Reliability under faults (issue 8), the faults of keys and workspaces: a
// wrong key, an organization key without a workspace, an organization without
// deployments, and another workspace's key. Each is answered by the emulator
// and met by the provider (called in-process, as
// tests/integration/deploymentProvider.test.ts does).
// Each test states the outcome, counts the requests in the emulator's request
// log and checks what exists on the server afterwards. The figures are printed
// once at the end for docs/reliability.md.
import { DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { AuthenticationError, FeatureNotEnabledError, WorkspaceRequiredError } from "../../provider/client";
import { provider } from "../../provider/dynamic/deployment";
import { provider as destinationProvider } from "../../provider/dynamic/destination";
import {
  configureWith,
  DISABLED_ORG_KEY,
  faultFigures,
  faultSteps,
  inputs,
  OTHER_WORKSPACE_ID,
  OTHER_WORKSPACE_KEY,
  rejection,
  startFaultEmulator,
  WRONG_KEY,
} from "../helpers/faultSteps";

describe("reliability: injected faults", () => {
  let emulator: Emulator;
  const saved = { ...process.env };
  const { pointAt, log, live, revisionsOf } = faultSteps(() => emulator);
  const { record, keep, report } = faultFigures();

  beforeAll(async () => {
    emulator = await startFaultEmulator();
  });

  beforeEach(() => {
    pointAt(emulator);
    emulator.control.clearFaults();
    emulator.control.clearRequestLog();
  });

  afterAll(async () => {
    process.env = saved;
    await configureWith({});
    await emulator?.close();
    report("reliability faults, keys and workspaces");
  });

  it("401: a wrong key fails the create at once, naming the resource and what to set", async () => {
    pointAt(emulator, WRONG_KEY);
    const error = await rejection(provider.create(inputs("unauthorized")));
    expect(error).toBeInstanceOf(AuthenticationError);
    expect(keep(error)).toMatch(/^creating deployment "unauthorized": 401/);
    expect(log()).toHaveLength(1);
    expect(live("unauthorized")).toHaveLength(0);
    record({ fault: "401 invalid key", outcome: "clear error, not retried", requests: log().length, after: "0 deployments" });
  });

  it("403 'requires workspace specification': says to set langsmith:workspaceId", async () => {
    pointAt(emulator, DEFAULT_ORG_API_KEY, null);
    const error = await rejection(provider.create(inputs("no-workspace")));
    expect(error).toBeInstanceOf(WorkspaceRequiredError);
    expect(keep(error)).toContain("langsmith:workspaceId");
    expect(log()).toHaveLength(1);
    record({ fault: "403 org key without workspace", outcome: "clear error naming langsmith:workspaceId", requests: log().length, after: "0 deployments" });
  });

  it("403 'not enabled': says the organization lacks deployments", async () => {
    pointAt(emulator, DISABLED_ORG_KEY, null);
    const error = await rejection(provider.create(inputs("not-enabled")));
    expect(error).toBeInstanceOf(FeatureNotEnabledError);
    expect(keep(error)).toMatch(/^creating deployment "not-enabled": 403 .*not enabled/i);
    expect(log()).toHaveLength(1);
    record({ fault: "403 deployments not enabled", outcome: "clear error naming the feature", requests: log().length, after: "0 deployments" });
  });

  it("one workspace's key never reads, changes or forgets another workspace's resources", async () => {
    const created = await provider.create(inputs("isolated"));
    const revisionsBefore = revisionsOf(created.id).length;
    // A key bound to another workspace, with no workspace configured (the key's own is implied).
    pointAt(emulator, OTHER_WORKSPACE_KEY, null);
    emulator.control.clearRequestLog();
    const read = await provider.read!(created.id, created.outs).then(
      (result) => ({ result }),
      (error: unknown) => ({ error }),
    );
    expect("error" in read ? keep(read.error) : `read returned id "${read.result.id}"`).toMatch(/reading deployment "isolated": 403/);
    await expect(
      provider.update!(created.id, created.outs, inputs("isolated", { sourceRevisionConfig: { repoRef: "evil", graphConfigPath: "langgraph.json" } })),
    ).rejects.toThrow(/403/);
    await expect(provider.delete!(created.id, created.outs)).rejects.toThrow(/deleting deployment "isolated": 403/);
    // The same for a destination: neither "gone" on read nor "done" on delete.
    const destinationOuts = { displayName: "isolated-dest", tenantId: DEFAULT_WORKSPACE_ID };
    await expect(destinationProvider.read!("7a7a7a7a-0000-4000-8000-000000000001", destinationOuts)).rejects.toThrow(/403/);
    await expect(destinationProvider.delete!("7a7a7a7a-0000-4000-8000-000000000001", destinationOuts)).rejects.toThrow(/403/);
    const requests = log().length;
    // DELETE of a destination is answered 405 before any credential check (the published contract has no
    // such route); the GET that follows is what is refused.
    expect(log().every((r) => r.status === 403 || (r.method === "DELETE" && r.path.includes("/bulk-exports/destinations/") && r.status === 405))).toBe(true);
    // Configured with its own workspace, the guard refuses before any request.
    pointAt(emulator, OTHER_WORKSPACE_KEY, OTHER_WORKSPACE_ID);
    emulator.control.clearRequestLog();
    await expect(provider.delete!(created.id, created.outs)).rejects.toThrow(/refusing to act/);
    expect(log()).toHaveLength(0);

    expect(live("isolated")).toHaveLength(1);
    expect(revisionsOf(created.id)).toHaveLength(revisionsBefore);
    record({ fault: "another workspace's key", outcome: "refused (403 / workspace guard); nothing dropped", requests, after: "1 deployment, unchanged" });
    pointAt(emulator);
    await provider.delete!(created.id, created.outs);
  });
});
