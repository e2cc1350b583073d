/**
 * The chart reads that take a time window in a `POST` body rather than a
 * query: one chart (`POST /api/v1/charts/{chart_id}`) and every section of
 * the workspace with its charts (`POST /api/v1/charts`).
 *
 * What the service does that the contract cannot say (the emulator's
 * choices): the emulator computes no metrics, so every chart's `data` is
 * `[]` whatever the window (`omit_data` or not); the body is checked
 * against its schema (422). A chart's read carries `common_filters` and no
 * `section_id` (a text block's, its `section_id`); the list answers
 * `{sections}`, by `index`, each with its charts by `index`, its `layout`
 * and `sub_sections: null`; `after_index` keeps the sections after that
 * index; `tag_value_id` changes nothing.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import type { KindRecord } from "../../core/types";
import { detailError } from "../../http/errors";
import { uuidPathParam } from "../../http/params";
import { parseBody } from "../../http/validation";
import { zCustomChartsRequest } from "../../wire/additions";
import { kindRecords } from "../../kinds/records";
import { authenticateFor } from "../../kinds/scopeAuth";
import { CHART_PERMISSIONS, CHART_SECTIONS_KIND, CHARTS_KIND, chartsOf } from "./chartSections";

type Json = Record<string, unknown>;

/** A chart as the reads answer it (`SingleCustomChartResponse`, or a text block): no section, no timestamps, no data computed. */
function chartAsRead(record: KindRecord, withSection: boolean): Json {
  const wire = record.wire;
  if (wire["chart_type"] === "text") {
    return {
      id: record.id,
      chart_type: "text",
      markdown: wire["markdown"],
      index: wire["index"],
      metadata: wire["metadata"] ?? null,
      ...(withSection ? { section_id: wire["section_id"] } : {}),
    };
  }
  return {
    data: [],
    id: record.id,
    title: wire["title"],
    description: wire["description"] ?? null,
    metadata: wire["metadata"] ?? null,
    index: wire["index"],
    chart_type: wire["chart_type"],
    series: wire["series"] ?? [],
    common_filters: wire["common_filters"] ?? null,
  };
}

/** A section with its charts (`CustomChartsSection`). */
function sectionAsRead(record: KindRecord, ctx: EmulatorContext): Json {
  const wire = record.wire;
  return {
    id: record.id,
    title: wire["title"],
    description: wire["description"] ?? null,
    index: wire["index"] ?? null,
    session_id: wire["session_id"] ?? null,
    charts: chartsOf({ ctx, scopeId: record.scopeId }, record.id).map((chart) => chartAsRead(chart, false)),
    sub_sections: null,
    layout: wire["layout"] ?? null,
  };
}

/** Registers `POST /api/v1/charts/:chart_id` (one chart) and `POST /api/v1/charts` (every section with its charts). */
export function registerChartReads(app: FastifyInstance, ctx: EmulatorContext): void {
  app.route({
    method: "POST",
    url: "/api/v1/charts/:chart_id",
    handler: async (request) => {
      const { scopeId } = authenticateFor(ctx, request, "workspace", CHART_PERMISSIONS.read);
      const id = uuidPathParam(request.params, "chart_id");
      parseBody(zCustomChartsRequest, request.body);
      const record = kindRecords(ctx, CHARTS_KIND).find((r) => r.id === id && r.scopeId === scopeId);
      if (record === undefined) throw detailError(404, "Chart not found");
      return chartAsRead(record, true);
    },
  });
  app.route({
    method: "POST",
    url: "/api/v1/charts",
    handler: async (request) => {
      const { scopeId } = authenticateFor(ctx, request, "workspace", CHART_PERMISSIONS.read);
      const body = parseBody(zCustomChartsRequest, request.body) as Json;
      const after = typeof body["after_index"] === "number" ? body["after_index"] : undefined;
      const sections = kindRecords(ctx, CHART_SECTIONS_KIND)
        .filter((r) => r.scopeId === scopeId && (after === undefined || Number(r.wire["index"] ?? 0) > after))
        .sort((a, b) => Number(a.wire["index"] ?? 0) - Number(b.wire["index"] ?? 0));
      return { sections: sections.map((section) => sectionAsRead(section, ctx)) };
    },
  });
}
