/**
 * Contract tier: the operations of contract/additions.openapi.json that the
 * official `langsmith` SDKs call beyond the provider's kinds (the workspace's
 * settings, examples in bulk, dataset versions, tags and splits, the
 * platform's example deletes and metadata changes, prompt likes, the runs
 * of annotation queues, added by id or by key, and their reviews), each with
 * its declared answers and its 404s and 422s.
 *
 * @packageDocumentation
 */
import { DEFAULT_WORKSPACE_ID } from "../../../packages/emulator/src/core/seed";
import { type ContractEnv, type Json, UNKNOWN_ID } from "./env";

/** Defines the SDK routes suite. */
export function describeSdkRoutes(env: ContractEnv): void {
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> => env.harness.call(...args);
  const newDataset = async (name: string): Promise<string> => String(((await call("POST", "/api/v1/datasets", { body: { name }, expect: 200 })).body as Json)["id"]);

  describe("REST API: what the langsmith SDKs call", () => {
    test("settings: the workspace with its handle, as the handle request sets it", async () => {
      // A seeded workspace has none, but another suite may have set one before this runs.
      const before = (await call("GET", "/api/v1/settings", { expect: 200 })).body as Json;
      expect(before).toEqual({ id: DEFAULT_WORKSPACE_ID, display_name: expect.any(String), created_at: expect.any(String), tenant_handle: before["tenant_handle"] });
      expect(before["tenant_handle"] === null || typeof before["tenant_handle"] === "string").toBe(true);
      await call("POST", "/api/v1/settings/handle", { body: { tenant_handle: "contract-sdk-settings" }, expect: 200 });
      expect((await call("GET", "/api/v1/settings", { expect: 200 })).body).toMatchObject({ id: DEFAULT_WORKSPACE_ID, tenant_handle: "contract-sdk-settings" });
    });

    test("examples in bulk: create (200 with the examples; 400 unreadable, 404 unknown dataset, 409 taken id), change (200; 404, 422)", async () => {
      const dataset = await newDataset("contract-bulk");
      const created = (
        await call("POST", "/api/v1/examples/bulk", {
          body: [
            { dataset_id: dataset, inputs: { q: "1" }, outputs: { a: "1" }, split: "test" },
            { dataset_id: dataset, inputs: { q: "2" } },
          ],
          expect: 200,
        })
      ).body as Json[];
      expect(created).toEqual([
        expect.objectContaining({ dataset_id: dataset, inputs: { q: "1" }, outputs: { a: "1" }, metadata: { dataset_split: ["test"] } }),
        expect.objectContaining({ dataset_id: dataset, inputs: { q: "2" } }),
      ]);
      const [first, second] = created.map((e) => String(e["id"]));
      await call("POST", "/api/v1/examples/bulk", { body: [{ inputs: { q: "no dataset" } }], expect: 400, request: "invalid" });
      await call("POST", "/api/v1/examples/bulk", { body: [{ dataset_id: UNKNOWN_ID, inputs: {} }], expect: 404 });
      await call("POST", "/api/v1/examples/bulk", { body: [{ id: first, dataset_id: dataset, inputs: {} }], expect: 409 });
      const changed = (await call("PATCH", "/api/v1/examples/bulk", { body: [{ id: first, outputs: { a: "one" } }, { id: second, split: "train" }], expect: 200 })).body;
      expect(changed).toMatchObject({ count: 2, example_ids: [first, second] });
      expect((await call("GET", `/api/v1/examples/${String(first)}`, { expect: 200 })).body).toMatchObject({ outputs: { a: "one" } });
      await call("PATCH", "/api/v1/examples/bulk", { body: [{ id: UNKNOWN_ID, outputs: {} }], expect: 404 });
      await call("PATCH", "/api/v1/examples/bulk", { body: [{ outputs: {} }], expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/datasets/${dataset}`, { expect: 200 });
    });

    test("dataset versions: one per write, newest first; a tag on one (200; 404 for no such version, 422 without a tag); read by tag and by time (404, 422); the diff of two (404, 422); the examples as of a tag (404 for an unknown one)", async () => {
      const dataset = await newDataset("contract-versions");
      const versions = `/api/v1/datasets/${dataset}/versions`;
      expect((await call("GET", versions, { expect: 200 })).body).toEqual([]);
      await call("GET", `/api/v1/datasets/${dataset}/version`, { expect: 404 });
      await call("POST", "/api/v1/examples/bulk", { body: [{ dataset_id: dataset, inputs: { q: "1" } }], expect: 200 });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await call("POST", "/api/v1/examples/bulk", { body: [{ dataset_id: dataset, inputs: { q: "2" } }], expect: 200 });
      const listed = (await call("GET", versions, { expect: 200 })).body as Json[];
      expect(listed).toHaveLength(2);
      const older = String(listed[1]?.["as_of"]);
      expect((await call("PUT", `/api/v1/datasets/${dataset}/tags`, { body: { as_of: older, tag: "prod" }, expect: 200 })).body).toEqual({ as_of: older, tags: ["prod"] });
      await call("PUT", `/api/v1/datasets/${dataset}/tags`, { body: { as_of: "2001-01-01T00:00:00Z", tag: "old" }, expect: 404 });
      await call("PUT", `/api/v1/datasets/${dataset}/tags`, { body: { as_of: older }, expect: 422, request: "invalid" });
      await call("PUT", `/api/v1/datasets/${UNKNOWN_ID}/tags`, { body: { as_of: older, tag: "prod" }, expect: 404 });
      expect((await call("GET", `${versions}?search=pro`, { expect: 200 })).body).toEqual([{ as_of: older, tags: ["prod"] }]);
      await call("GET", `${versions}?limit=0`, { expect: 422, request: "invalid" });
      await call("GET", `/api/v1/datasets/${UNKNOWN_ID}/versions`, { expect: 404 });
      expect((await call("GET", `/api/v1/datasets/${dataset}/version?tag=prod`, { expect: 200 })).body).toEqual({ as_of: older, tags: ["prod"] });
      expect((await call("GET", `/api/v1/datasets/${dataset}/version?as_of=${encodeURIComponent(older)}`, { expect: 200 })).body).toEqual({ as_of: older, tags: ["prod"] });
      await call("GET", `/api/v1/datasets/${dataset}/version?tag=staging`, { expect: 404 });
      await call("GET", `/api/v1/datasets/${dataset}/version?as_of=yesterday`, { expect: 422, request: "invalid" });
      const diff = `/api/v1/datasets/${dataset}/versions/diff`;
      expect((await call("GET", `${diff}?from_version=prod&to_version=latest`, { expect: 200 })).body).toEqual({
        examples_modified: [],
        examples_added: [expect.any(String)],
        examples_removed: [],
      });
      await call("GET", `${diff}?from_version=staging&to_version=latest`, { expect: 404 });
      // The list of examples as of a tag: the version it names.
      expect((await call("GET", `/api/v1/examples?dataset=${dataset}&as_of=prod`, { expect: 200 })).body).toEqual([expect.objectContaining({ inputs: { q: "1" } })]);
      await call("GET", `/api/v1/examples?dataset=${dataset}&as_of=staging`, { expect: 404 });
      await call("GET", `${diff}?from_version=prod`, { expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/datasets/${dataset}`, { expect: 200 });
    });

    test("splits: the names in use; PUT adds and removes one (200 with the ids; 404, 422); the platform's metadata route (200; 400, 404)", async () => {
      const dataset = await newDataset("contract-splits");
      const [example] = ((await call("POST", "/api/v1/examples/bulk", { body: [{ dataset_id: dataset, inputs: { q: "1" } }], expect: 200 })).body as Json[]).map((e) =>
        String(e["id"]),
      );
      const splits = `/api/v1/datasets/${dataset}/splits`;
      expect((await call("GET", splits, { expect: 200 })).body).toEqual(["base"]);
      expect((await call("PUT", splits, { body: { split_name: "test", examples: [example] }, expect: 200 })).body).toEqual([example]);
      expect((await call("GET", splits, { expect: 200 })).body).toEqual(["base", "test"]);
      await call("PUT", splits, { body: { split_name: "base", examples: [example], remove: true }, expect: 200 });
      expect((await call("GET", splits, { expect: 200 })).body).toEqual(["test"]);
      await call("PUT", splits, { body: { split_name: "test", examples: [UNKNOWN_ID] }, expect: 404 });
      await call("PUT", splits, { body: { examples: [example] }, expect: 422, request: "invalid" });
      await call("GET", `/api/v1/datasets/${UNKNOWN_ID}/splits`, { expect: 404 });
      await call("GET", "/api/v1/datasets/not-a-uuid/splits", { expect: 422, request: "invalid" });
      const metadata = `/v1/platform/datasets/${dataset}/examples/metadata`;
      const operations = [{ key: "dataset_split", operation: "array_add", values: ["train"] }];
      await call("PATCH", metadata, { body: { example_ids: [example], operations }, expect: 200 });
      expect((await call("GET", splits, { expect: 200 })).body).toEqual(["test", "train"]);
      await call("PATCH", metadata, { body: { example_ids: [UNKNOWN_ID], operations }, expect: 404 });
      await call("PATCH", metadata, { body: { example_ids: [], operations }, expect: 400, request: "invalid" });
      await call("DELETE", `/api/v1/datasets/${dataset}`, { expect: 200 });
    });

    test("multipart examples: create (201, attachments kept and served; 422 for an unknown dataset or a part that is not JSON, 409 for a taken id, 400 for a run to copy that is not given), change (201, attachments renamed; 404 for an example not in the dataset, 422, 400 for an unknown attachment); the deprecated upsert route (201; 404 for an unknown dataset, 422, 400)", async () => {
      const dataset = await newDataset("contract-multipart");
      const examples = `/v1/platform/datasets/${dataset}/examples`;
      const id = "5d3c1f2e-0000-4000-8000-00000000a001";
      const form = (parts: Record<string, string>): FormData => {
        const data = new FormData();
        for (const [name, value] of Object.entries(parts)) data.append(name, new Blob([value], { type: "application/json" }));
        return data;
      };
      const created = { [id]: JSON.stringify({ split: "test", metadata: { source: "contract" } }), [`${id}.inputs`]: '{"q":"1"}', [`${id}.outputs`]: '{"a":"1"}' };
      expect((await call("POST", examples, { multipart: form(created), expect: 201 })).body).toMatchObject({ count: 1, example_ids: [id], as_of: expect.any(String) });
      expect((await call("GET", `/api/v1/examples/${id}`, { expect: 200 })).body).toMatchObject({
        inputs: { q: "1" },
        outputs: { a: "1" },
        metadata: { source: "contract", dataset_split: ["test"] },
      });
      await call("POST", examples, { multipart: form(created), expect: 409 });
      await call("POST", `/v1/platform/datasets/${UNKNOWN_ID}/examples`, { multipart: form(created), expect: 422 });
      await call("POST", examples, { multipart: form({ [UNKNOWN_ID]: "{", [`${UNKNOWN_ID}.inputs`]: "{}" }), expect: 422 });
      const copying = JSON.stringify({ use_source_run_io: true }); // with no run to copy: 400
      await call("POST", examples, { multipart: form({ [UNKNOWN_ID]: copying, [`${UNKNOWN_ID}.inputs`]: "{}" }), expect: 400 });
      // An attachment: kept, listed in attachment_urls, served from its URL.
      const attached = "5d3c1f2e-0000-4000-8000-00000000a003";
      const withFile = form({ [attached]: "{}", [`${attached}.inputs`]: '{"q":"3"}' });
      withFile.append(`${attached}.attachment.image`, new Blob([new Uint8Array([0, 1, 254, 255])], { type: "image/png; length=4" }));
      await call("POST", examples, { multipart: withFile, expect: 201 });
      const urls = ((await call("GET", `/api/v1/examples/${attached}`, { expect: 200 })).body as Json)["attachment_urls"] as Record<string, Json>;
      expect(urls).toEqual({ "attachment.image": { presigned_url: expect.any(String), s3_url: expect.any(String), mime_type: "image/png" } });
      const file = await fetch(String(urls["attachment.image"]?.["presigned_url"]));
      expect([file.status, file.headers.get("content-type"), [...new Uint8Array(await file.arrayBuffer())]]).toEqual([200, "image/png", [0, 1, 254, 255]]);
      const changed = await call("PATCH", examples, { multipart: form({ [id]: "{}", [`${id}.outputs`]: '{"a":"one"}' }), expect: 201 });
      expect(changed.body).toMatchObject({ count: 1, example_ids: [id] });
      expect((await call("GET", `/api/v1/examples/${id}`, { expect: 200 })).body).toMatchObject({ outputs: { a: "one" } });
      await call("PATCH", examples, { multipart: form({ [UNKNOWN_ID]: "{}" }), expect: 404 });
      await call("PATCH", examples, { multipart: form({ [id]: "not json" }), expect: 422 });
      await call("PATCH", examples, { multipart: form({ [attached]: "{}", [`${attached}.attachments_operations`]: '{"retain":["video"]}' }), expect: 400 });
      await call("PATCH", examples, { multipart: form({ [attached]: "{}", [`${attached}.attachments_operations`]: '{"rename":{"image":"photo"}}' }), expect: 201 });
      expect(Object.keys(((await call("GET", `/api/v1/examples/${attached}`, { expect: 200 })).body as Json)["attachment_urls"] as Json)).toEqual(["attachment.photo"]);
      // The deprecated upsert route: each example's part names its dataset; a known id is changed, another created.
      const upsert = "/v1/platform/examples/multipart";
      const other = "5d3c1f2e-0000-4000-8000-00000000a002";
      const upserted = { [id]: JSON.stringify({ dataset_id: dataset }), [`${id}.inputs`]: '{"q":"1"}', [`${id}.outputs`]: '{"a":"uno"}' };
      const fresh = { [other]: JSON.stringify({ dataset_id: dataset }), [`${other}.inputs`]: '{"q":"2"}' };
      expect((await call("POST", upsert, { multipart: form({ ...upserted, ...fresh }), expect: 201 })).body).toEqual({ count: 2, example_ids: [id, other] });
      expect((await call("GET", `/api/v1/examples/${id}`, { expect: 200 })).body).toMatchObject({ outputs: { a: "uno" } });
      expect((await call("GET", `/api/v1/examples/${other}`, { expect: 200 })).body).toMatchObject({ dataset_id: dataset, inputs: { q: "2" } });
      await call("POST", upsert, { multipart: form({ [UNKNOWN_ID]: JSON.stringify({ dataset_id: UNKNOWN_ID }), [`${UNKNOWN_ID}.inputs`]: "{}" }), expect: 404 });
      await call("POST", upsert, { multipart: form({ [id]: "{", [`${id}.inputs`]: "{}" }), expect: 422 });
      await call("POST", upsert, { multipart: form({ [UNKNOWN_ID]: JSON.stringify({ dataset_id: dataset, use_source_run_io: true }), [`${UNKNOWN_ID}.inputs`]: "{}" }), expect: 400 });
      await call("DELETE", `/api/v1/datasets/${dataset}`, { expect: 200 });
    });

    test("the platform's hard delete of examples: 200 with those deleted; 404 when none is the workspace's; 422 for a soft delete; 400 malformed", async () => {
      const dataset = await newDataset("contract-hard-delete");
      const [example] = ((await call("POST", "/api/v1/examples/bulk", { body: [{ dataset_id: dataset, inputs: { q: "1" } }], expect: 200 })).body as Json[]).map((e) =>
        String(e["id"]),
      );
      const remove = "/v1/platform/datasets/examples/delete";
      await call("POST", remove, { body: { example_ids: [example], hard_delete: false }, expect: 422 });
      expect((await call("POST", remove, { body: { example_ids: [example, UNKNOWN_ID], hard_delete: true }, expect: 200 })).body).toEqual({ count: 1, example_ids: [example] });
      await call("GET", `/api/v1/examples/${String(example)}`, { expect: 404 });
      await call("POST", remove, { body: { example_ids: [UNKNOWN_ID], hard_delete: true }, expect: 404 });
      await call("POST", remove, { body: { example_ids: [] , hard_delete: true }, expect: 400, request: "invalid" });
      await call("DELETE", `/api/v1/datasets/${dataset}`, { expect: 200 });
    });

    test("annotation-queue runs (seeded): add (200 with the entries; 404 for an unknown run or queue, 422), list (by status; 422), size, by index (404 past the end, 422), remove (by run id; 404, 422)", async () => {
      const project = String(((await call("POST", "/api/v1/sessions", { body: { name: "contract-queue-runs" }, expect: 200 })).body as Json)["id"]);
      const [run] = env.emulator.control.seedTraceRuns(project, [{ name: "answer", startTime: "2026-10-01T00:00:00Z", inputs: { q: "1" } }]);
      const runId = String(run?.id);
      const queue = String(((await call("POST", "/api/v1/annotation-queues", { body: { name: "contract-queue-runs" }, expect: 200 })).body as Json)["id"]);
      const runs = `/api/v1/annotation-queues/${queue}/runs`;
      const [entry] = (await call("POST", runs, { body: [runId], expect: 200 })).body as Json[];
      expect(entry).toMatchObject({ run_id: runId, queue_id: queue, last_reviewed_time: null });
      expect((await call("POST", runs, { body: [{ run_id: runId }], expect: 200 })).body).toEqual([entry]);
      await call("POST", runs, { body: [UNKNOWN_ID], expect: 404 });
      await call("POST", `/api/v1/annotation-queues/${UNKNOWN_ID}/runs`, { body: [runId], expect: 404 });
      await call("POST", runs, { body: ["not-a-run"], expect: 422, request: "invalid" });
      expect((await call("GET", runs, { expect: 200 })).body).toEqual([expect.objectContaining({ id: runId, name: "answer", queue_run_id: entry?.["id"] })]);
      expect((await call("GET", `${runs}?status=completed`, { expect: 200 })).body).toEqual([]);
      await call("GET", `${runs}?limit=0`, { expect: 422, request: "invalid" });
      await call("GET", `/api/v1/annotation-queues/${UNKNOWN_ID}/runs`, { expect: 404 });
      expect((await call("GET", `/api/v1/annotation-queues/${queue}/size`, { expect: 200 })).body).toEqual({ size: 1 });
      await call("GET", `/api/v1/annotation-queues/${queue}/size?status=reviewed`, { expect: 422, request: "invalid" });
      await call("GET", `/api/v1/annotation-queues/${UNKNOWN_ID}/size`, { expect: 404 });
      expect((await call("GET", `/api/v1/annotation-queues/${queue}/run/0`, { expect: 200 })).body).toMatchObject({ id: runId, inputs: { q: "1" } });
      await call("GET", `/api/v1/annotation-queues/${queue}/run/1`, { expect: 404 });
      await call("GET", `/api/v1/annotation-queues/${queue}/run/first`, { expect: 422, request: "invalid" });
      await call("DELETE", `${runs}/${runId}`, { expect: 200 });
      await call("DELETE", `${runs}/${runId}`, { expect: 404 });
      await call("DELETE", `${runs}/not-a-uuid`, { expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/annotation-queues/${queue}`, { expect: 200 });
    });

    test("annotation-queue runs by key and their reviews (seeded): add by key (200; 404 for a key that does not locate the run, 422), the caller's review (200 on both routes; 404, 422 and 400)", async () => {
      const project = String(((await call("POST", "/api/v1/sessions", { body: { name: "contract-queue-reviews" }, expect: 200 })).body as Json)["id"]);
      const startTime = "2026-10-01T00:00:00Z";
      const [run] = env.emulator.control.seedTraceRuns(project, [{ name: "answer", startTime, inputs: { q: "1" } }]);
      const runId = String(run?.id);
      const queue = String(((await call("POST", "/api/v1/annotation-queues", { body: { name: "contract-queue-reviews" }, expect: 200 })).body as Json)["id"]);
      const byKey = `/api/v1/annotation-queues/${queue}/runs/by-key`;
      const key = { run_id: runId, session_id: project, start_time: "2026-10-01T00:00:00+00:00" };
      const [entry] = (await call("POST", `${byKey}?extend_trace_retention=true`, { body: [key], expect: 200 })).body as Json[];
      expect(entry).toEqual({ id: expect.any(String), run_id: runId, queue_id: queue, added_at: expect.any(String), last_reviewed_time: null, source_proposed_example_id: null });
      await call("POST", byKey, { body: [{ ...key, start_time: "2026-10-02T00:00:00Z" }], expect: 404 });
      await call("POST", byKey, { body: [{ ...key, session_id: UNKNOWN_ID }], expect: 404 });
      await call("POST", byKey, { body: [{ run_id: runId }], expect: 422, request: "invalid" });
      const entryId = String(entry?.["id"]);
      const runs = `/api/v1/annotation-queues/${queue}/runs`;
      const status = `/api/v1/annotation-queues/status/${entryId}`;
      expect((await call("POST", status, { body: { status: "completed" }, expect: 200 })).body).toBeNull();
      expect((await call("GET", `${runs}?status=completed`, { expect: 200 })).body).toEqual([expect.objectContaining({ id: runId, last_reviewed_time: expect.any(String) })]);
      await call("POST", `/api/v1/annotation-queues/status/${UNKNOWN_ID}`, { body: { status: "completed" }, expect: 404 });
      await call("POST", status, { body: { override_added_at: "yesterday" }, expect: 422, request: "invalid" });
      const item = `/v1/platform/annotation-queues/items/${entryId}/status`;
      expect((await call("POST", item, { body: { status: null, override_added_at: "2026-01-01T00:00:00Z" }, expect: 200 })).body).toEqual({
        queue_item_id: entryId,
        status: null,
        override_added_at: "2026-01-01T00:00:00.000Z",
        is_archived: false,
      });
      expect((await call("GET", `${runs}?status=needs_my_review`, { expect: 200 })).body).toEqual([expect.objectContaining({ id: runId, added_at: "2026-01-01T00:00:00.000Z" })]);
      await call("POST", `/v1/platform/annotation-queues/items/${UNKNOWN_ID}/status`, { body: { status: "viewed" }, expect: 404 });
      await call("POST", item, { body: { status: "reviewed" }, expect: 400, request: "invalid" });
      await call("DELETE", `/api/v1/annotation-queues/${queue}`, { expect: 200 });
    });

    test("likes: like and unlike once per caller (200 with the count), 404 for an unknown prompt, 422 without like", async () => {
      await call("POST", "/api/v1/repos", { body: { repo_handle: "contract-liked", is_public: false }, expect: 200 });
      const likes = "/api/v1/likes/-/contract-liked";
      expect((await call("POST", likes, { body: { like: true }, expect: 200 })).body).toEqual({ likes: 1 });
      expect((await call("POST", likes, { body: { like: true }, expect: 200 })).body).toEqual({ likes: 1 });
      expect((await call("GET", "/api/v1/repos/-/contract-liked", { expect: 200 })).body).toMatchObject({ repo: { num_likes: 1 } });
      expect((await call("POST", likes, { body: { like: false }, expect: 200 })).body).toEqual({ likes: 0 });
      await call("POST", "/api/v1/likes/-/no-such-prompt", { body: { like: true }, expect: 404 });
      await call("POST", likes, { body: {}, expect: 422, request: "invalid" });
      await call("DELETE", "/api/v1/repos/-/contract-liked", { expect: 200 });
    });
  });
}
