/**
 * Custom charts (`POST /api/v1/charts/create`, `PATCH`/`DELETE
 * /api/v1/charts/{chart_id}`): a chart on a section (`chartSections.ts`),
 * its type and its series (each a metric of runs, of feedback or of a
 * deployment, with filters and a grouping), or a markdown text block
 * (`chart_type: "text"`). The reads that take a time window in a `POST` body
 * (one chart; every section with its charts) are `chartReads.ts`.
 *
 * What the service does that the contract cannot say (the emulator's choices
 * where nothing public says it):
 * - A chart's `section_id` must name a section of the workspace (404
 *   otherwise). A chart created with none lands on the workspace's first
 *   section (lowest `index`), or on a new section titled `Charts` when the
 *   workspace has none: the create answer always names one.
 * - `index` orders the charts of a section (0 to 100); a create that leaves
 *   it out gets the next free one (100 at most).
 * - Each series gets an `id` (kept when an update sends the series back
 *   with it), and every key it leaves out is answered as `null` (`group_by`'s
 *   `max_groups` as 5, its `set_by` as `series`).
 * - A `PATCH` may not set `title`, `index`, `chart_type`, `series`,
 *   `section_id` or `markdown` to `null` (422). A chart cannot become a text
 *   block nor a text block a chart (400).
 * - The create and update answers carry `section_id` and no
 *   `common_filters`; the reads carry `common_filters` and no `section_id`;
 *   none carries timestamps. `DELETE` answers `{}`; deleting a section
 *   deletes its charts.
 * - Permissions: `charts:read` to read; `charts:create`, `charts:update`,
 *   `charts:delete` to write.
 */
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { detailError } from "../../http/errors";
import { zCustomChartCreate, zCustomChartUpdate, zCustomTextBlockCreate } from "../../wire/additions";
import { defineKind } from "../../kinds/declaration";
import type { KindCall } from "../../kinds/kindCall";
import { kindRecords } from "../../kinds/records";
import { CHART_PERMISSIONS, CHART_SECTIONS_KIND, CHARTS_KIND, chartsOf, nextIndex } from "./chartSections";

type Json = Record<string, unknown>;

/** The keys of a series as the service answers it (`CustomChartSeries`), each `null` when not given. */
const SERIES_KEYS = [
  "name",
  "metadata",
  "filters",
  "metric",
  "project_metric",
  "feedback_key",
  "workspace_id",
  "metric_definition",
  "group_by_definitions",
  "filter_definition",
  "group_by",
] as const;

/** The series as stored: every key present, an id each (one the previous series had is kept). */
function storedSeries(series: unknown, previous: readonly Json[] = []): Json[] {
  const known = new Set(previous.map((item) => String(item["id"])));
  return (Array.isArray(series) ? (series as Json[]) : []).map((item) => {
    const groupBy = item["group_by"] as Json | null | undefined;
    const id = typeof item["id"] === "string" && known.has(item["id"].toLowerCase()) ? item["id"].toLowerCase() : randomUUID();
    return {
      ...Object.fromEntries(SERIES_KEYS.map((key) => [key, item[key] ?? null])),
      group_by: groupBy === null || groupBy === undefined ? null : { path: null, max_groups: 5, ...groupBy, set_by: "series" },
      id,
    };
  });
}

/** The section a chart created with none lands on: the workspace's first, or a new one titled `Charts`. */
function defaultSection(call: KindCall): string {
  const sections = kindRecords(call.ctx, CHART_SECTIONS_KIND).filter((r) => r.scopeId === call.scopeId);
  const first = [...sections].sort((a, b) => Number(a.wire["index"] ?? 0) - Number(b.wire["index"] ?? 0))[0];
  if (first !== undefined) return first.id;
  const id = randomUUID();
  const wire = { id, title: "Charts", description: null, index: 0, layout: null, session_id: null, created_at: call.nowIso, modified_at: call.nowIso };
  kindRecords(call.ctx, CHART_SECTIONS_KIND).push({ id, scopeId: call.scopeId, parentId: null, wire });
  return id;
}

/** The body of a create, as a chart or as a text block (by `chart_type`). */
const zChartOrText = z.union([zCustomTextBlockCreate, zCustomChartCreate]);

/** A chart (or text block) as the create and update answer it: its section, no `common_filters`. */
function writeAnswer(object: Json): Json {
  if (object["chart_type"] === "text") {
    const { id, chart_type, markdown, index, metadata, section_id } = object;
    return { id, chart_type, markdown, index, metadata: metadata ?? null, section_id };
  }
  const { common_filters: _left, markdown: _none, ...chart } = object;
  return chart;
}

/** The custom chart kind (text blocks included). */
export const CHARTS = defineKind({
  name: CHARTS_KIND,
  noun: "Chart",
  scope: "workspace",
  collection: "/api/v1/charts/create",
  idParam: "chart_id",
  paths: { item: "/api/v1/charts/:chart_id" },
  permissions: CHART_PERMISSIONS,
  create: {
    schema: zChartOrText,
    derive: (body, call) => {
      const sectionId = typeof body["section_id"] === "string" ? body["section_id"].toLowerCase() : defaultSection(call);
      const index = typeof body["index"] === "number" ? body["index"] : Math.min(100, nextIndex(chartsOf(call, sectionId)));
      if (body["chart_type"] === "text") return { section_id: sectionId, index, metadata: body["metadata"] ?? null };
      return {
        section_id: sectionId,
        index,
        description: body["description"] ?? null,
        metadata: body["metadata"] ?? null,
        common_filters: body["common_filters"] ?? null,
        series: storedSeries(body["series"]),
      };
    },
  },
  list: false,
  get: false,
  patch: {
    schema: zCustomChartUpdate,
    notNull: ["title", "index", "chart_type", "series", "section_id", "markdown"],
    derive: (changes, record) => {
      const wasText = record.wire["chart_type"] === "text";
      if (changes["chart_type"] !== undefined && (changes["chart_type"] === "text") !== wasText)
        throw detailError(400, wasText ? "A text block cannot become a chart" : "A chart cannot become a text block");
      return {
        ...(typeof changes["section_id"] === "string" ? { section_id: changes["section_id"].toLowerCase() } : {}),
        ...(changes["series"] === undefined ? {} : { series: storedSeries(changes["series"], (record.wire["series"] ?? []) as Json[]) }),
      };
    },
  },
  delete: { answer: "emptyObject" },
  timestamps: false,
  references: { section_id: { kind: CHART_SECTIONS_KIND, onDelete: "delete" } },
  answers: { create: writeAnswer, patch: writeAnswer },
});
