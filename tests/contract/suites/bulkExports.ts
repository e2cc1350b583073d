/**
 * Contract tier: the bulk-export (export job) operations under
 * `/api/v1/bulk-exports`, runs included.
 *
 * @packageDocumentation
 */
import { FAST_TIMINGS } from "../../../packages/emulator/src";
import { DESTINATIONS_PATH } from "../../../packages/emulator/src/exports/destinationRoutes";
import { destinationBody } from "./destinations";
import { type ContractEnv, eventually, type Json, UNKNOWN_ID } from "./env";

const EXPORTS = "/api/v1/bulk-exports";
const SESSION_ID = "5e55e55e-0000-4000-8000-000000000001";

/** Defines the bulk-export suite. */
export function describeBulkExports(env: ContractEnv): void {
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> =>
    env.harness.call(...args);

  async function destinationId(prefix: string): Promise<string> {
    const created = await call("POST", DESTINATIONS_PATH, { body: destinationBody(env, prefix), expect: 200 });
    return String((created.body as Json)["id"]);
  }

  function exportBody(destination: string): Json {
    return {
      bulk_export_destination_id: destination,
      session_id: SESSION_ID,
      start_time: "2026-01-01T00:00:00Z",
      end_time: "2026-01-02T00:00:00Z",
      compression: "zstandard",
      format_version: "v2_beta",
      export_fields: ["id", "name"],
      filter: null,
    };
  }

  describe("REST API: bulk exports", () => {
    test("POST: 200 with defaults; 422 outside the contract; 404 on another workspace's or unknown destination", async () => {
      const destination = await destinationId("contract-export");
      const created = await call("POST", EXPORTS, { body: exportBody(destination), expect: 200 });
      expect(created.body).toMatchObject({ format: "Parquet", compression: "zstandard", status: "Created", finished_at: null });
      await call("POST", EXPORTS, { body: { ...exportBody(destination), start_time: "yesterday" }, expect: 422, request: "invalid" });
      await call("POST", EXPORTS, { body: { session_id: SESSION_ID }, expect: 422, request: "invalid" });
      await call("POST", EXPORTS, { body: exportBody(UNKNOWN_ID), expect: 404 });
    });

    test("GET list, GET one (until Completed), runs by export, by source and by id", async () => {
      const created = await call("POST", EXPORTS, { body: exportBody(await destinationId("contract-runs")), expect: 200 });
      const id = String((created.body as Json)["id"]);
      const list = await call("GET", EXPORTS, { expect: 200 });
      expect((list.body as Json[]).map((b) => b["id"])).toContain(id);
      await eventually("the export to complete", async () => {
        const one = await call("GET", `${EXPORTS}/${id}`, { expect: 200 });
        return (one.body as Json)["status"] === "Completed";
      });
      await call("GET", `${EXPORTS}/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", `${EXPORTS}/not-a-uuid`, { expect: 422, request: "invalid" });

      const runs = await call("GET", `${EXPORTS}/${id}/runs`, { expect: 200 });
      const [run] = runs.body as Json[];
      expect(run).toMatchObject({ bulk_export_id: id, status: "Completed", metadata: { result: { rows_written: 0 } } });
      await call("GET", `${EXPORTS}/${UNKNOWN_ID}/runs`, { expect: 404 });
      await call("GET", `${EXPORTS}/nope/runs`, { expect: 422, request: "invalid" });

      const bySource = await call("GET", `${EXPORTS}/runs?source_bulk_export_id=${id}`, { expect: 200 });
      expect(bySource.body).toEqual([run]);
      await call("GET", `${EXPORTS}/runs`, { expect: 422, request: "invalid" });

      await call("GET", `${EXPORTS}/${id}/runs/${String(run?.["id"])}`, { expect: 200 });
      await call("GET", `${EXPORTS}/${id}/runs/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", `${EXPORTS}/${id}/runs/nope`, { expect: 422, request: "invalid" });
    });

    test("PATCH: 200 cancels a running export, 422 for another status, 404", async () => {
      env.emulator.control.setTimings({ stepDurationsMs: { BUILDING: 60_000 } });
      try {
        const created = await call("POST", EXPORTS, { body: exportBody(await destinationId("contract-cancel")), expect: 200 });
        const id = String((created.body as Json)["id"]);
        const cancelled = await call("PATCH", `${EXPORTS}/${id}`, { body: { status: "Cancelled" }, expect: 200 });
        expect(cancelled.body).toMatchObject({ status: "Cancelled", finished_at: expect.any(String) });
        const runs = await call("GET", `${EXPORTS}/${id}/runs`, { expect: 200 });
        expect((runs.body as Json[])[0]).toMatchObject({ status: "Cancelled" });
        await call("PATCH", `${EXPORTS}/${id}`, { body: { status: "Running" }, expect: 422, request: "invalid" });
        await call("PATCH", `${EXPORTS}/${UNKNOWN_ID}`, { body: {}, expect: 404 });
      } finally {
        env.emulator.control.setTimings({ stepDurationsMs: { BUILDING: FAST_TIMINGS.stepDurationsMs.BUILDING } });
      }
    });
  });
}
