/**
 * Contract tier: the additions of the datasets and evaluation area (issue
 * 46) the emulator serves: an annotation queue's reviewers, a dataset's
 * experiment view override, a dataset's public share and the workspace's
 * shares, each operation
 * with its declared answers, 400s and 404s.
 *
 * @packageDocumentation
 */
import { DEFAULT_ORG_API_KEY, DEFAULT_WORKSPACE_ID } from "../../../packages/emulator/src/core/seed";
import { type ContractEnv, type Json, UNKNOWN_ID } from "./env";

/** Defines the datasets and evaluation additions suite. */
export function describeDatasetAdditions(env: ContractEnv): void {
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> => env.harness.call(...args);

  describe("additions: datasets and evaluation", () => {
    test("annotation-queue reviewers: assign (201, again 201; 400 for a malformed identity; 404 for a stranger or an unknown queue), read through the queue's assigned_reviewers, unassign (204, again 204; 400; 404)", async () => {
      const invited = (await call("POST", "/api/v1/orgs/current/members", { apiKey: DEFAULT_ORG_API_KEY, body: { email: "contract-reviewer@example.com", workspace_ids: [DEFAULT_WORKSPACE_ID] }, expect: 200 })).body as Json;
      env.emulator.control.acceptInvite(String(invited["id"]));
      const members = ((await call("GET", "/api/v1/workspaces/current/members", { expect: 200 })).body as Json)["members"] as Json[];
      const identity = String(members.find((m) => m["email"] === "contract-reviewer@example.com")?.["id"]);
      const queue = String(((await call("POST", "/api/v1/annotation-queues", { body: { name: "contract reviewers" }, expect: 200 })).body as Json)["id"]);
      const reviewers = `/api/v1/platform/annotation-queues/${queue}/reviewers`;
      expect((await call("POST", reviewers, { body: { identity_id: identity }, expect: 201 })).body).toEqual({ identity_id: identity });
      await call("POST", reviewers, { body: { identity_id: identity }, expect: 201 });
      await call("POST", reviewers, { body: { identity_id: "not-a-uuid" }, expect: 400 });
      await call("POST", reviewers, { body: { identity_id: UNKNOWN_ID }, expect: 404 });
      await call("POST", `/api/v1/platform/annotation-queues/${UNKNOWN_ID}/reviewers`, { body: { identity_id: identity }, expect: 404 });
      const read = (await call("GET", `/api/v1/annotation-queues/${queue}`, { expect: 200 })).body as Json;
      expect(read["assigned_reviewers"]).toEqual([{ id: identity, name: null, email: "contract-reviewer@example.com" }]);
      await call("DELETE", `${reviewers}/${identity}`, { expect: 204 });
      await call("DELETE", `${reviewers}/${identity}`, { expect: 204 });
      await call("DELETE", `${reviewers}/not-a-uuid`, { expect: 400 });
      await call("DELETE", `/api/v1/platform/annotation-queues/${UNKNOWN_ID}/reviewers/${identity}`, { expect: 404 });
      await call("DELETE", `/api/v1/annotation-queues/${queue}`, { expect: 200 });
    });

    test("experiment view overrides: create (201; 409 for a second; 422 for an unknown column; 400 malformed; 404 for an unknown dataset), get and list, replace the list (200; 422; 404), delete (204; 404)", async () => {
      const dataset = String(((await call("POST", "/api/v1/datasets", { body: { name: "contract overrides" }, expect: 200 })).body as Json)["id"]);
      const overrides = `/api/v1/platform/datasets/${dataset}/experiment-view-overrides`;
      // Every property set: the service's answers leave out what a column does not set (the emulator's reading of the Go service's optional fields).
      const columns = [{ column: "outputs.accuracy", precision: 3, color_gradient: [[0, "#ff0000"], [1, "#00ff00"]], color_map: {}, disable_colors: false, hide: false }];
      const replacement = [{ column: "feedback.tone", precision: 1, color_gradient: [], color_map: { good: "#00ff00" }, disable_colors: true, hide: false }];
      const created = (await call("POST", overrides, { body: { column_overrides: columns }, expect: 201 })).body as Json;
      const id = String(created["id"]);
      expect(created).toMatchObject({ dataset_id: dataset, column_overrides: columns, created_at: expect.any(String), modified_at: expect.any(String) });
      await call("POST", overrides, { body: { column_overrides: columns }, expect: 409 });
      await call("POST", overrides, { body: { column_overrides: [{ column: "accuracy" }] }, expect: 422 });
      await call("POST", overrides, { body: { column_overrides: [] }, expect: 400, request: "invalid" });
      await call("POST", `/api/v1/platform/datasets/${UNKNOWN_ID}/experiment-view-overrides`, { body: { column_overrides: columns }, expect: 404 });
      expect((await call("GET", `${overrides}/${id}`, { expect: 200 })).body).toMatchObject({ id, column_overrides: columns });
      await call("GET", `${overrides}/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", `${overrides}/not-a-uuid`, { expect: 400, request: "invalid" });
      expect((await call("GET", overrides, { expect: 200 })).body).toEqual([expect.objectContaining({ id })]);
      await call("GET", `/api/v1/platform/datasets/${UNKNOWN_ID}/experiment-view-overrides`, { expect: 404 });
      await call("GET", "/api/v1/platform/datasets/not-a-uuid/experiment-view-overrides", { expect: 400, request: "invalid" });
      const replaced = (await call("PATCH", `${overrides}/${id}`, { body: { column_overrides: replacement }, expect: 200 })).body as Json;
      expect(replaced["column_overrides"]).toEqual(replacement);
      await call("PATCH", `${overrides}/${id}`, { body: { column_overrides: [{ column: "tone" }] }, expect: 422 });
      await call("PATCH", `${overrides}/${id}`, { body: {}, expect: 400, request: "invalid" });
      await call("PATCH", `${overrides}/${UNKNOWN_ID}`, { body: { column_overrides: columns }, expect: 404 });
      await call("DELETE", `${overrides}/${id}`, { expect: 204 });
      await call("DELETE", `${overrides}/${id}`, { expect: 404 });
      await call("DELETE", `${overrides}/not-a-uuid`, { expect: 400, request: "invalid" });
      await call("DELETE", `/api/v1/datasets/${dataset}`, { expect: 200 });
    });

    test("dataset shares: share (200; again the same token; 422 malformed; 404 unknown dataset), read (the share, or null; 422; 404), the workspace's shares (200; 422), unshare (200, shared or not; 422; 404)", async () => {
      const dataset = String(((await call("POST", "/api/v1/datasets", { body: { name: "contract share" }, expect: 200 })).body as Json)["id"]);
      const share = `/api/v1/datasets/${dataset}/share`;
      expect((await call("GET", share, { expect: 200 })).body).toBeNull();
      const shared = (await call("PUT", `${share}?share_projects=true`, { expect: 200 })).body as Json;
      expect(shared).toEqual({ dataset_id: dataset, share_token: expect.any(String) });
      expect((await call("PUT", share, { expect: 200 })).body).toEqual(shared);
      await call("PUT", `${share}?share_projects=maybe`, { expect: 422, request: "invalid" });
      await call("PUT", `/api/v1/datasets/${UNKNOWN_ID}/share`, { expect: 404 });
      expect((await call("GET", share, { expect: 200 })).body).toEqual(shared);
      await call("GET", "/api/v1/datasets/not-a-uuid/share", { expect: 422, request: "invalid" });
      await call("GET", `/api/v1/datasets/${UNKNOWN_ID}/share`, { expect: 404 });
      const listed = ((await call("GET", "/api/v1/workspaces/current/shared?limit=10", { expect: 200 })).body as Json)["entities"] as Json[];
      expect(listed).toContainEqual({ type: "dataset", share_token: shared["share_token"], created_at: expect.any(String), dataset_id: dataset, dataset_name: "contract share" });
      await call("GET", "/api/v1/workspaces/current/shared?limit=0", { expect: 422, request: "invalid" });
      await call("DELETE", share, { expect: 200 });
      await call("DELETE", share, { expect: 200 });
      expect((await call("GET", share, { expect: 200 })).body).toBeNull();
      await call("DELETE", "/api/v1/datasets/not-a-uuid/share", { expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/datasets/${UNKNOWN_ID}/share`, { expect: 404 });
      await call("DELETE", `/api/v1/datasets/${dataset}`, { expect: 200 });
    });
  });
}
