/** The Evaluator's endpoints (at the API's origin, under `/v1/platform/evaluators`), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zEvaluatorsCreateEvaluatorRequest, zEvaluatorsUpdateEvaluatorRequest } from "../client/wire/tracingAndEvaluation.requests";
import {
  zGetV1PlatformEvaluatorsByEvaluatorIdResponse,
  zGetV1PlatformEvaluatorsResponse,
  zPatchV1PlatformEvaluatorsByEvaluatorIdResponse,
  zPostV1PlatformEvaluatorsResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import type { CrudEndpoints } from "../shared/crud";

const ONE = "/v1/platform/evaluators/{id}";

/** `/v1/platform/evaluators` (create `{evaluator}`, list `{evaluators}`) and `/{evaluator_id}` (get, PATCH, delete). */
export const EVALUATOR_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/v1/platform/evaluators", request: zEvaluatorsCreateEvaluatorRequest, response: zPostV1PlatformEvaluatorsResponse }),
  list: defineEndpoint({ method: "GET", path: "/v1/platform/evaluators", response: zGetV1PlatformEvaluatorsResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetV1PlatformEvaluatorsByEvaluatorIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: ONE, request: zEvaluatorsUpdateEvaluatorRequest, response: zPatchV1PlatformEvaluatorsByEvaluatorIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;
