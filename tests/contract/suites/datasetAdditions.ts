/**
 * Contract tier: the additions of the datasets and evaluation area (issue
 * 46) the emulator serves: an annotation queue's reviewers, each operation
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
  });
}
