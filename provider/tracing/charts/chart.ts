/**
 * The Chart resource: a custom chart on a `ChartSection` (a line, bar,
 * table, KPI, top-k or pie chart of run, feedback or deployment metrics).
 * Every input changes in place, `sectionId` included (a move to another
 * section). The service's reads take a time window in a `POST` body: one
 * chart (`POST /charts/{id}`, answered without its section) and every
 * section with its charts (`POST /charts`), which refresh reads for the
 * chart's section. A markdown text block (`chart_type: "text"`) is not a
 * Chart: the listing leaves text blocks out and an import finds none.
 */
import type { LangSmithClient } from "../../client";
import { defineEndpoint } from "../../client/endpoint";
import { found } from "../../client/errors";
import { zCustomChartCreate, zCustomChartsRequest, zCustomChartUpdate } from "../../client/wire/additions.requests";
import {
  zPatchApiV1ChartsByChartIdResponse,
  zPostApiV1ChartsByChartIdResponse,
  zPostApiV1ChartsCreateResponse,
  zPostApiV1ChartsResponse,
} from "../../client/wire/additions.responses";
import { declareKind, settingsInScope, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import type { WireObject } from "../../engine/kind/hooks";
import { emptyMapAsUnset, exampleRef, importFields, unknownOr, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { isRecord } from "../../engine/fields/paths";
import { UUID_PATTERN, uuid } from "../../engine/fields/validators";
import type { ListedObject } from "../../engine/resource";
import {
  ChartFilters,
  ChartSeries,
  asTheProgramSetIt,
  filtersFromWire,
  filtersToWire,
  seriesFromWire,
  seriesToWire,
  withoutServiceDefaults,
} from "./chartSeries";
import { z } from "zod";

const ONE = "/charts/{id}";

/** `POST /api/v1/charts/create`, and `PATCH`/`DELETE /api/v1/charts/{chart_id}`; the reads are {@link READ_CHART} and {@link LIST_CHARTS}. */
export const CHART_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/charts/create", request: zCustomChartCreate, response: zPostApiV1ChartsCreateResponse }),
  update: defineEndpoint({ method: "PATCH", path: ONE, request: zCustomChartUpdate, response: zPatchApiV1ChartsByChartIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

/** `POST /api/v1/charts/{chart_id}`: one chart and its data over a time window (answered without its section). */
export const READ_CHART = defineEndpoint({ method: "POST", path: ONE, request: zCustomChartsRequest, response: zPostApiV1ChartsByChartIdResponse });

/** `POST /api/v1/charts`: every section of the workspace with its charts (`{sections: [{id, charts: [...]}]}`), over a time window. */
export const LIST_CHARTS = defineEndpoint({ method: "POST", path: "/charts", request: zCustomChartsRequest, response: zPostApiV1ChartsResponse });

/** The chart types a Chart may be (a text block, `text`, is not a Chart). */
export const CHART_TYPES = ["line", "bar", "table", "kpi", "top-k", "pie"] as const;

/** Length of the time window the reads ask for, in milliseconds: one minute, with `omit_data`, so the service computes nothing. */
const READ_WINDOW_MS = 60_000;

/** The body of every read: the last minute, no data. */
function readBody(): { omit_data: boolean; start_time: string; end_time: string } {
  const now = Date.now();
  return { omit_data: true, start_time: new Date(now - READ_WINDOW_MS).toISOString(), end_time: new Date(now).toISOString() };
}

const KIND = "chart";

/** Every input field of a Chart. */
export const CHART_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "sectionId",
    wire: "section_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "The `ChartSection` the chart is on; another section moves it there in place.",
    schema: unknownOr(uuid("sectionId")),
    reason: "sectionId is required: set it to a ChartSection's id",
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: exampleRef("langsmith:index:ChartSection"), changed: exampleRef("langsmith:index:ChartSection", { other: true }) },
  },
  {
    path: "title",
    wire: "title",
    refresh: "always",
    type: "string",
    doc: "The chart's title.",
    schema: z.string().trim().min(1),
    reason: 'title is required, e.g. "p50 latency"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "matrix latency", changed: "matrix latency v2" },
  },
  {
    path: "description",
    wire: "description",
    type: "string",
    doc: "What the chart shows; default none.",
    schema: z.string(),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "declared by the conformance matrix", changed: "changed by the conformance matrix" },
  },
  {
    path: "index",
    wire: "index",
    serviceDefault: true,
    type: "integer, 0 to 100",
    doc: "The chart's place on its section (lower first). Unset, the service gives the next free place, and the state records it; it cannot be unset again.",
    schema: z.number().int().min(0).max(100),
    required: false,
    defaultDoc: "the service's (the next free place)",
    effect: "inPlace",
    secret: false,
    example: { value: 3, changed: 4 },
  },
  {
    path: "chartType",
    wire: "chart_type",
    refresh: "always",
    type: CHART_TYPES.map((type) => `\`${type}\``).join(" \\| "),
    doc: "How the series are drawn.",
    schema: z.enum(CHART_TYPES),
    reason: `chartType is required: one of ${CHART_TYPES.join(", ")}`,
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "line", changed: "bar" },
  },
  {
    path: "series",
    wire: "series",
    refresh: "always",
    toWire: seriesToWire,
    fromWire: seriesFromWire,
    type: "list of series, at least 1",
    doc: "What the chart draws, one line (or bar, ...) each: a run metric (`metric`), a deployment metric (`projectMetric`) or a `metricDefinition`, over the runs its `filters` select, optionally grouped. Refresh compares what the program sets: the ids and defaults the service adds are no drift.",
    schema: z.array(ChartSeries).min(1),
    required: true,
    effect: "inPlace",
    secret: false,
    example: {
      value: [{ name: "p50", metric: "latency_p50", filters: { filter: "eq(is_root, true)" } }],
      changed: [
        { name: "p99", metric: "latency_p99" },
        { name: "errors", metric: "error_rate", groupBy: { attribute: "run_type" } },
      ],
    },
  },
  {
    path: "metadata",
    wire: "metadata",
    fromWire: emptyMapAsUnset,
    type: "map of any",
    doc: "Your own data about the chart (the LangSmith UI keeps display settings here).",
    schema: z.record(z.string(), z.unknown()),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: { team: "platform" }, changed: { team: "platform", tier: 2 } },
  },
  {
    path: "commonFilters",
    wire: "common_filters",
    toWire: filtersToWire,
    fromWire: filtersFromWire,
    type: "filters",
    doc: "Filters every series applies on top of its own; default none.",
    schema: ChartFilters,
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: { filter: "eq(is_root, true)" }, changed: { filter: 'eq(run_type, "llm")' } },
  },
] as const satisfies FieldTable;

