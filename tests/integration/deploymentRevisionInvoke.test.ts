// getDeploymentRevision through the native function against the emulator:
// one revision by id, with its status and source; `found: false` for an id
// the deployment does not have; only outputs its schema declares.
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createClient, type LangSmithClient } from "../../provider/client";
import { nativeFunction } from "../../provider/native/functions";
import { packageSchema } from "../../provider/native/schema";

describe("getDeploymentRevision against the emulator", () => {
  let emulator: Emulator;
  let client: LangSmithClient;
  let deployment: { id: string; latest_revision_id: string };

  beforeAll(async () => {
    emulator = await createEmulator();
    client = createClient({ controlPlaneUrl: emulator.url, apiUrl: emulator.url, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID, maxRetries: 0 });
    const response = await fetch(`${emulator.url}/v2/deployments`, {
      method: "POST",
      headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, "content-type": "application/json" },
      body: JSON.stringify({
        name: "revision-lookup",
        source: "github",
        source_config: { integration_id: "7f8e3c51-0000-4000-8000-00000000abcd", repo_url: "https://github.com/acme/agent", deployment_type: "dev" },
        source_revision_config: { repo_ref: "main", langgraph_config_path: "langgraph.json" },
        secrets: [],
      }),
    });
    if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
    deployment = (await response.json()) as typeof deployment;
  });

  afterAll(async () => {
    await emulator.close();
  });

  const run = (args: Record<string, unknown>) => nativeFunction("langsmith:index:getDeploymentRevision")?.run(client, args) as Promise<Record<string, unknown>>;

  it("answers the revision by id, with its source and the ref it builds, and only declared outputs", async () => {
    const answer = await run({ deploymentId: deployment.id, revisionId: deployment.latest_revision_id });
    expect(answer).toMatchObject({ found: true, id: deployment.latest_revision_id, source: "github", status: expect.any(String), createdAt: expect.any(String) });
    expect(answer["sourceRevisionConfig"]).toMatchObject({ langgraph_config_path: "langgraph.json" });
    const declared = Object.keys(packageSchema("0.0.0-test").functions["langsmith:index:getDeploymentRevision"]?.outputs.properties ?? {});
    expect(Object.keys(answer).filter((key) => !declared.includes(key))).toEqual([]);
  });

  it("answers found: false for a revision the deployment does not have", async () => {
    expect(await run({ deploymentId: deployment.id, revisionId: "00000000-0000-4000-8000-000000000000" })).toEqual({ found: false });
  });
});
