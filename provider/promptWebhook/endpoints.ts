/** The PromptWebhook's endpoints (workspace-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zPromptWebhookCreate, zPromptWebhookUpdate } from "../client/wire/tracingAndEvaluation.requests";
import {
  zGetApiV1PromptWebhooksByWebhookIdResponse,
  zGetApiV1PromptWebhooksResponse,
  zPatchApiV1PromptWebhooksByWebhookIdResponse,
  zPostApiV1PromptWebhooksResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import type { CrudEndpoints } from "../shared/crud";

/** `/api/v1/prompt-webhooks` (create, list) and `/{webhook_id}` (get, PATCH, delete). */
export const PROMPT_WEBHOOK_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/prompt-webhooks", request: zPromptWebhookCreate, response: zPostApiV1PromptWebhooksResponse }),
  list: defineEndpoint({ method: "GET", path: "/prompt-webhooks", response: zGetApiV1PromptWebhooksResponse }),
  get: defineEndpoint({ method: "GET", path: "/prompt-webhooks/{id}", response: zGetApiV1PromptWebhooksByWebhookIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/prompt-webhooks/{id}", request: zPromptWebhookUpdate, response: zPatchApiV1PromptWebhooksByWebhookIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/prompt-webhooks/{id}" }),
} satisfies CrudEndpoints;
