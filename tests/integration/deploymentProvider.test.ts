import { DEFAULT_WORKSPACE_ID } from "../../packages/emulator/src";
import { provider } from "../../provider/dynamic/deployment";
import { getDeployment, getDeploymentRevisions } from "../../sdk/dynamic/deploymentInvokes";
import { emulatorEnv, type EmulatorStack, startEmulatorStack } from "../helpers/emulatorStack";

// The Deployment provider's methods, called in-process against a real
// emulator over HTTP. Configuration comes from LANGSMITH_* variables, the
// fallback the provider reads at call time when no stack config is set.
const SECRET = "canary-provider-secret-5d1e";

const inputs = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  source: "github",
  sourceConfig: { integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01", repoUrl: "https://github.com/acme/agent", deploymentType: "dev" },
  sourceRevisionConfig: { repoRef: "main", graphConfigPath: "langgraph.json" },
  secrets: [{ name: "API_TOKEN", value: SECRET }],
  __provider: "serialized-shim",
  ...extra,
});

interface PartialFailureShape {
  message: string;
  id: string;
  properties: Record<string, unknown>;
  reasons: string[];
}

async function expectPartialFailure(promise: Promise<unknown>): Promise<PartialFailureShape> {
  const caught: unknown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(caught).toMatchObject({ id: expect.any(String), properties: expect.any(Object), reasons: expect.any(Array) });
  return caught as PartialFailureShape;
}

