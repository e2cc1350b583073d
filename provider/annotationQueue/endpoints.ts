/** The AnnotationQueue's endpoints (workspace-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zAnnotationQueueCreateSchema, zAnnotationQueueUpdateSchema } from "../client/wire/tracingAndEvaluation.requests";
import { zGetApiV1AnnotationQueuesByQueueIdResponse, zGetApiV1AnnotationQueuesResponse, zPostApiV1AnnotationQueuesResponse } from "../client/wire/tracingAndEvaluation.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/annotation-queues` (create; list, filtered by `name`) and `/{queue_id}` (get, PATCH, delete). */
export const ANNOTATION_QUEUE_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/annotation-queues", request: zAnnotationQueueCreateSchema, response: zPostApiV1AnnotationQueuesResponse }),
  list: defineEndpoint({ method: "GET", path: "/annotation-queues", response: zGetApiV1AnnotationQueuesResponse }),
  get: defineEndpoint({ method: "GET", path: "/annotation-queues/{id}", response: zGetApiV1AnnotationQueuesByQueueIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/annotation-queues/{id}", request: zAnnotationQueueUpdateSchema }),
  delete: defineEndpoint({ method: "DELETE", path: "/annotation-queues/{id}" }),
} satisfies CrudEndpoints;
