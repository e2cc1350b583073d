/** The AlertRule's endpoints (at the API's origin, under `/v1/platform/alerts`), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zAlertsCreateAlertRuleRequest, zAlertsUpdateAlertRuleRequest } from "../client/wire/tracingAndEvaluation.requests";
import { zGetV1PlatformAlertsBySessionIdByAlertRuleIdResponse, zPostV1PlatformAlertsBySessionIdResponse } from "../client/wire/tracingAndEvaluation.responses";
import type { CrudEndpoints } from "../shared/crud";

const ONE = "/v1/platform/alerts/{projectId}/{id}";

/** `POST /v1/platform/alerts/{session_id}` and `GET`/`PATCH`/`DELETE .../{alert_rule_id}`; no list. `{projectId}` is the input of that name. */
export const ALERT_RULE_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/v1/platform/alerts/{projectId}", request: zAlertsCreateAlertRuleRequest, response: zPostV1PlatformAlertsBySessionIdResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetV1PlatformAlertsBySessionIdByAlertRuleIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: ONE, request: zAlertsUpdateAlertRuleRequest }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;
