/**
 * A chart's series and filters: their validators (camel-cased keys in the
 * inputs), their wire form (snake-cased, as `CustomChartSeriesCreate` and
 * `CustomChartSeriesFilters` have them) and back, and what a refresh
 * compares. The service answers each series with an `id` of its own and
 * every key the program left out (as `null`, or its default, e.g. a
 * grouping's `max_groups`): a refresh keeps only what the program set, so
 * those are no drift, while a changed value is.
 */
import { z } from "zod";
import { isRecord } from "../../engine/fields/paths";
import { unknownOr } from "../../engine/fields/fields";
import { uuid } from "../../engine/fields/validators";
import { renameKeys, reversedNames, type WireKeyNames } from "../../engine/fields/wireKeys";

/** The run metrics a series may chart (`CustomChartMetric`). */
export const CHART_METRICS = [
  "run_count",
  "latency_p50",
  "latency_p99",
  "latency_avg",
  "first_token_p50",
  "first_token_p99",
  "total_tokens",
  "prompt_tokens",
  "completion_tokens",
  "median_tokens",
  "completion_tokens_p50",
  "prompt_tokens_p50",
  "tokens_p99",
  "completion_tokens_p99",
  "prompt_tokens_p99",
  "feedback",
  "feedback_score_avg",
  "feedback_values",
  "total_cost",
  "prompt_cost",
  "completion_cost",
  "error_rate",
  "streaming_rate",
  "cost_p50",
  "cost_p99",
] as const;

/** The deployment metrics a series may chart (`HostProjectChartMetric`). */
export const CHART_PROJECT_METRICS = [
  "memory_usage",
  "cpu_usage",
  "disk_usage",
  "restart_count",
  "replica_count",
  "worker_count",
  "lg_run_count",
  "responses_per_second",
  "error_responses_per_second",
  "p95_latency",
  "run_queue_wait_time",
] as const;

/** Wire key of each key of a filter set (`CustomChartSeriesFilters`). */
export const FILTER_KEYS: WireKeyNames = { filter: "filter", traceFilter: "trace_filter", treeFilter: "tree_filter", session: "session" };

/** Wire key of each key of a series' grouping (`RunStatsGroupBy`). */
const GROUP_BY_KEYS: WireKeyNames = { attribute: "attribute", path: "path", maxGroups: "max_groups" };

/** Wire key of each key of a series (`CustomChartSeriesCreate`); the three definitions are passed as the service takes them. */
const SERIES_KEYS: WireKeyNames = {
  name: "name",
  metric: "metric",
  projectMetric: "project_metric",
  feedbackKey: "feedback_key",
  workspaceId: "workspace_id",
  metadata: "metadata",
  filters: "filters",
  groupBy: "group_by",
  metricDefinition: "metric_definition",
  groupByDefinitions: "group_by_definitions",
  filterDefinition: "filter_definition",
};

/** A JSON object passed to the service as it is (snake_case keys, as the service's schema has them). */
const jsonObject = z.record(z.string(), z.unknown());

/** The runs a series (or a whole chart, `commonFilters`) counts: filters in LangSmith's filter language, and projects. */
export const ChartFilters = z.strictObject({
  filter: z.string().optional().describe("Which runs count (LangSmith's filter language), e.g. `eq(is_root, true)`."),
  traceFilter: z.string().optional().describe("Which traces count, by their root run (filter language)."),
  treeFilter: z.string().optional().describe("Which traces count, by any run in them (filter language)."),
  session: z
    .array(unknownOr(uuid("session[]")))
    .optional()
    .describe("The projects (their ids) whose runs count; default the workspace's."),
});

