/** The Project's endpoints (workspace-scoped `sessions`), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zTracerSessionCreate, zTracerSessionUpdate } from "../client/wire/tracingAndEvaluation.requests";
import {
  zGetApiV1SessionsBySessionIdResponse,
  zGetApiV1SessionsResponse,
  zPatchApiV1SessionsBySessionIdResponse,
  zPostApiV1SessionsResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/sessions` (create; list, filtered by `name`) and `/{session_id}` (get, PATCH, delete). */
export const PROJECT_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/sessions", request: zTracerSessionCreate, response: zPostApiV1SessionsResponse }),
  list: defineEndpoint({ method: "GET", path: "/sessions", response: zGetApiV1SessionsResponse }),
  get: defineEndpoint({ method: "GET", path: "/sessions/{id}", response: zGetApiV1SessionsBySessionIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/sessions/{id}", request: zTracerSessionUpdate, response: zPatchApiV1SessionsBySessionIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/sessions/{id}" }),
} satisfies CrudEndpoints;
