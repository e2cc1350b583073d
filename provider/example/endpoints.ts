/** The Example's endpoints (workspace-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zExampleUpdate, zPostApiV1ExamplesData } from "../client/wire/tracingAndEvaluation.requests";
import { zGetApiV1ExamplesByExampleIdResponse, zGetApiV1ExamplesResponse, zPostApiV1ExamplesResponse } from "../client/wire/tracingAndEvaluation.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/examples` (create; list) and `/{example_id}` (get, PATCH, delete). */
export const EXAMPLE_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/examples", request: zPostApiV1ExamplesData.shape.body, response: zPostApiV1ExamplesResponse }),
  list: defineEndpoint({ method: "GET", path: "/examples", response: zGetApiV1ExamplesResponse }),
  get: defineEndpoint({ method: "GET", path: "/examples/{id}", response: zGetApiV1ExamplesByExampleIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/examples/{id}", request: zExampleUpdate }),
  delete: defineEndpoint({ method: "DELETE", path: "/examples/{id}" }),
} satisfies CrudEndpoints;
