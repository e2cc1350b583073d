/** The AlertRule resource: an alert on a project's metric (error rate, latency, cost, feedback) with notification targets. */
import { crudResource } from "../shared/crud";
import { ALERT_RULE_ENDPOINTS } from "./endpoints";
import { ALERT_RULE_FIELDS } from "./fields";

export { ALERT_RULE_FIELDS, type AlertRuleInputs } from "./fields";

/** The AlertRule, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:AlertRule",
  kind: "alert rule",
  description:
    "An alert on a LangSmith project: a metric (latency, error count, feedback score, run count, cost) aggregated over a window and compared with a threshold, " +
    "notifying webhooks, PagerDuty or Dynatrace (their configuration is secret). Everything but the project changes in place. Import by `<projectId>/<id>`.",
  scope: "workspace",
  base: "origin",
  fields: ALERT_RULE_FIELDS,
  nameField: "name",
  updateSendsAll: true,
  idOf: (created) => String((created?.["rule"] as Record<string, unknown> | undefined)?.["id"] ?? ""),
  endpoints: ALERT_RULE_ENDPOINTS,
  outputs: [],
});
