/**
 * Contract tier: the additions of the tracing area's dashboards (issue 46)
 * the emulator serves: custom chart sections, charts (and text blocks) and a
 * project's filter views, each operation with its declared answers, 400s
 * and 404s.
 *
 * @packageDocumentation
 */
import { type ContractEnv, type Json, UNKNOWN_ID } from "./env";

/** Defines the charts and filter views suite. */
export function describeChartAdditions(env: ContractEnv): void {
  const call = (...args: Parameters<ContractEnv["harness"]["call"]>): ReturnType<ContractEnv["harness"]["call"]> => env.harness.call(...args);

  describe("additions: charts and filter views", () => {
    test("chart sections: create (the next free index when none), list (ids, title_contains, the chart count; 422 on a bad limit), change (null title or index 422; 404), delete ({}; 404; 422 for a malformed id)", async () => {
      const sections = "/api/v1/charts/section";
      const first = (await call("POST", sections, { body: { title: "contract dashboard", description: "d" }, expect: 200 })).body as Json;
      const second = (await call("POST", sections, { body: { title: "contract costs", index: 9 }, expect: 200 })).body as Json;
      expect(first).toMatchObject({ title: "contract dashboard", description: "d", index: expect.any(Number), chart_count: 0 });
      expect(second["index"]).toBe(9);
      await call("POST", sections, { body: { description: "no title" }, expect: 422, request: "invalid" });
      const byId = (await call("GET", `${sections}?ids=${String(first["id"])}`, { expect: 200 })).body as Json[];
      expect(byId.map((s) => s["id"])).toEqual([first["id"]]);
      const byTitle = (await call("GET", `${sections}?title_contains=COSTS&limit=10&offset=0`, { expect: 200 })).body as Json[];
      expect(byTitle.map((s) => s["id"])).toEqual([second["id"]]);
      await call("GET", `${sections}?limit=0`, { expect: 422, request: "invalid" });
      const changed = (await call("PATCH", `${sections}/${String(first["id"])}`, { body: { title: "contract dashboard v2", description: null, index: 4 }, expect: 200 })).body as Json;
      expect(changed).toMatchObject({ title: "contract dashboard v2", description: null, index: 4 });
      await call("PATCH", `${sections}/${String(first["id"])}`, { body: { title: null }, expect: 422, request: "invalid" });
      await call("PATCH", `${sections}/${UNKNOWN_ID}`, { body: { title: "x" }, expect: 404 });
      expect((await call("DELETE", `${sections}/${String(first["id"])}`, { expect: 200 })).body).toEqual({});
      await call("DELETE", `${sections}/${String(first["id"])}`, { expect: 404 });
      await call("DELETE", `${sections}/not-a-uuid`, { expect: 422, request: "invalid" });
      await call("DELETE", `${sections}/${String(second["id"])}`, { expect: 200 });
    });

    test("charts: create a chart and a text block (series ids and null-filled keys; 404 for a section not the workspace's; 422 malformed), read one (data, no section; 404), list the sections with their charts, change (null title 422; a chart into a text block 400; 404), delete ({}; 404; 422); deleting a section deletes its charts", async () => {
      const section = (await call("POST", "/api/v1/charts/section", { body: { title: "contract charts" }, expect: 200 })).body as Json;
      const sectionId = String(section["id"]);
      const created = (
        await call("POST", "/api/v1/charts/create", {
          body: { title: "contract latency", chart_type: "line", section_id: sectionId, series: [{ name: "p50", metric: "latency_p50", group_by: { attribute: "tag" } }] },
          expect: 200,
        })
      ).body as Json;
      const id = String(created["id"]);
      expect(created).toMatchObject({ section_id: sectionId, index: 0, chart_type: "line" });
      expect((created["series"] as Json[])[0]).toMatchObject({ id: expect.any(String), name: "p50", project_metric: null, group_by: { attribute: "tag", max_groups: 5 } });
      const text = (await call("POST", "/api/v1/charts/create", { body: { chart_type: "text", section_id: sectionId, markdown: "# notes" }, expect: 200 })).body as Json;
      expect(text).toMatchObject({ chart_type: "text", markdown: "# notes", section_id: sectionId, index: 1 });
      await call("POST", "/api/v1/charts/create", { body: { title: "orphan", chart_type: "bar", section_id: UNKNOWN_ID, series: [] }, expect: 404 });
      await call("POST", "/api/v1/charts/create", { body: { title: "no series", chart_type: "bar" }, expect: 422, request: "invalid" });
      const read = (await call("POST", `/api/v1/charts/${id}`, { body: { omit_data: true, start_time: "2026-01-01T00:00:00Z", end_time: "2026-01-01T00:01:00Z" }, expect: 200 })).body as Json;
      expect(read).toMatchObject({ id, data: [], title: "contract latency", common_filters: null });
      expect(read["section_id"]).toBeUndefined();
      await call("POST", `/api/v1/charts/${UNKNOWN_ID}`, { body: {}, expect: 404 });
      await call("POST", "/api/v1/charts/not-a-uuid", { body: {}, expect: 422, request: "invalid" });
      const listed = ((await call("POST", "/api/v1/charts", { body: { omit_data: true }, expect: 200 })).body as Json)["sections"] as Json[];
      const mine = listed.find((s) => s["id"] === sectionId);
      expect(((mine?.["charts"] ?? []) as Json[]).map((c) => c["id"])).toEqual([id, text["id"]]);
      await call("POST", "/api/v1/charts", { body: { after_index: "first" }, expect: 422, request: "invalid" });
      const changed = (await call("PATCH", `/api/v1/charts/${id}`, { body: { title: "contract latency v2", common_filters: { filter: "eq(is_root, true)" } }, expect: 200 })).body as Json;
      expect(changed).toMatchObject({ id, title: "contract latency v2", section_id: sectionId });
      await call("PATCH", `/api/v1/charts/${id}`, { body: { title: null }, expect: 422, request: "invalid" });
      await call("PATCH", `/api/v1/charts/${id}`, { body: { chart_type: "text" }, expect: 400 });
      await call("PATCH", `/api/v1/charts/${UNKNOWN_ID}`, { body: { title: "x" }, expect: 404 });
      expect((await call("DELETE", `/api/v1/charts/${id}`, { expect: 200 })).body).toEqual({});
      await call("DELETE", `/api/v1/charts/${id}`, { expect: 404 });
      await call("DELETE", "/api/v1/charts/not-a-uuid", { expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/charts/section/${sectionId}`, { expect: 200 });
      await call("POST", `/api/v1/charts/${String(text["id"])}`, { body: {}, expect: 404 });
    });

    test("filter views: create (defaults; 404 for a project not the workspace's; 400 for a filter that does not parse; 422 malformed), get (404; 422), list (by type; 404), change (null display name left, null filter cleared; 400; 404; 422), delete ({}; 404; 422)", async () => {
      const project = (await call("POST", "/api/v1/sessions", { body: { name: "contract views" }, expect: 200 })).body as Json;
      const views = `/api/v1/sessions/${String(project["id"])}/views`;
      const created = (await call("POST", views, { body: { display_name: "errors", filter_string: "eq(error, true)" }, expect: 200 })).body as Json;
      const id = String(created["id"]);
      expect(created).toMatchObject({ display_name: "errors", type: "runs", syntax_version: 1, filter_string: "eq(error, true)", description: null, session_id: project["id"] });
      await call("POST", `/api/v1/sessions/${UNKNOWN_ID}/views`, { body: { display_name: "orphan" }, expect: 404 });
      await call("POST", views, { body: { display_name: "broken", filter_string: "eq(error" }, expect: 400 });
      await call("POST", views, { body: { filter_string: "eq(error, true)" }, expect: 422, request: "invalid" });
      expect((await call("GET", `${views}/${id}`, { expect: 200 })).body).toMatchObject({ id, display_name: "errors" });
      await call("GET", `${views}/${UNKNOWN_ID}`, { expect: 404 });
      await call("GET", `${views}/not-a-uuid`, { expect: 422, request: "invalid" });
      await call("POST", views, { body: { display_name: "threads", type: "threads", thread_filter_string: "gt(latency, 5)" }, expect: 200 });
      const threads = (await call("GET", `${views}?type=threads`, { expect: 200 })).body as Json[];
      expect(threads.map((v) => v["display_name"])).toEqual(["threads"]);
      await call("GET", `/api/v1/sessions/${UNKNOWN_ID}/views`, { expect: 404 });
      await call("GET", `${views}?type=traces`, { expect: 422, request: "invalid" });
      const changed = (await call("PATCH", `${views}/${id}`, { body: { display_name: null, filter_string: null, duration: "7d" }, expect: 200 })).body as Json;
      expect(changed).toMatchObject({ display_name: "errors", filter_string: null, duration: "7d" });
      await call("PATCH", `${views}/${id}`, { body: { tree_filter_string: "has(" }, expect: 400 });
      await call("PATCH", `${views}/${UNKNOWN_ID}`, { body: { description: "x" }, expect: 404 });
      await call("PATCH", `${views}/${id}`, { body: { syntax_version: 3 }, expect: 422, request: "invalid" });
      expect((await call("DELETE", `${views}/${id}`, { expect: 200 })).body).toEqual({});
      await call("DELETE", `${views}/${id}`, { expect: 404 });
      await call("DELETE", `${views}/not-a-uuid`, { expect: 422, request: "invalid" });
      await call("DELETE", `/api/v1/sessions/${String(project["id"])}`, { expect: 200 });
    });
  });
}
