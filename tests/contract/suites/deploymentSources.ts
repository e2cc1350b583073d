/**
 * Contract tier: the additions' operations around a deployment built from
 * uploaded source (langgraph-cli's `deploy --remote`): the upload URL, the
 * build and deploy logs, and the listeners, each through its success status
 * and its 404 and 422 answers. The upload itself (a `PUT` to the signed
 * URL) is no operation of the contract; it is made here so that the build
 * has an archive to read.
 *
 * @packageDocumentation
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_ORGANIZATION_ID, DEFAULT_WORKSPACE_ID } from "../../../packages/emulator/src";
import { type ContractEnv, eventually, type Json, UNKNOWN_ID } from "./env";

const LISTENER_ID = "7a6b5c4d-0000-4000-8000-00000000c0de";

/** A small LangGraph project as a `.tar.gz`, made with the system's tar. */
function projectArchive(): Buffer {
  const dir = mkdtempSync(join(tmpdir(), "contract-source-"));
  try {
    writeFileSync(join(dir, "langgraph.json"), JSON.stringify({ dependencies: ["."], graphs: { agent: "./agent.py:graph" } }));
    writeFileSync(join(dir, "agent.py"), "graph = None\n");
    execFileSync("tar", ["-czf", join(dir, "source.tar.gz"), "-C", dir, "langgraph.json", "agent.py"]);
    return readFileSync(join(dir, "source.tar.gz"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Defines the suite of deployments from uploaded source. */
export function describeDeploymentSources(env: ContractEnv): void {
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> => env.harness.call(...args);

  describe("control plane: deployments from uploaded source, their logs, listeners", () => {
    test("upload URL (2XX; 404, 422), the upload, the PATCH; build and deploy logs (2XX; 404, 422)", async () => {
      const created = (
        await call("POST", "/v2/deployments", {
          body: { name: "contract-source", source: "internal_source", source_config: { deployment_type: "dev_zero" }, source_revision_config: {}, secrets: [] },
          expect: 201,
        })
      ).body as Json;
      expect(created).toMatchObject({ latest_revision_id: null });
      const id = String(created["id"]);
      const upload = (await call("POST", `/v2/deployments/${id}/upload-url`, { body: { supports_upload_headers: true }, expect: 200 })).body as Json;
      await call("POST", `/v2/deployments/${UNKNOWN_ID}/upload-url`, { body: { supports_upload_headers: true }, expect: 404 });
      await call("POST", `/v2/deployments/${id}/upload-url`, { body: { supports_upload_headers: "sometimes" }, expect: 422, request: "invalid" });
      const put = await fetch(String(upload["upload_url"]), { method: "PUT", headers: upload["upload_headers"] as Record<string, string>, body: projectArchive() });
      expect(put.status).toBe(200);
      const patched = (
        await call("PATCH", `/v2/deployments/${id}`, {
          body: { revision_source: "internal_source", source_revision_config: { source_tarball_path: String(upload["object_path"]), langgraph_config_path: "langgraph.json" }, secrets: [] },
          expect: 200,
        })
      ).body as Json;
      const revisionId = String(patched["latest_revision_id"]);
      await eventually("the revision to be DEPLOYED", async () => {
        const revision = (await call("GET", `/v2/deployments/${id}/revisions/${revisionId}`, { expect: 200 })).body as Json;
        return revision["status"] === "DEPLOYED";
      });

      for (const path of [`/v1/projects/${id}/revisions/${revisionId}/build_logs`, `/v1/projects/${id}/revisions/${revisionId}/deploy_logs`, `/v1/projects/${id}/deploy_logs`]) {
        const page = (await call("POST", path, { body: { order: "desc", limit: 2 }, expect: 200 })).body as Json;
        expect((page["logs"] as Json[]).length).toBe(2);
        const next = (await call("POST", path, { body: { order: "desc", limit: 2, offset: page["next_offset"], level: "INFO", query: null, start_time: null, end_time: null }, expect: 200 }))
          .body as Json;
        expect(next["logs"]).not.toEqual(page["logs"]);
        await call("POST", path, { body: { order: "desc", limit: 0 }, expect: 422, request: "invalid" });
        await call("POST", path.replace(id, UNKNOWN_ID), { body: { order: "asc" }, expect: 404 });
      }
      await call("POST", `/v1/projects/${id}/revisions/${UNKNOWN_ID}/build_logs`, { body: { order: "asc" }, expect: 404 });
      await call("POST", `/v1/projects/${id}/revisions/${UNKNOWN_ID}/deploy_logs`, { body: { order: "asc" }, expect: 404 });
    });

    test("listeners: list (200; 422), one (200; 404, 422)", async () => {
      env.emulator.control.seed({
        organizations: [{ id: DEFAULT_ORGANIZATION_ID, workspaces: [{ id: DEFAULT_WORKSPACE_ID, listeners: [{ id: LISTENER_ID, computeId: "contract-cluster", namespaces: ["agents"] }] }] }],
      });
      const listed = (await call("GET", "/v2/listeners?limit=10&offset=0", { expect: 200 })).body as Json;
      expect(listed["resources"]).toEqual([expect.objectContaining({ id: LISTENER_ID, compute_id: "contract-cluster" })]);
      await call("GET", "/v2/listeners?limit=0", { expect: 422, request: "invalid" });
      expect((await call("GET", `/v2/listeners/${LISTENER_ID}`, { expect: 200 })).body).toMatchObject({ id: LISTENER_ID, compute_config: { k8s_namespaces: ["agents"] } });
      await call("GET", `/v2/listeners/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", "/v2/listeners/not-a-uuid", { expect: 422, request: "invalid" });
    });
  });
}
