/**
 * Alert rules of a tracing project (`/v1/platform/alerts/{session_id}`,
 * served by one of the service's Go services: a malformed request is a 400
 * and errors are `{"error": "..."}`): a metric of the project's runs over a
 * window, a condition, and the targets notified when it holds. Alerts are
 * project-scoped: an alert is read, changed and deleted only under its own
 * project (`/v1/platform/alerts/{session_id}/{alert_rule_id}`), and goes with
 * the project.
 *
 * What the service does that the contract cannot say:
 * - The project must be one of the workspace's (404 otherwise; a malformed id
 *   is a 400).
 * - The rule: `attribute` is the metric (`error_count`, `latency`,
 *   `run_latency`, `feedback_score`, `run_count`, `total_cost`),
 *   `aggregation` how runs of the window combine (`avg`, `sum`, `pct`: the
 *   share of the runs `denominator_filter` selects), `window_minutes` the
 *   window (1 to 60), `operator` and `threshold` the condition of a
 *   `threshold` rule (400 without a threshold); a `change` rule compares the
 *   window with the previous `threshold_window_minutes` by
 *   `threshold_multiplier` (400 without a multiplier). `filter` and
 *   `denominator_filter` are LangSmith's filter language (400 when they do
 *   not parse).
 * - The actions: `webhook` (`config.url`, http or https, 400 otherwise;
 *   optional `headers` and `body`), `pagerduty` (`config.integration_key`
 *   required, optional `severity`) and `dynatrace`. Their secrets are kept
 *   encrypted and answered masked (`****`): every header value, and every
 *   config value whose key ends in key, token, secret, password or
 *   authorization. A masked value sent back (by action `id`, else position)
 *   keeps the stored secret.
 * - The create answers 201 with the rule and its actions, each with its id;
 *   the answers fill every field the Go service's structs hold (`""`, `0`).
 * - `PATCH` takes the whole alert (`rule` and `actions`) and answers `{}`, as
 *   does `DELETE`: the contract's schema of those answers admits only an
 *   empty object. Actions sent with the `id` of one of the alert's actions
 *   keep it; others get new ids.
 * - The emulator computes no metrics: no alert fires.
 * - Reading needs `alerts:read`; creating `alerts:create`, changing
 *   `alerts:update`, deleting `alerts:delete` (403 naming the missing one).
 */
import { randomUUID } from "node:crypto";
import { detailError } from "../http/errors";
import type { KindRecord } from "../core/types";
import { zAlertsCreateAlertRuleRequest, zAlertsUpdateAlertRuleRequest } from "../wire/tracingAndEvaluation";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import { kindRecords } from "../kinds/records";
import { RULE_TARGET_KINDS } from "./runRules";
import { runFilterProblem } from "./runFilter";
import { SEALED_FIELD, sealSecretValues } from "../kinds/sealedValues";

type Json = Record<string, unknown>;

/** Go's zero values of the rule fields the request may leave out. */
const RULE_ZERO: Json = { denominator_filter: "", filter: "", threshold: 0, threshold_multiplier: 0, threshold_window_minutes: 0, session_name: "" };

function checkAlert(rule: Json, actions: readonly Json[]): void {
  if (rule["type"] === "threshold" && typeof rule["threshold"] !== "number") throw detailError(400, "a threshold rule needs a threshold");
  if (rule["type"] === "change" && typeof rule["threshold_multiplier"] !== "number") throw detailError(400, "a change rule needs a threshold_multiplier");
  for (const field of ["filter", "denominator_filter"]) {
    const filter = rule[field];
    if (typeof filter !== "string" || filter.trim() === "") continue;
    const problem = runFilterProblem(filter);
    if (problem !== undefined) throw detailError(400, `rule.${field} is not a valid filter: ${problem}`);
  }
  actions.forEach((action, i) => {
    const config = (action["config"] ?? {}) as Json;
    if (action["target"] === "webhook" && !/^https?:\/\/\S+$/i.test(String(config["url"])))
      throw detailError(400, `actions[${i}]: a webhook needs config.url, an http or https URL`);
    if (action["target"] === "pagerduty" && (typeof config["integration_key"] !== "string" || config["integration_key"] === "")) {
      throw detailError(400, `actions[${i}]: a PagerDuty action needs config.integration_key`);
    }
  });
}

/** The stored fields of an alert's rule and actions: checked, action ids kept or made, secrets sealed. */
function storedAlert(body: Json, call: KindCall, previous?: KindRecord): Json {
  const rule = body["rule"] as Json;
  const actions = body["actions"] as Json[];
  checkAlert(rule, actions);
  const before = ((previous?.wire["actions"] ?? []) as Json[]).map((a) => String(a["id"]));
  const ids = actions.map((a) => (typeof a["id"] === "string" && before.includes(a["id"]) ? a["id"] : randomUUID()));
  const sealed: Record<string, string> = {};
  const kept = (previous?.wire[SEALED_FIELD] ?? {}) as Record<string, string>;
  // A masked value is found by the action's id when it kept one, else by position.
  const previousPath = (path: string): string => {
    const [, index, ...rest] = path.split(".");
    const at = before.indexOf(ids[Number(index)] ?? "");
    return ["actions", String(at >= 0 ? at : index), ...rest].join(".");
  };
  const sealedActions = actions.map((action, i) => ({
    ...action,
    id: ids[i],
    config: sealSecretValues(call.ctx, action["config"], `actions.${i}.config`, sealed, kept, previousPath),
  }));
  const { id: _ignored, ...ruleFields } = rule;
  return { rule: ruleFields, actions: sealedActions, [SEALED_FIELD]: sealed };
}

function renderAlert(record: KindRecord, ctx: KindCall["ctx"]): Json {
  const sessionId = String(record.wire["session_id"]);
  const stamps = { created_at: record.wire["created_at"], updated_at: record.wire["updated_at"] };
  const name = kindRecords(ctx, RULE_TARGET_KINDS.project).find((p) => p.id === sessionId)?.wire["name"];
  return {
    rule: {
      ...RULE_ZERO,
      ...(record.wire["rule"] as Json),
      id: record.id,
      session_id: sessionId,
      session_name: typeof name === "string" ? name : "",
      ...stamps,
    },
    actions: ((record.wire["actions"] ?? []) as Json[]).map((action) => ({ ...action, alert_rule_id: record.id, ...stamps })),
  };
}

/** The alert rule kind. */
export const ALERT_RULES = defineKind({
  name: "alertRules",
  noun: "Alert rule",
  scope: "workspace",
  collection: "/v1/platform/alerts/:session_id",
  idParam: "alert_rule_id",
  parent: { param: "session_id", kind: RULE_TARGET_KINDS.project },
  errors: "go",
  permissions: { read: "alerts:read", write: "alerts:update", create: "alerts:create", update: "alerts:update", delete: "alerts:delete" },
  create: {
    schema: zAlertsCreateAlertRuleRequest,
    status: 201,
    derive: (body, call) => ({ ...storedAlert(body, call), session_id: call.parentId }),
  },
  list: false,
  get: true,
  patch: {
    schema: zAlertsUpdateAlertRuleRequest,
    derive: (changes, record, call) =>
      storedAlert({ rule: changes["rule"] ?? record.wire["rule"], actions: changes["actions"] ?? record.wire["actions"] }, call, record),
  },
  delete: { answer: "emptyObject" },
  hidden: ["id", "session_id", "created_at", "updated_at", SEALED_FIELD],
  render: renderAlert,
  answers: { patch: () => ({}) },
});
