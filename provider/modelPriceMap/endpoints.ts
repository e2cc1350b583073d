/** The ModelPriceMap's endpoints (workspace-scoped), declared with the schemas generated from the contract. */
import { z } from "zod";
import { defineEndpoint } from "../client/endpoint";
import { zModelPriceMapCreateSchema, zModelPriceMapUpdateSchema } from "../client/wire/tracingAndEvaluation.requests";
import type { CrudEndpoints } from "../shared/crud";

// The contract declares these answers as any JSON (`{}`): they are read as such, and the fields used are checked where read.
const ANY_JSON = z.unknown();

/** `/api/v1/model-price-map` (create, list) and `/{id}` (PUT of the whole entry, delete). */
export const MODEL_PRICE_MAP_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/model-price-map", request: zModelPriceMapCreateSchema, response: ANY_JSON }),
  list: defineEndpoint({ method: "GET", path: "/model-price-map", response: ANY_JSON }),
  update: defineEndpoint({ method: "PUT", path: "/model-price-map/{id}", request: zModelPriceMapUpdateSchema, response: ANY_JSON }),
  delete: defineEndpoint({ method: "DELETE", path: "/model-price-map/{id}" }),
} satisfies CrudEndpoints;
