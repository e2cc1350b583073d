/**
 * The REST client against the local emulator (real HTTP): a deployment's
 * whole lifecycle, OAuth routes, the well-known 403 and destination reads.
 * The emulator and the client share one fake clock, so revision state
 * machines advance exactly as far as the client's polling sleeps.
 */
import { createEmulator, DEFAULT_API_KEY, DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { type LangSmithClient, NotFoundError, UnprocessableEntityError, WorkspaceRequiredError, createClient } from "../../provider/client";
import { FakeClock } from "../helpers/scriptedServer";
import { deploymentCalls } from "../../provider/deployments/deployment/endpoints";
import { destinationCalls } from "../../provider/exports/destination/endpoints";
import { oauthCalls } from "../../provider/deployments/oauthEndpoints";

describe("client against the emulator", () => {
  const clock = new FakeClock(Date.parse("2026-01-01T00:00:00.000Z"));
  let emulator: Emulator;
  let client: LangSmithClient;

  beforeAll(async () => {
    emulator = await createEmulator({ now: () => clock.now() });
    client = createClient({
      apiKey: DEFAULT_API_KEY,
      workspaceId: DEFAULT_WORKSPACE_ID,
      controlPlaneUrl: emulator.url,
      apiUrl: emulator.url,
      maxRetries: 1,
      clock,
    });
  });
  afterAll(async () => {
    await emulator.close();
  });

  test("create, wait, read, find, patch (new revision), wait, list revisions, delete, wait for deletion", async () => {
    const created = await deploymentCalls.create(client, {
      name: "client-lifecycle",
      source: "github",
      source_config: {
        integration_id: "7f8e3c51-0000-4000-8000-00000000abcd",
        repo_url: "https://github.com/acme/agent",
        deployment_type: "dev",
        build_on_push: false,
      },
      source_revision_config: { repo_ref: "main", langgraph_config_path: "langgraph.json" },
      secrets: [{ name: "OPENAI_API_KEY", value: "sk-emulated" }],
    });
    const statuses: string[] = [];
    const first = await deploymentCalls.waitForRevision(client, {
      deploymentId: created.id,
      revisionId: created.latest_revision_id ?? "",
      minIntervalMs: 5,
      maxIntervalMs: 50,
      onStatus: (e) => statuses.push(e.status),
    });
    expect(first.revision.status).toBe("DEPLOYED");
    expect(statuses[statuses.length - 1]).toBe("DEPLOYED");

    const read = await deploymentCalls.get(client, created.id);
    expect(read.name).toBe("client-lifecycle");
    expect(read.latest_revision_id).toBe(created.latest_revision_id);

    const found = await deploymentCalls.findByName(client, "client-lifecycle");
    expect(found?.id).toBe(created.id);
    const contains = await deploymentCalls.listAll(client, { nameContains: "lifecycle", limit: 1 });
    expect(contains.map((d) => d.id)).toContain(created.id);
    // `deployment_ids` (comma-separated on the wire): only the deployments named, unknown ids ignored.
    const byIds = await deploymentCalls.list(client, { deploymentIds: [created.id, "00000000-0000-4000-8000-000000000000"], limit: 100 });
    expect(byIds.resources.map((d) => d.id)).toEqual([created.id]);
    await expect(deploymentCalls.list(client, { deploymentIds: [] })).rejects.toThrow(
      "listing deployments: deploymentIds must name 1 to 100 deployments, not 0",
    );

    const patched = await deploymentCalls.patch(client, created.id, {
      source_revision_config: { repo_ref: "v2", langgraph_config_path: "langgraph.json" },
    });
    expect(patched.latest_revision_id).not.toBe(created.latest_revision_id);
    const second = await deploymentCalls.waitForRevision(client, {
      deploymentId: created.id,
      revisionId: patched.latest_revision_id ?? "",
      minIntervalMs: 5,
      maxIntervalMs: 50,
    });
    expect(second.revision.status).toBe("DEPLOYED");

    const revisions = await deploymentCalls.listRevisions(client, created.id, { limit: 10 });
    expect(revisions.resources[0]?.id).toBe(patched.latest_revision_id);
    const one = await deploymentCalls.getRevision(client, created.id, created.latest_revision_id ?? "");
    expect(one.id).toBe(created.latest_revision_id);

    await expect(deploymentCalls.delete(client, created.id)).resolves.toEqual({ alreadyGone: false });
    await deploymentCalls.waitForDeletion(client, { deploymentId: created.id, intervalMs: 20 });
    await expect(deploymentCalls.get(client, created.id)).rejects.toBeInstanceOf(NotFoundError);
    await expect(deploymentCalls.delete(client, created.id)).resolves.toEqual({ alreadyGone: true });
  });

  test("OAuth providers and the token check; an empty provider_id is a 422 naming the field", async () => {
    const providers = await oauthCalls.listProviders(client);
    expect(providers.map((p) => p.provider_id)).toContain("github");
    await expect(oauthCalls.tokenExists(client, "github")).resolves.toEqual(expect.objectContaining({ has_token: false }));
    const err = await oauthCalls.tokenExists(client, "").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UnprocessableEntityError);
    expect((err as UnprocessableEntityError).issues[0]?.loc).toEqual(["query", "provider_id"]);
    expect((err as Error).message).toContain("422 UnprocessableEntity - query.provider_id: ");
  });

  test("an org-scoped key without a workspace gets WorkspaceRequiredError", async () => {
    const orgScoped = createClient({ apiKey: DEFAULT_ORG_API_KEY, controlPlaneUrl: emulator.url, apiUrl: emulator.url });
    const err = await deploymentCalls.list(orgScoped).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WorkspaceRequiredError);
    expect((err as Error).message).toContain("langsmith:workspaceId");
  });

  test("destinations: list is a bare array, unknown ids are 404 / already gone", async () => {
    await expect(destinationCalls.list(client)).resolves.toEqual(expect.any(Array));
    await expect(destinationCalls.get(client, "00000000-0000-4000-8000-000000000000")).rejects.toBeInstanceOf(NotFoundError);
    // The emulator answers DELETE as the published contract's service does (405); the GET that follows says 404.
    await expect(destinationCalls.delete(client, "00000000-0000-4000-8000-000000000000")).resolves.toEqual({ outcome: "already-gone", alreadyGone: true });
  });
});
