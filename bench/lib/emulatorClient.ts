import { DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import type { Clock } from "../../provider/client/clock";
import type { LangSmithClient } from "../../provider/client/client";
import { createClient } from "../../provider/client/factory";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";

/** A REST client for the emulator's default workspace, optionally on another clock. */
export function emulatorClient(emulator: Emulator, clock?: Clock): LangSmithClient {
  return createClient({
    apiKey: DEFAULT_API_KEY,
    workspaceId: DEFAULT_WORKSPACE_ID,
    controlPlaneUrl: emulator.url,
    apiUrl: emulator.url,
    ...(clock !== undefined ? { clock } : {}),
  });
}

/** Creates a GitHub deployment named `name` and returns its id and first revision id. */
export async function createBenchDeployment(client: LangSmithClient, name: string): Promise<{ deploymentId: string; revisionId: string }> {
  const created = await deploymentCalls.create(client, {
    name,
    source: "github",
    source_config: {
      integration_id: "5f1c2b7e-4c1a-4c55-9a57-3d2d0b6f1a01",
      repo_url: "https://github.com/acme/agent",
      deployment_type: "dev",
      build_on_push: false,
    },
    source_revision_config: { repo_ref: "main", langgraph_config_path: "langgraph.json" },
    secrets: [],
  });
  return { deploymentId: created.id, revisionId: created.latest_revision_id ?? "" };
}

/** When the emulator recorded the revision as `DEPLOYED`, epoch milliseconds (on the emulator's clock). */
export function deployedAtMs(emulator: Emulator, revisionId: string): number {
  const revision = emulator.control.dumpState().revisions.find((r) => r.id === revisionId);
  const deployed = revision?.history.find((t) => t.status === "DEPLOYED");
  if (deployed === undefined) throw new Error(`revision ${revisionId} has not reached DEPLOYED (status ${revision?.status ?? "unknown"})`);
  return deployed.atMs;
}

/** Number of GET requests the emulator answered for one deployment (its revision polls included). */
export function getCount(emulator: Emulator, deploymentId: string): number {
  return emulator.control.requestLog().filter((e) => e.method === "GET" && e.path.includes(deploymentId)).length;
}
