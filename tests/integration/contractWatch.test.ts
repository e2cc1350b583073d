/**
 * The contract watch that every integration and e2e test runs under: a
 * request from our client that breaks the published contract is reported,
 * naming method, path and the schema error; other senders are not checked.
 */
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { CLIENT_USER_AGENT_PREFIX, watchClientRequests } from "../helpers/contractWatch";

describe("contract watch", () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await createEmulator();
  });
  afterAll(async () => {
    await emulator.close();
  });

  async function send(userAgent: string, method: string, path: string, body?: unknown): Promise<number> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "user-agent": userAgent, "x-api-key": DEFAULT_API_KEY, "x-tenant-id": DEFAULT_WORKSPACE_ID, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    await response.arrayBuffer();
    return response.status;
  }

  it("reports a client request whose body breaks the contract, and ignores other senders", async () => {
    const watch = watchClientRequests();
    try {
      const body = { name: "watched", source: "github", source_config: {}, source_revision_config: { graph_config_path: "langgraph.json" } };
      await send(`${CLIENT_USER_AGENT_PREFIX}0.0.0-test`, "POST", "/v2/deployments", body);
      await send("curl/8", "POST", "/v2/deployments", body);
      await send(`${CLIENT_USER_AGENT_PREFIX}0.0.0-test`, "GET", "/v2/deployments?name=watched");
      const found = watch.takeViolations();
      expect(found.some((v) => v.startsWith("POST /v2/deployments") && v.includes("secrets"))).toBe(true);
      expect(found.some((v) => v.includes('query parameter "name" is not declared'))).toBe(true);
      expect(watch.checkedCount()).toBe(2);
    } finally {
      watch.stop();
    }
  });

  it("accepts the deliberate DELETE of a destination, the one request outside the contract", async () => {
    const watch = watchClientRequests();
    try {
      await send(`${CLIENT_USER_AGENT_PREFIX}0.0.0-test`, "DELETE", "/api/v1/bulk-exports/destinations/7f8e3c51-0000-4000-8000-00000000abcd");
      expect(watch.takeViolations()).toEqual([]);
      expect(watch.checkedCount()).toBe(1);
    } finally {
      watch.stop();
    }
  });

  it("checks the logs under /api-host/v1 as the control plane's v1 routes, and leaves the signed upload URLs alone", async () => {
    const watch = watchClientRequests();
    try {
      const agent = `${CLIENT_USER_AGENT_PREFIX}0.0.0-test`;
      const id = "7f8e3c51-0000-4000-8000-00000000abcd";
      await send(agent, "POST", `/api-host/v1/projects/${id}/deploy_logs`, { order: "asc", limit: 10 });
      await send(agent, "POST", `/api-host/v1/projects/${id}/deploy_logs`, { order: "sideways" });
      await send(agent, "PUT", `/source-uploads/deployments/${id}/sources/x.tar.gz?expires=1&signature=00`, { not: "an archive" });
      const found = watch.takeViolations();
      expect(found).toEqual([expect.stringMatching(/^POST \/v1\/projects\/\{project_id\}\/deploy_logs: .*order/)]);
    } finally {
      watch.stop();
    }
  });
});
