/** The FeedbackConfig's endpoints (workspace-scoped, keyed by `feedback_key`), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zCreateFeedbackConfigSchema, zUpdateFeedbackConfigSchema } from "../client/wire/tracingAndEvaluation.requests";
import { zGetApiV1FeedbackConfigsResponse, zPatchApiV1FeedbackConfigsResponse, zPostApiV1FeedbackConfigsResponse } from "../client/wire/tracingAndEvaluation.responses";
import type { CrudEndpoints } from "../shared/crud";

/** All on `/api/v1/feedback-configs`: POST, GET (filtered by `key`), PATCH (the key in the body), DELETE (`?feedback_key=`). */
export const FEEDBACK_CONFIG_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/feedback-configs", request: zCreateFeedbackConfigSchema, response: zPostApiV1FeedbackConfigsResponse }),
  list: defineEndpoint({ method: "GET", path: "/feedback-configs", response: zGetApiV1FeedbackConfigsResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/feedback-configs", request: zUpdateFeedbackConfigSchema, response: zPatchApiV1FeedbackConfigsResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/feedback-configs" }),
} satisfies CrudEndpoints;

/** The listed configs as objects with an id: a config's id is its feedback key. */
export function feedbackConfigsOf(answer: unknown): Record<string, unknown>[] {
  return (Array.isArray(answer) ? (answer as Record<string, unknown>[]) : []).map((config) => ({ ...config, id: config["feedback_key"] }));
}
