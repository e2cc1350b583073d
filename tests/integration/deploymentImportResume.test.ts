// A deployment imported while its first revision still builds (issue 32: the
// crash-recovery path, `pulumi import` after an interrupted create), with a
// program that leaves `buildOnPush` to the service (an external_docker
// source, where it means nothing): the diff names no input (the service's
// `false` is what unset means) but the revision left to wait for, and the
// update waits until DEPLOYED without a PATCH.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createClient } from "../../provider/client";
import { resource as deployment } from "../../provider/deployments/deployment/resource";
import { configureWith, operation } from "../helpers/providerConfig";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";

describe("a deployment imported mid-build", () => {
  let emulator: Emulator;
  const saved = { ...process.env };

  beforeAll(async () => {
    emulator = await createEmulator({ control: true });
    Object.assign(process.env, { LANGSMITH_POLL_MIN_INTERVAL_MS: "20", LANGSMITH_POLL_MAX_INTERVAL_MS: "50" });
  });

  afterAll(async () => {
    process.env = saved;
    await emulator?.close();
  });

  test("previews the wait, not buildOnPush, and the update waits for DEPLOYED with no PATCH", async () => {
    configureWith({
      "langsmith:apiUrl": emulator.url,
      "langsmith:controlPlaneUrl": emulator.url,
      "langsmith:apiKey": DEFAULT_API_KEY,
      "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
    });
    emulator.control.setTimings({ stepDurationsMs: { BUILDING: 1_500 } });
    const program = { name: "docker-agent", source: "external_docker", sourceRevisionConfig: { imageUri: "docker.io/acme/agent:1" } };
    const api = createClient({ controlPlaneUrl: emulator.url, apiUrl: emulator.url, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID });
    const created = await deploymentCalls.create(api, {
      name: "docker-agent",
      source: "external_docker",
      source_config: {},
      source_revision_config: { image_uri: "docker.io/acme/agent:1" },
      secrets: [],
    });

    const imported = await deployment.import(operation(), created.id);
    const olds = deployment.migrate(imported?.outputs as Record<string, unknown>);
    expect(olds["latestRevisionStatus"]).not.toBe("DEPLOYED");
    const news = deployment.check(olds, program).inputs;
    const diff = deployment.diff(olds, news);
    expect(diff).toMatchObject({ changes: true, replaces: [], updates: ["latestRevisionStatus"], pending: true });

    emulator.control.clearRequestLog();
    const updated = await deployment.update(operation(), created.id, olds, news);
    expect((updated.outs as Record<string, unknown>)["latestRevisionStatus"]).toBe("DEPLOYED");
    expect(emulator.control.requestLog().filter((entry) => entry.method === "PATCH")).toEqual([]);
    const after = deployment.diff(deployment.migrate(updated.outs as Record<string, unknown>), news);
    expect(after).toMatchObject({ changes: false, pending: false });
  });
});
