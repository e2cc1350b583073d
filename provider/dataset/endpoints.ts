/** The Dataset's endpoints (workspace-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zDatasetCreate, zDatasetUpdate } from "../client/wire/tracingAndEvaluation.requests";
import {
  zGetApiV1DatasetsByDatasetIdResponse,
  zGetApiV1DatasetsResponse,
  zPatchApiV1DatasetsByDatasetIdResponse,
  zPostApiV1DatasetsResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/datasets` (create; list, filtered by `name`) and `/{dataset_id}` (get, PATCH, delete). */
export const DATASET_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/datasets", request: zDatasetCreate, response: zPostApiV1DatasetsResponse }),
  list: defineEndpoint({ method: "GET", path: "/datasets", response: zGetApiV1DatasetsResponse }),
  get: defineEndpoint({ method: "GET", path: "/datasets/{id}", response: zGetApiV1DatasetsByDatasetIdResponse }),
  // A field the PATCH leaves out is left alone (the contract's `{"__missing__": …}` default); the body is sent as built.
  update: defineEndpoint({ method: "PATCH", path: "/datasets/{id}", request: zDatasetUpdate, response: zPatchApiV1DatasetsByDatasetIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/datasets/{id}" }),
} satisfies CrudEndpoints;
