/** The RunRule's endpoints (workspace-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zRunRulesCreateSchema, zRunRulesUpdateSchema } from "../client/wire/tracingAndEvaluation.requests";
import { zGetApiV1RunsRulesResponse, zPatchApiV1RunsRulesByRuleIdResponse, zPostApiV1RunsRulesResponse } from "../client/wire/tracingAndEvaluation.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/runs/rules` (create, list) and `/{rule_id}` (PATCH of the whole rule, delete); no GET of one. */
export const RUN_RULE_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/runs/rules", request: zRunRulesCreateSchema, response: zPostApiV1RunsRulesResponse }),
  list: defineEndpoint({ method: "GET", path: "/runs/rules", response: zGetApiV1RunsRulesResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/runs/rules/{id}", request: zRunRulesUpdateSchema, response: zPatchApiV1RunsRulesByRuleIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/runs/rules/{id}" }),
} satisfies CrudEndpoints;
