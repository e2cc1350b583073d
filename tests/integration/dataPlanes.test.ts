// Data planes and the workspaces in them, called in-process against the
// emulator as the native provider calls them: a DataPlane's create waits
// through requested and provisioning until active, then sets its settings and
// waits out the update; an update waits again; a workspace made in it is
// created, renamed and deleted at the data plane's API (the control plane
// refuses those writes), and refresh and import find its data plane; a failed
// provisioning keeps the data plane in the stack with the status named; a wait
// past its deadline says how to resume; delete waits until it is gone.
import { createEmulator, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import type { OperationContext } from "../../provider/engine/context/operation";
import { DYNAMIC_SESSION } from "../../provider/engine/dynamic";
import type { LangSmithResource, Properties } from "../../provider/engine/resource";
import { isPartialFailure } from "../../provider/engine/state/partialFailure";
import { resource as dataPlane } from "../../provider/organization/dataPlane";
import { resource as workspace } from "../../provider/organization/workspace";
import { configureWith } from "../helpers/providerConfig";
import { createChecked } from "../helpers/kindSteps";

const ROLE = "arn:aws:iam::123456789012:role/langsmith-byoc";

describe("data planes and their workspaces against the emulator", () => {
  let emulator: Emulator;
  const lines: string[] = [];

  /** The context of one call, its progress lines kept; `timeoutSeconds` as the engine's customTimeouts. */
  const operation = (timeoutSeconds?: number): OperationContext =>
    DYNAMIC_SESSION.operation({ log: (_severity, message) => lines.push(message), ...(timeoutSeconds !== undefined ? { timeoutSeconds } : {}) });

  /** A create whose progress lines this test reads (its own context). */
  const create = (resource: LangSmithResource, news: Properties, context = operation()) => createChecked(resource, news, context);

  const requests = (method: string, fragment: string) =>
    emulator.control.requestLog().filter((entry) => entry.method === method && entry.path.includes(fragment));

  beforeAll(async () => {
    emulator = await createEmulator();
    process.env["LANGSMITH_POLL_MIN_INTERVAL_MS"] = "10";
  });

  afterAll(async () => {
    delete process.env["LANGSMITH_POLL_MIN_INTERVAL_MS"];
    await emulator?.close();
  });

  beforeEach(() => {
    configureWith({ "langsmith:apiUrl": emulator.url, "langsmith:apiKey": DEFAULT_ORG_API_KEY, "langsmith:workspaceId": DEFAULT_WORKSPACE_ID });
    emulator.control.clearRequestLog();
    lines.length = 0;
  });

  test("a data plane: create waits until active, then sets its settings; refresh; an update waits again; a workspace in it is written at its API; import finds its data plane; delete waits until it is gone", async () => {
    const made = await create(dataPlane, {
      name: "prod-byoc",
      region: "us-west-2",
      roleArn: ROLE,
      additionalTags: { team: "platform" },
      ttl: { shortDays: 30 },
      maintenanceWindow: "sat:02:00-sat:04:00",
    });
    expect(made.outs).toMatchObject({
      name: "prod-byoc",
      status: "active",
      cloud: "aws",
      additionalTags: { team: "platform" },
      ttl: { shortDays: 30 },
      maintenanceWindow: "sat:02:00-sat:04:00",
    });
    expect(String(made.outs["apiUrl"])).toBe(`${emulator.url}/data-planes/${made.id}/api/v1`);
    // The create's answer (requested), the settings' answer (updating), and the end of each wait (active); provisioning shows when a poll lands in it.
    for (const status of ["requested", "active", "updating"]) expect(lines.some((line) => line.includes(`data plane "prod-byoc": ${status}`))).toBe(true);
    // The settings are sent in one PATCH, once the data plane is active (the service refuses one before: 409).
    expect(requests("PATCH", `/data-planes/${made.id}`).map((entry) => entry.status)).toEqual([200]);

    const read = await dataPlane.read(operation(), made.id, made.outs);
    expect(read?.props).toMatchObject({ ttl: { shortDays: 30 }, status: "active" });

    const checked = dataPlane.check(made.outs, {
      name: "prod-byoc",
      region: "us-west-2",
      roleArn: ROLE,
      additionalTags: { team: "platform" },
      ttl: { shortDays: 30, longDays: 90 },
      maintenanceWindow: "sat:02:00-sat:04:00",
    });
    expect(dataPlane.diff(made.outs, checked.inputs)).toMatchObject({ changes: true, replaces: [], updates: ["ttl"] });
    lines.length = 0;
    const updated = await dataPlane.update(operation(), made.id, made.outs, checked.inputs);
    expect(updated.outs).toMatchObject({ status: "active", ttl: { shortDays: 30, longDays: 90 } });
    expect(lines.some((line) => line.includes("updating"))).toBe(true);

    // A workspace in the data plane: its writes go to the data plane's API; the control plane refuses them.
    emulator.control.clearRequestLog();
    const team = await create(workspace, { displayName: "byoc-team", dataPlaneId: made.id });
    expect(team.outs).toMatchObject({ dataPlaneId: made.id, dataPlaneUrl: made.outs["apiUrl"] });
    expect(requests("POST", `/data-planes/${made.id}/api/v1/workspaces`)).toHaveLength(1);
    expect(emulator.control.requestLog().filter((entry) => entry.method === "POST" && entry.path === "/api/v1/workspaces")).toEqual([]);
    const direct = await fetch(`${emulator.url}/api/v1/workspaces/${team.id}`, {
      method: "PATCH",
      headers: { "X-Api-Key": DEFAULT_ORG_API_KEY, "Content-Type": "application/json" },
      body: JSON.stringify({ display_name: "elsewhere" }),
    });
    expect(direct.status).toBe(403);
    const renamed = await workspace.update(
      operation(),
      team.id,
      team.outs,
      workspace.check(team.outs, { displayName: "byoc-team-2", dataPlaneId: made.id }).inputs,
    );
    expect(renamed.outs).toMatchObject({ displayName: "byoc-team-2" });
    expect(requests("PATCH", `/data-planes/${made.id}/api/v1/workspaces/${team.id}`)).toHaveLength(1);

    // Refresh and import read which data plane the workspace is in.
    expect((await workspace.read(operation(), team.id, renamed.outs as Properties))?.props).toMatchObject({ dataPlaneId: made.id });
    const imported = await workspace.import?.(operation(), "byoc-team-2");
    expect(imported?.inputs).toMatchObject({ displayName: "byoc-team-2", dataPlaneId: made.id });
    const importedPlane = await dataPlane.import?.(operation(), "prod-byoc");
    expect(importedPlane?.inputs).toMatchObject({ name: "prod-byoc", region: "us-west-2", roleArn: ROLE, additionalTags: { team: "platform" } });
    expect((await dataPlane.read(operation(), made.id, updated.outs as Properties))?.props["workspaces"]).toEqual([{ id: team.id, name: "byoc-team-2" }]);

    // A data plane with a workspace cannot go; once its workspace is deleted (at its API), it can.
    await expect(dataPlane.delete(operation(), made.id, updated.outs as Properties)).rejects.toThrow(/still has 1 workspace/);
    await workspace.delete(operation(), team.id, renamed.outs as Properties);
    expect(requests("DELETE", `/data-planes/${made.id}/api/v1/workspaces/${team.id}`)).toHaveLength(1);
    lines.length = 0;
    await dataPlane.delete(operation(), made.id, updated.outs as Properties);
    expect(lines.some((line) => line.includes("deprovisioning"))).toBe(true);
    expect(await dataPlane.read(operation(), made.id, updated.outs as Properties)).toBeUndefined();
  });

  test("a failed provisioning keeps the data plane in the stack and names its status; it can be deleted", async () => {
    const error = await create(dataPlane, { name: "denied-byoc", region: "us-west-2", roleArn: "arn:aws:iam::123456789012:role/denied-langsmith" }).catch(
      (e: unknown) => e,
    );
    expect(isPartialFailure(error)).toBe(true);
    const failure = error as { id: string; properties: Properties; message: string };
    expect(failure.message).toMatch(/waiting for data plane "denied-byoc" to be active: it is provisioning_failed/);
    await dataPlane.delete(operation(), failure.id, failure.properties);
    expect(requests("DELETE", `/data-planes/${failure.id}`)).toHaveLength(1);
  });

  test("a wait past its deadline says how to resume; the next update waits out the provisioning first", async () => {
    emulator.control.setTimings({ dataPlaneStepMs: 1_500 });
    try {
      const error = await create(dataPlane, { name: "slow-byoc", region: "us-west-2", roleArn: ROLE }, operation(1)).catch((e: unknown) => e);
      expect(isPartialFailure(error)).toBe(true);
      const failure = error as { id: string; properties: Properties; message: string };
      expect(failure.message).toMatch(/still (requested|provisioning) after .*run pulumi up again to resume waiting/);
      expect(failure.properties).toMatchObject({ name: "slow-byoc", status: "requested" });
      const checked = dataPlane.check(failure.properties, { name: "slow-byoc", region: "us-west-2", roleArn: ROLE, maintenanceWindow: "mon:01:00-mon:02:00" });
      const updated = await dataPlane.update(operation(), failure.id, failure.properties, checked.inputs);
      expect(updated.outs).toMatchObject({ status: "active", maintenanceWindow: "mon:01:00-mon:02:00" });
      await dataPlane.delete(operation(), failure.id, updated.outs as Properties);
    } finally {
      emulator.control.setTimings({ dataPlaneStepMs: 50 });
    }
  });
});