/** One series of a chart. */
export const ChartSeries = z.strictObject({
  name: z.string().trim().min(1).describe("The series' name, shown in the legend."),
  metric: z.enum(CHART_METRICS).optional().describe("The run metric charted, e.g. `latency_p50`, `error_rate`, `feedback_score_avg`."),
  projectMetric: z.enum(CHART_PROJECT_METRICS).optional().describe("The deployment metric charted, e.g. `cpu_usage`, `p95_latency`."),
  feedbackKey: z.string().min(1).optional().describe("The feedback key a feedback metric reads."),
  workspaceId: unknownOr(uuid("workspaceId")).optional().describe("The workspace whose runs the series reads; default the chart's."),
  metadata: jsonObject.optional().describe("Your own data about the series."),
  filters: ChartFilters.optional().describe("Which runs the series counts."),
  groupBy: z
    .strictObject({
      attribute: z.enum(["name", "run_type", "tag", "metadata"]).describe("What the runs are grouped by."),
      path: z.string().min(1).optional().describe("For `metadata`: the metadata key."),
      maxGroups: z.number().int().min(1).optional().describe("Most groups shown; default the service's (5)."),
    })
    .optional()
    .describe("Splits the series into one line per group."),
  metricDefinition: jsonObject
    .optional()
    .describe(
      'A metric beyond `metric`, as the service takes it (snake_case): a count, a scalar (`sum`, `avg`, ...) or percentile of a field, or a ratio of two, of runs or of feedback, e.g. `{type: "percentile", field: "latency_seconds", params: {p: 0.95}}`.',
    ),
  groupByDefinitions: z
    .array(jsonObject)
    .optional()
    .describe('Groupings beyond `groupBy`, as the service takes them, e.g. `[{attribute: "metadata", path: "env"}]`.'),
  filterDefinition: jsonObject
    .optional()
    .describe('The source of the runs, as the service takes it: tracing projects (`{source_type: "tracing_project", project_ids: [...]}`) or datasets.'),
});

type Json = Record<string, unknown>;

/** A value with every `null` left out, at any depth (the service's way of answering a key not given). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (!isRecord(value)) return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, item]) => (item === null ? [] : [[key, withoutNulls(item)]])));
}

/** A filter set in its wire form, or back (unset when it holds nothing). */
export const filtersToWire = (value: unknown): unknown => (isRecord(value) ? renameKeys(value, FILTER_KEYS) : value);
export const filtersFromWire = (value: unknown): unknown => {
  if (!isRecord(value)) return undefined;
  const input = renameKeys(value, reversedNames(FILTER_KEYS));
  return Object.keys(input).length > 0 ? input : undefined;
};

/** The series in their wire form. */
export function seriesToWire(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  return value.map((item) => {
    if (!isRecord(item)) return item;
    const wire: Json = renameKeys(item, SERIES_KEYS);
    if (isRecord(wire["filters"])) wire["filters"] = filtersToWire(wire["filters"]);
    if (isRecord(wire["group_by"])) wire["group_by"] = renameKeys(wire["group_by"], GROUP_BY_KEYS);
    return wire;
  });
}

/** The series as the service answers them, in the inputs' form: no `id`, no key answered as `null`. */
export function seriesFromWire(value: unknown): unknown {
  if (!Array.isArray(value)) return undefined;
  return value.map((item) => {
    if (!isRecord(item)) return item;
    const input: Json = renameKeys(withoutNulls(item) as Json, reversedNames(SERIES_KEYS));
    const filters = filtersFromWire(input["filters"]);
    if (filters === undefined) delete input["filters"];
    else input["filters"] = filters;
    if (isRecord(input["groupBy"])) input["groupBy"] = renameKeys(input["groupBy"], reversedNames(GROUP_BY_KEYS));
    return input;
  });
}

/** The most groups a series' grouping shows when the program sets none (the service's default). */
export const DEFAULT_MAX_GROUPS = 5;

/**
 * Listed series (in the inputs' form) without the values the service fills
 * in when a program sets none (a grouping's `maxGroups` of
 * {@link DEFAULT_MAX_GROUPS}), so a listed chart reads as a program would
 * declare it. A refresh does not use it: it keeps what the program set.
 */
export function withoutServiceDefaults(series: unknown): unknown {
  if (!Array.isArray(series)) return series;
  return series.map((item) => {
    if (!isRecord(item) || !isRecord(item["groupBy"]) || item["groupBy"]["maxGroups"] !== DEFAULT_MAX_GROUPS) return item;
    const { maxGroups: _default, ...groupBy } = item["groupBy"];
    return { ...item, groupBy };
  });
}

/**
 * What a refresh records of a value the service completes: at each depth,
 * the keys the program's value holds (a key the service added, or filled
 * with its default, is left out); list items past the program's are kept
 * whole (a series added elsewhere is drift), as is every value of another
 * shape than the program's.
 */
export function asTheProgramSetIt(read: unknown, program: unknown): unknown {
  if (Array.isArray(read) && Array.isArray(program)) return read.map((item, i) => (i < program.length ? asTheProgramSetIt(item, program[i]) : item));
  if (!isRecord(read) || !isRecord(program)) return read;
  return Object.fromEntries(
    Object.keys(program)
      .filter((key) => read[key] !== undefined)
      .map((key) => [key, asTheProgramSetIt(read[key], program[key])]),
  );
}