/** A Chart's checked inputs. */
export type ChartInputs = InputsOf<typeof CHART_FIELDS>;

/** Every section of the workspace with its charts, as the list answers it. */
async function chartSections(client: LangSmithClient, action: string): Promise<z.output<typeof zPostApiV1ChartsResponse>["sections"]> {
  const answer = (await client.resources.send(LIST_CHARTS, { action, body: readBody() })) as z.output<typeof zPostApiV1ChartsResponse>;
  return answer.sections;
}

/** The section the list shows the chart on; `undefined` when it shows it on none. */
async function sectionOf(client: LangSmithClient, id: string, action: string): Promise<string | undefined> {
  const sections = await chartSections(client, `${action}: finding its section`);
  return sections.find((section) => section.charts.some((chart) => String(chart.id).toLowerCase() === id.toLowerCase()))?.id;
}

/** The Chart, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:Chart",
  listing: {
    filters: { sectionId: { type: "uuid", output: "sectionId", doc: "Only the charts on this section." } },
  },
  kind: KIND,
  description:
    "A custom chart of a LangSmith workspace, on a `ChartSection` (a dashboard): its type (line, bar, table, KPI, top-k, pie) and its series, each a run, feedback or deployment metric over filtered runs. " +
    "Every input changes in place, `sectionId` included. Refresh compares what the program sets of each series (the ids and defaults the service adds are no drift). Import by id.",
  scope: "workspace",
  fields: CHART_FIELDS,
  nameField: "title",
  endpoints: CHART_ENDPOINTS,
  contractBodies: {
    requests: [zCustomChartCreate, zCustomChartUpdate],
    responses: [zPostApiV1ChartsCreateResponse, zPostApiV1ChartsByChartIdResponse],
  },
  hooks: {
    read: {
      /** The chart's read (a 404: gone; a text block: not a Chart), with its section from the list. */
      async fetch({ purpose, id, client }) {
        if (!UUID_PATTERN.test(id)) return undefined;
        const action = `${purpose === "refresh" ? "reading" : "importing"} ${KIND} "${id}"`;
        const chart = (await found(client.resources.send(READ_CHART, { action, params: { id }, body: readBody() }))) as WireObject | undefined;
        if (chart === undefined || chart["chart_type"] === "text") return undefined;
        const sectionId = await sectionOf(client, id, action);
        return sectionId === undefined ? chart : { ...chart, section_id: sectionId };
      },
      /** The series as the program set them: the keys and ids the service adds are not recorded. */
      refreshed({ props }, wire, outputs) {
        const read = seriesFromWire(wire["series"]);
        return read === undefined ? outputs : { ...outputs, series: asTheProgramSetIt(read, props["series"]) };
      },
    },
    /** Every chart of the workspace's sections (text blocks left out), read from one list answer; a series lists what differs from the service's defaults. */
    async list(context, scope) {
      const action = `listing ${KIND}s`;
      const props = scope.workspaceId !== undefined ? { workspaceId: scope.workspaceId } : {};
      const settings = settingsInScope(context, "workspace", action, props);
      const client = await context.client(settings);
      const tenantId = settings.client.workspaceId;
      const listed: ListedObject[] = [];
      for (const section of await chartSections(client, action)) {
        for (const chart of section.charts) {
          if (!isRecord(chart) || chart["chart_type"] === "text") continue;
          const id = String(chart["id"]);
          const wire = { ...chart, section_id: section.id };
          const fields = importFields(CHART_FIELDS, wire);
          const outputs = {
            ...fields,
            series: withoutServiceDefaults(fields["series"]),
            index: chart["index"],
            ...(scope.workspaceId !== undefined ? { workspaceId: scope.workspaceId } : {}),
            ...(tenantId !== undefined ? { tenantId } : {}),
          };
          listed.push({ importId: scope.workspaceId !== undefined ? `${scope.workspaceId}/${id}` : id, id, name: String(chart["title"]), wire, outputs });
        }
      }
      return listed;
    },
  },
});
