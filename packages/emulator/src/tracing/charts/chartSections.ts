/**
 * Custom chart sections (`/api/v1/charts/section`): a workspace's custom
 * dashboard, the charts on it (`charts.ts`) and its layout. A section
 * with its charts is answered by the charts' list (`chartReads.ts`).
 *
 * What the service does that the contract cannot say (the emulator's choices
 * where nothing public says it):
 * - `index` orders the sections; a create that leaves it out gets the next
 *   free one (one more than the workspace's largest, 0 for the first).
 * - A `PATCH` may not set `title` or `index` to `null` (422: the update
 *   schema admits a value or the "missing" marker only); `description` and
 *   `layout` may be `null`. A layout names charts by id; each must be a chart
 *   of this section (404 otherwise).
 * - `DELETE` answers `{}` and deletes the section's charts with it.
 * - The list reads `ids`, `title_contains`, `sort_by` (`created_at`, the
 *   default, `modified_at`, `title`, `index`), `sort_by_desc` (default true),
 *   `offset` and `limit` (default 100, at most 100); `tag_value_id` changes
 *   nothing. Its objects carry `chart_count`; they and the create and update
 *   answers carry no `layout` (only a section read with its charts does).
 * - Permissions: `charts:read` to read; `charts:create`, `charts:update`,
 *   `charts:delete` to write.
 */
import { detailError } from "../../http/errors";
import type { KindRecord } from "../../core/types";
import { zCustomChartsSectionCreate, zCustomChartsSectionUpdate } from "../../wire/additions";
import { defineKind } from "../../kinds/declaration";
import type { KindCall } from "../../kinds/kindCall";
import { kindRecords } from "../../kinds/records";

type Json = Record<string, unknown>;

/** The state's name of the section kind. */
export const CHART_SECTIONS_KIND = "chartSections";

/** The state's name of the chart kind (declared in `charts.ts`, which refers to the sections). */
export const CHARTS_KIND = "charts";

/** The permissions every chart and section route needs. */
export const CHART_PERMISSIONS = { read: "charts:read", write: "charts:update", create: "charts:create", update: "charts:update", delete: "charts:delete" };

/** The next free `index` among `records` (one more than the largest, 0 for none). */
export function nextIndex(records: readonly KindRecord[]): number {
  const taken = records.map((r) => r.wire["index"]).filter((i): i is number => typeof i === "number");
  return taken.length === 0 ? 0 : Math.max(...taken) + 1;
}

/** The charts of a section, in their order. */
export function chartsOf(call: Pick<KindCall, "ctx" | "scopeId">, sectionId: string): KindRecord[] {
  return kindRecords(call.ctx, CHARTS_KIND)
    .filter((r) => r.scopeId === call.scopeId && r.wire["section_id"] === sectionId)
    .sort((a, b) => Number(a.wire["index"] ?? 0) - Number(b.wire["index"] ?? 0));
}

/** Refuses a layout that names a chart the section does not hold. */
function checkLayout(layout: unknown, sectionId: string, call: KindCall): void {
  if (layout === null || layout === undefined || typeof layout !== "object") return;
  const held = new Set(chartsOf(call, sectionId).map((r) => r.id));
  const breakpoints = ((layout as Json)["breakpoints"] ?? {}) as Record<string, { rows?: { items?: { chart_id?: string }[] }[] }>;
  for (const breakpoint of Object.values(breakpoints)) {
    for (const row of breakpoint.rows ?? []) {
      for (const item of row.items ?? []) {
        const id = String(item.chart_id ?? "").toLowerCase();
        if (!held.has(id)) throw detailError(404, `Chart ${id} not found in this section`);
      }
    }
  }
}

/** The custom chart section kind. */
export const CHART_SECTIONS = defineKind({
  name: CHART_SECTIONS_KIND,
  noun: "Section",
  scope: "workspace",
  collection: "/api/v1/charts/section",
  idParam: "section_id",
  permissions: CHART_PERMISSIONS,
  create: {
    schema: zCustomChartsSectionCreate,
    derive: (body, call) => ({
      description: body["description"] ?? null,
      index:
        typeof body["index"] === "number" ? body["index"] : nextIndex(kindRecords(call.ctx, CHART_SECTIONS_KIND).filter((r) => r.scopeId === call.scopeId)),
      layout: null,
      session_id: null,
    }),
  },
  get: false,
  patch: {
    schema: zCustomChartsSectionUpdate,
    notNull: ["title", "index"],
    derive: (changes, record, call) => {
      checkLayout(changes["layout"], record.id, call);
      return {};
    },
  },
  delete: { answer: "emptyObject" },
  timestamps: { created: "created_at", updated: "modified_at" },
  hidden: ["layout", "session_id"],
  render: (record, ctx) => ({ chart_count: kindRecords(ctx, CHARTS_KIND).filter((r) => r.wire["section_id"] === record.id).length }),
  listQuery: {
    ids: { type: "uuids", filters: "id" },
    title_contains: { type: "search", fields: ["title"] },
    sort_by: {
      type: "sortBy",
      fields: { created_at: ["created_at"], modified_at: ["modified_at"], title: ["title"], index: ["index"] },
      default: "created_at",
    },
    sort_by_desc: { type: "descending", default: true },
    offset: { type: "offset" },
    limit: { type: "limit", default: 100, max: 100 },
  },
});