describe("Deployment provider against the emulator", () => {
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

  const live = (name: string) => stack.emulator.control.dumpState().state.deployments.filter((d) => d.name === name && d.deleteRequestedAtMs === null);
  const requests = (method: string, path: string) => stack.emulator.control.requestLog().filter((r) => r.method === method && r.path === path);

  it("creates and waits for DEPLOYED; the invokes read it back without secret values", async () => {
    const created = await provider.create(inputs("alpha"));
    expect(created.outs).toMatchObject({ latestRevisionStatus: "DEPLOYED", tenantId: DEFAULT_WORKSPACE_ID, stateVersion: 2 });
    expect(String(created.outs["lastOperation"])).toMatch(/created with revision .* DEPLOYED/);
    expect(JSON.stringify(created.outs["lastOperation"])).not.toContain(SECRET);

    const byName = await getDeployment({ name: "alpha" });
    expect(byName?.id).toBe(created.id);
    expect(byName?.secretNames).toEqual(["API_TOKEN"]);
    expect(JSON.stringify(byName)).not.toContain(SECRET);
    expect(await getDeployment({ id: created.id })).toMatchObject({ name: "alpha" });
    expect(await getDeployment({ name: "no-such-deployment" })).toBeUndefined();
    const revisions = await getDeploymentRevisions({ deploymentId: created.id, limit: 5 });
    expect(revisions.map((r) => r.status)).toEqual(["DEPLOYED"]);

    await provider.delete!(created.id, created.outs);
    expect(live("alpha")).toHaveLength(0);
  });

  it.each(["CREATE_FAILED", "BUILD_FAILED", "DEPLOY_FAILED"] as const)(
    "keeps a deployment whose first revision ends in %s, and re-submits it on the next update",
    async (status) => {
      const name = `failing-${status.toLowerCase().replace("_", "-")}`;
      stack.emulator.control.failNextRevision({ deploymentName: name }, { status });
      const failure = await expectPartialFailure(provider.create(inputs(name)));
      expect(failure.message).toContain(status);
      expect(failure.message).toContain(`deployment "${name}"`);
      expect(failure.properties).toMatchObject({ latestRevisionStatus: status, __provider: "serialized-shim" });
      expect(live(name)).toHaveLength(1);

      // The engine calls update for a resource with an initialization error: nothing changed, so the
      // failed revision is re-deployed (the service's retry; no secret sent again), not PATCHed.
      stack.emulator.control.clearRequestLog();
      const failedRevisionId = String(failure.properties["latestRevisionId"]);
      const resumed = await provider.update!(failure.id, failure.properties, inputs(name));
      expect(resumed.outs).toMatchObject({ latestRevisionStatus: "DEPLOYED" });
      expect(resumed.outs?.["latestRevisionId"]).not.toBe(failedRevisionId);
      expect(String(resumed.outs?.["lastOperation"])).toContain(`re-submitted revision after ${status}`);
      expect(requests("POST", `/v2/deployments/${failure.id}/revisions/${failedRevisionId}/redeploy`)).toHaveLength(1);
      expect(requests("PATCH", `/v2/deployments/${failure.id}`)).toHaveLength(0);
      expect(live(name)).toHaveLength(1);
      await provider.delete!(failure.id, resumed.outs ?? {});
    },
  );

  it("sends the contract's fields (langgraph_config_path, secret references, build commands, listener) and refreshes them without drift", async () => {
    const withAll = inputs("contract-fields", {
      sourceConfig: {
        integrationId: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
        repoUrl: "https://github.com/acme/agent",
        deploymentType: "dev",
        installCommand: "pip install -e .",
        buildCommand: "make build",
        listenerId: "0b8f5a0e-7b1e-4c9a-9d55-5a3c2e1f0a02",
        listenerConfig: { k8sNamespace: "agents" },
      },
      secretReferences: [{ name: "DB_URL", secretName: "db", secretKey: "url" }],
    });
    const created = await provider.create(withAll);
    const firstRevision = stack.emulator.control.dumpState().state.revisions.find((r) => r.deploymentId === created.id);
    expect(firstRevision?.sourceRevisionConfig).toMatchObject({ repo_ref: "main", langgraph_config_path: "langgraph.json" });
    const read = await provider.read!(created.id, created.outs);
    expect(read.props).toMatchObject({
      sourceRevisionConfig: { graphConfigPath: "langgraph.json" },
      sourceConfig: { installCommand: "pip install -e .", buildCommand: "make build", listenerConfig: { k8sNamespace: "agents" } },
      secretReferences: [{ name: "DB_URL", secretName: "db", secretKey: "url" }],
    });
    const diff = await provider.diff!(created.id, read.props as Record<string, unknown>, withAll);
    expect(diff.changes).toBe(false);

    // A build command change is one PATCH carrying it with the revision config, and one new revision.
    stack.emulator.control.clearRequestLog();
    const changed = { ...withAll, sourceConfig: { ...withAll.sourceConfig, buildCommand: "make release" } };
    const updated = await provider.update!(created.id, read.props as Record<string, unknown>, changed);
    expect(requests("PATCH", `/v2/deployments/${created.id}`)).toHaveLength(1);
    expect(updated.outs?.["latestRevisionId"]).not.toBe(created.outs["latestRevisionId"]);
    expect(String(updated.outs?.["lastOperation"])).toContain("buildCommand make build→make release");
    await provider.delete!(created.id, updated.outs ?? {});
  });

  it("records a wait that ran out of time, and resumes polling the same revision", async () => {
    stack.emulator.control.setTimings({ stepDurationsMs: { BUILDING: 3_000 } });
    try {
      const failure = await expectPartialFailure(provider.create(inputs("slow", { deployTimeoutSeconds: 0.5 })));
      expect(failure.message).toMatch(/still \w+ after/);
      const revisionsBefore = stack.emulator.control.dumpState().revisions.filter((r) => r.deploymentId === failure.id);
      expect(revisionsBefore).toHaveLength(1);
      const resumed = await provider.update!(failure.id, failure.properties, inputs("slow"));
      expect(resumed.outs).toMatchObject({ latestRevisionStatus: "DEPLOYED", latestRevisionId: revisionsBefore[0]!.id });
      expect(String(resumed.outs?.["lastOperation"])).toContain("resumed waiting");
      await provider.delete!(failure.id, resumed.outs ?? {});
    } finally {
      stack.emulator.control.setTimings({ stepDurationsMs: { BUILDING: 20 } });
    }
  });

  it("finds the deployment by name when the create response is lost, instead of creating a second one", async () => {
    stack.emulator.control.clearRequestLog();
    stack.emulator.control.injectFault({ method: "POST", path: "/v2/deployments", drop: "after-commit" });
    const created = await provider.create(inputs("lost-response"));
    expect(live("lost-response")).toHaveLength(1);
    expect(created.id).toBe(live("lost-response")[0]!.id);
    expect(requests("POST", "/v2/deployments")).toHaveLength(1);
    expect(String(created.outs["lastOperation"])).toContain("found by name");
    await provider.delete!(created.id, created.outs);
  });

  it("makes exactly one revision when an update's response is lost", async () => {
    const created = await provider.create(inputs("lost-patch"));
    stack.emulator.control.injectFault({ method: "PATCH", path: `/v2/deployments/${created.id}`, drop: "after-commit" });
    const updated = await provider.update!(
      created.id,
      created.outs,
      inputs("lost-patch", { sourceRevisionConfig: { repoRef: "v2", graphConfigPath: "langgraph.json" } }),
    );
    const revisions = stack.emulator.control.dumpState().revisions.filter((r) => r.deploymentId === created.id);
    expect(revisions).toHaveLength(2);
    expect(updated.outs).toMatchObject({ latestRevisionStatus: "DEPLOYED" });
    await provider.delete!(created.id, updated.outs ?? {});
  });

  it("adopts an existing deployment and reconciles it with one PATCH", async () => {
    const existing = await provider.create(inputs("adoptee"));
    const before = stack.emulator.control.dumpState().revisions.filter((r) => r.deploymentId === existing.id).length;
    stack.emulator.control.clearRequestLog();
    const adopted = await provider.create(
      inputs("adoptee", { adoptExistingId: existing.id, sourceRevisionConfig: { repoRef: "release", graphConfigPath: "langgraph.json" } }),
    );
    expect(adopted.id).toBe(existing.id);
    expect(requests("POST", "/v2/deployments")).toHaveLength(0);
    expect(requests("PATCH", `/v2/deployments/${existing.id}`)).toHaveLength(1);
    expect(stack.emulator.control.dumpState().revisions.filter((r) => r.deploymentId === existing.id)).toHaveLength(before + 1);
    expect(String(adopted.outs["lastOperation"])).toContain("adopted existing deployment");

    await expect(provider.create(inputs("other-name", { adoptExistingId: existing.id }))).rejects.toThrow(/is named "adoptee"/);
    await expect(provider.create(inputs("adoptee", { adoptExistingId: "00000000-0000-4000-8000-0000000000aa" }))).rejects.toThrow(/no deployment with id/);
    await provider.delete!(existing.id, adopted.outs);
  });

  it("refuses a name that is already taken, saying how to adopt it", async () => {
    const first = await provider.create(inputs("taken"));
    await expect(provider.create(inputs("taken"))).rejects.toThrow(`set adoptExistingId: "${first.id}"`);
    await provider.delete!(first.id, first.outs);
  });

  it("treats a 404 on delete as done, and refuses another workspace's resource", async () => {
    await expect(provider.delete!("00000000-0000-4000-8000-000000000000", { name: "ghost", tenantId: DEFAULT_WORKSPACE_ID })).resolves.toBeUndefined();
    await expect(provider.read!("some-id", { name: "elsewhere", tenantId: "33333333-3333-4333-8333-333333333333" })).rejects.toThrow(/refusing to act/);
  });
});
