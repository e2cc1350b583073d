// The control-plane operations and fields the published contract adds to the
// spec: langgraph_config_path, secret_references, every SourceConfigRequest
// key, the list filters, bulk DELETE and redeploy. Fake clock, as in
// emulatorDeployments.test.ts.
import { createEmulator, DEFAULT_API_KEY, type Emulator, FAST_TIMINGS } from "../../packages/emulator/src";

type Json = Record<string, unknown>;

interface Reply {
  status: number;
  body: unknown;
}

const TO_DEPLOYED_MS = Object.values(FAST_TIMINGS.stepDurationsMs).reduce((a, b) => a + b, 0);
const INTEGRATION_ID = "7f8e3c51-0000-4000-8000-00000000abcd";
const LISTENER_ID = "1c2d3e4f-0000-4000-8000-00000000beef";
const UNKNOWN_ID = "0b0e0f00-0000-4000-8000-000000000000";

describe("emulator control plane: contract operations and fields", () => {
  let emulator: Emulator;
  let clockMs = Date.parse("2026-02-01T00:00:00.000Z");

  async function call(method: string, path: string, body?: unknown): Promise<Reply> {
    const response = await fetch(`${emulator.url}${path}`, {
      method,
      headers: { "x-api-key": DEFAULT_API_KEY, ...(body !== undefined ? { "content-type": "application/json" } : {}) },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await response.text();
    return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
  }

  const json = (reply: Reply): Json => reply.body as Json;

  function github(name: string, extra: Json = {}): Json {
    return {
      name,
      source: "github",
      source_config: { integration_id: INTEGRATION_ID, repo_url: "https://github.com/acme/agent", deployment_type: "dev" },
      source_revision_config: { repo_ref: "main", langgraph_config_path: "langgraph.json" },
      secrets: [{ name: "KEY", value: "v1" }],
      ...extra,
    };
  }

  async function create(body: Json): Promise<Json> {
    const reply = await call("POST", "/v2/deployments", body);
    expect(reply.status).toBe(201);
    return json(reply);
  }

  const names = (reply: Reply): unknown[] => (json(reply)["resources"] as Json[]).map((d) => d["name"]);

  beforeAll(async () => {
    emulator = await createEmulator({ now: () => clockMs });
  });

  afterAll(async () => {
    await emulator.close();
  });

  beforeEach(() => {
    emulator.control.reset();
  });

  test("graph_config_path is dropped like any unknown key; langgraph_config_path is stored and echoed", async () => {
    const spec = github("spec-name", { source_revision_config: { repo_ref: "main", graph_config_path: "langgraph.json" } });
    const refused = await call("POST", "/v2/deployments", spec);
    expect(refused.status).toBe(422);
    expect((json(refused)["detail"] as Json[])[0]).toMatchObject({
      type: "missing",
      loc: ["body", "source_revision_config", "langgraph_config_path"],
    });
    const both = await create(github("both", { source_revision_config: { repo_ref: "main", langgraph_config_path: "a.json", graph_config_path: "b.json" } }));
    expect(both["source_revision_config"]).toMatchObject({ langgraph_config_path: "a.json" });
    expect(both["source_revision_config"]).not.toHaveProperty("graph_config_path");
    const patched = await call("PATCH", `/v2/deployments/${String(both["id"])}`, {
      source_revision_config: { graph_config_path: "ignored.json", langgraph_config_path: "c.json" },
    });
    expect(json(patched)["source_revision_config"]).toMatchObject({ langgraph_config_path: "c.json" });
  });

  test("every SourceConfigRequest key and secret_references round-trip; UUIDs and CPU bounds are checked", async () => {
    const references = [{ name: "DB_URL", secret_name: "db", secret_key: "url" }];
    const d = await create(
      github("full", {
        source_config: {
          integration_id: INTEGRATION_ID.toUpperCase(),
          repo_url: "https://github.com/acme/agent",
          deployment_type: "prod",
          build_on_push: true,
          custom_url: "https://agent.example.com",
          install_command: "pip install .",
          build_command: "make",
          listener_id: LISTENER_ID,
          listener_config: { k8s_namespace: "agents" },
          resource_spec: { cpu: 1.5, labels: { team: "ai" }, max_scale: 3 },
          template_id: "agent-template",
        },
        secret_references: references,
      }),
    );
    expect(d["secret_references"]).toEqual(references);
    const sc = d["source_config"] as Json;
    expect(sc).toMatchObject({
      integration_id: INTEGRATION_ID,
      deployment_type: "prod",
      build_on_push: true,
      custom_url: "https://agent.example.com",
      install_command: "pip install .",
      build_command: "make",
      listener_id: LISTENER_ID,
      listener_config: { k8s_namespace: "agents" },
      template_id: "agent-template",
      repo_branch: "main",
    });
    expect(sc["resource_spec"]).toMatchObject({ cpu: 1.5, labels: { team: "ai" }, max_scale: 3, memory_mb: 1024, sidecars: null });

    const patched = json(await call("PATCH", `/v2/deployments/${String(d["id"])}`, { secret_references: [], secrets: null }));
    expect(patched["secret_references"]).toEqual([]);
    expect(patched["secrets"]).toEqual([{ name: "KEY", value: "v1" }]);

    const bad = await call(
      "POST",
      "/v2/deployments",
      github("bad", {
        source_config: { integration_id: "nope", repo_url: "r", deployment_type: "staging", resource_spec: { cpu: 9, queue_cpu_limit: 0 } },
      }),
    );
    expect(bad.status).toBe(422);
    expect((json(bad)["detail"] as Json[]).map((e) => [(e["loc"] as unknown[]).join("."), e["type"]])).toEqual([
      ["body.source_config.deployment_type", "enum"],
      ["body.source_config.integration_id", "uuid_parsing"],
      ["body.source_config.resource_spec.cpu", "less_than_equal"],
      ["body.source_config.resource_spec.queue_cpu_limit", "greater_than_equal"],
    ]);
  });

  test("secrets are required on create; an internal source without a tarball path waits for its upload", async () => {
    const body = github("no-secrets");
    delete body["secrets"];
    const missing = await call("POST", "/v2/deployments", body);
    expect(missing.status).toBe(422);
    expect(json(missing)["detail"]).toEqual([{ type: "missing", loc: ["body", "secrets"], msg: "Field required", input: body }]);
    const awaiting = await create({
      name: "awaiting-tarball",
      source: "internal_source",
      source_config: {},
      source_revision_config: {},
      secrets: [],
    });
    expect(awaiting).toMatchObject({ latest_revision_id: null, source_revision_config: { source_tarball_path: null } });
    const ok = await create({
      name: "tarball",
      source: "internal_source",
      source_config: {},
      source_revision_config: { source_tarball_path: "uploads/agent.tgz" },
      secrets: [],
    });
    expect(ok["source_revision_config"]).toMatchObject({ source_tarball_path: "uploads/agent.tgz", repo_ref: null });
  });

  test("PATCH revision_source sets the source of the new revision", async () => {
    const d = await create(github("switch"));
    const patched = json(
      await call("PATCH", `/v2/deployments/${String(d["id"])}`, {
        revision_source: "internal_source",
        source_revision_config: { source_tarball_path: "uploads/x.tgz" },
      }),
    );
    const revision = json(await call("GET", `/v2/deployments/${String(d["id"])}/revisions/${String(patched["latest_revision_id"])}`));
    expect(revision).toMatchObject({ source: "internal_source", source_revision_config: { source_tarball_path: "uploads/x.tgz" } });
    const bad = await call("PATCH", `/v2/deployments/${String(d["id"])}`, { revision_source: "external_docker" });
    expect(bad.status).toBe(422);
  });

  test("list filters of the contract (status, deployment_type, deployment_ids, image_version, tags, remote_reconciled) and the name extension", async () => {
    const dev = await create(github("dev-one"));
    clockMs += 1;
    const prod = await create(github("prod-one", { source_config: { integration_id: INTEGRATION_ID, repo_url: "r", deployment_type: "prod" } }));
    clockMs += TO_DEPLOYED_MS;
    await create(github("fresh"));
    expect(names(await call("GET", "/v2/deployments?deployment_type=prod"))).toEqual(["prod-one"]);
    expect(names(await call("GET", "/v2/deployments?status=AWAITING_DATABASE"))).toEqual(["fresh"]);
    expect(names(await call("GET", `/v2/deployments?deployment_ids=${String(dev["id"])},${String(prod["id"])}`))).toEqual(["prod-one", "dev-one"]);
    expect(names(await call("GET", "/v2/deployments?image_version=0.4.0-emulator"))).toEqual(["prod-one", "dev-one"]);
    expect(names(await call("GET", "/v2/deployments?tag_value_ids=abc"))).toEqual([]);
    expect(names(await call("GET", "/v2/deployments?remote_reconciled=false"))).toEqual([]);
    expect(names(await call("GET", "/v2/deployments?remote_reconciled=true&name=dev-one"))).toEqual(["dev-one"]);
    const bad = await call("GET", "/v2/deployments?deployment_type=staging&remote_reconciled=maybe&offset=-1");
    expect(bad.status).toBe(422);
    expect((json(bad)["detail"] as Json[]).map((e) => e["type"])).toEqual(["greater_than_equal", "enum", "bool_parsing"]);
    const revisions = await call("GET", `/v2/deployments/${String(dev["id"])}/revisions?status=DEPLOYED&remote_reconciled=1`);
    expect((json(revisions)["resources"] as Json[]).length).toBe(1);
    const none = await call("GET", `/v2/deployments/${String(dev["id"])}/revisions?status=BUILDING`);
    expect(json(none)).toEqual({ resources: [], offset: 0 });
  });

  test("bulk DELETE: 200 for those that exist (the others skipped), 404 when none does, 422 on bad ids", async () => {
    const a = await create(github("bulk-a"));
    const b = await create(github("bulk-b"));
    const reply = await call("DELETE", `/v2/deployments?deployment_ids=${String(a["id"])}&deployment_ids=${UNKNOWN_ID}`);
    expect(reply).toEqual({ status: 200, body: null });
    expect(json(await call("GET", `/v2/deployments/${String(a["id"])}`))["status"]).toBe("AWAITING_DELETE");
    expect(json(await call("GET", `/v2/deployments/${String(b["id"])}`))["status"]).not.toBe("AWAITING_DELETE");
    clockMs += FAST_TIMINGS.deleteDurationMs;
    expect((await call("GET", `/v2/deployments/${String(a["id"])}`)).status).toBe(404);
    const none = await call("DELETE", `/v2/deployments?deployment_ids=${String(a["id"])}`);
    expect(none).toEqual({ status: 404, body: { detail: "Deployments not found" } });
    const missing = await call("DELETE", "/v2/deployments");
    expect(json(missing)["detail"]).toEqual([{ type: "missing", loc: ["query", "deployment_ids"], msg: "Field required", input: null }]);
    const malformed = await call("DELETE", `/v2/deployments?deployment_ids=${String(b["id"])}&deployment_ids=oops`);
    expect((json(malformed)["detail"] as Json[])[0]).toMatchObject({ type: "uuid_parsing", loc: ["query", "deployment_ids", 1] });
    const tooMany = Array.from({ length: 101 }, () => `deployment_ids=${String(b["id"])}`).join("&");
    expect((json(await call("DELETE", `/v2/deployments?${tooMany}`))["detail"] as Json[])[0]).toMatchObject({ type: "too_long" });
    expect(json(await call("GET", `/v2/deployments/${String(b["id"])}`))["status"]).not.toBe("AWAITING_DELETE");
  });

  test("redeploy makes a new revision from the given one's config, superseding an unfinished one", async () => {
    const d = await create(github("again"));
    const id = String(d["id"]);
    const first = String(d["latest_revision_id"]);
    clockMs += TO_DEPLOYED_MS;
    const second = json(await call("PATCH", `/v2/deployments/${id}`, { source_revision_config: { repo_ref: "v2" }, secrets: [{ name: "KEY", value: "v2" }] }));
    const redeployed = await call("POST", `/v2/deployments/${id}/revisions/${first}/redeploy`);
    expect(redeployed.status).toBe(200);
    const third = String(json(redeployed)["latest_revision_id"]);
    expect(third).not.toBe(first);
    expect(json(redeployed)["secrets"]).toEqual([{ name: "KEY", value: "v2" }]);
    const revisions = json(await call("GET", `/v2/deployments/${id}/revisions`))["resources"] as Json[];
    expect(revisions.map((r) => r["id"])).toEqual([third, second["latest_revision_id"], first]);
    expect(revisions.map((r) => r["status"])).toEqual(["CREATING", "SKIPPED", "DEPLOYED"]);
    expect(revisions[0]?.["source_revision_config"]).toMatchObject({ repo_ref: "main", langgraph_config_path: "langgraph.json" });
    clockMs += TO_DEPLOYED_MS;
    expect(json(await call("GET", `/v2/deployments/${id}/revisions/${third}`))["status"]).toBe("DEPLOYED");

    expect((await call("POST", `/v2/deployments/${id}/revisions/${UNKNOWN_ID}/redeploy`)).status).toBe(404);
    expect((await call("POST", `/v2/deployments/${UNKNOWN_ID}/revisions/${first}/redeploy`)).status).toBe(404);
    const other = await create(github("other"));
    expect((await call("POST", `/v2/deployments/${String(other["id"])}/revisions/${first}/redeploy`)).status).toBe(404);
    expect((await call("POST", `/v2/deployments/${id}/revisions/nope/redeploy`)).status).toBe(422);
  });

  test("a non-JSON media type: ignored where no body is expected, 422 where one is", async () => {
    const d = await create(github("media"));
    const send = async (method: string, path: string, contentType: string, body: string): Promise<Reply> => {
      const response = await fetch(`${emulator.url}${path}`, {
        method,
        headers: { "x-api-key": DEFAULT_API_KEY, "content-type": contentType },
        body,
      });
      return { status: response.status, body: (await response.json()) as unknown };
    };
    const redeploy = `/v2/deployments/${String(d["id"])}/revisions/${String(d["latest_revision_id"])}/redeploy`;
    expect((await send("POST", redeploy, "application/x-www-form-urlencoded", "")).status).toBe(200);
    const refused = await send("POST", "/v2/deployments", "text/plain", JSON.stringify(github("plain")));
    expect(refused.status).toBe(422);
    expect((json(refused)["detail"] as Json[])[0]).toMatchObject({ type: "model_attributes_type", loc: ["body"] });
  });

  test("DELETE validates delete_tracing_project", async () => {
    const d = await create(github("traced"));
    expect((await call("DELETE", `/v2/deployments/${String(d["id"])}?delete_tracing_project=perhaps`)).status).toBe(422);
    expect((await call("DELETE", `/v2/deployments/${String(d["id"])}?delete_tracing_project=true`)).status).toBe(204);
  });
});
