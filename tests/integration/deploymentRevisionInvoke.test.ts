// getDeploymentRevision and getDeploymentRevisions through the native
// functions against the emulator: one revision by id, with its status and
// source; `found: false` for an id the deployment does not have; only
// outputs its schema declares; pages by offset and nextOffset, by status.
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
    expect(answer).toMatchObject({
      found: true,
      id: deployment.latest_revision_id,
      source: "github",
      status: expect.any(String),
      createdAt: expect.any(String),
    });
    // The revision's build facts, whole (the Deployment resource leaves them to this function).
    expect(answer["sourceRevisionConfig"]).toMatchObject({ langgraph_config_path: "langgraph.json", deepagents_version: null, tracked_packages: [] });
    const declared = Object.keys(packageSchema("0.0.0-test").functions["langsmith:index:getDeploymentRevision"]?.outputs.properties ?? {});
    expect(Object.keys(answer).filter((key) => !declared.includes(key))).toEqual([]);
  });

  it("getDeploymentRevisions pages with offset and nextOffset, filters by status, and names each revision's source", async () => {
    const patch = async (repoRef: string) => {
      const response = await fetch(`${emulator.url}/v2/deployments/${deployment.id}`, {
        method: "PATCH",
        headers: { "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, "content-type": "application/json" },
        body: JSON.stringify({ source_revision_config: { repo_ref: repoRef, langgraph_config_path: "langgraph.json" } }),
      });
      if (!response.ok) throw new Error(`PATCH: ${response.status} ${await response.text()}`);
    };
    await patch("release-1");
    await patch("release-2");
    const list = (args: Record<string, unknown>) =>
      nativeFunction("langsmith:index:getDeploymentRevisions")?.run(client, { deploymentId: deployment.id, ...args }) as Promise<{
        revisions: { id: string; source: string; status: string }[];
        nextOffset?: number;
      }>;
    const first = await list({ limit: 2 });
    expect(first.revisions).toHaveLength(2);
    expect(first.revisions.every((revision) => revision.source === "github")).toBe(true);
    expect(first.nextOffset).toBe(2);
    const second = await list({ limit: 2, offset: first.nextOffset });
    expect(second.revisions.map((revision) => revision.id)).toEqual([deployment.latest_revision_id]);
    expect(second.nextOffset).toBeUndefined();
    const statuses = new Set((await list({ limit: 10 })).revisions.map((revision) => revision.status));
    for (const status of statuses) expect((await list({ limit: 10, status })).revisions.every((revision) => revision.status === status)).toBe(true);
    expect((await list({ limit: 10, status: "NO_SUCH_STATUS" })).revisions).toEqual([]);
  });

  it("answers found: false for a revision the deployment does not have", async () => {
    expect(await run({ deploymentId: deployment.id, revisionId: "00000000-0000-4000-8000-000000000000" })).toEqual({ found: false });
  });
});
