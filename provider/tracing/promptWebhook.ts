/** The PromptWebhook resource: a URL LangSmith calls when a prompt is committed or tagged. */
import { defineEndpoint } from "../client/endpoint";
import { zPromptWebhookCreate, zPromptWebhookUpdate } from "../client/wire/tracingAndEvaluation.requests";
import {
  zGetApiV1PromptWebhooksByWebhookIdResponse,
  zGetApiV1PromptWebhooksResponse,
  zPatchApiV1PromptWebhooksByWebhookIdResponse,
  zPostApiV1PromptWebhooksResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import { unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { httpUrl, uuid } from "../engine/fields/validators";
import { CREATED_AT_OUTPUT } from "../engine/state/outputs";
import { z } from "zod";

/** `/api/v1/prompt-webhooks` (create, list) and `/{webhook_id}` (get, PATCH, delete). */
export const PROMPT_WEBHOOK_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/prompt-webhooks", request: zPromptWebhookCreate, response: zPostApiV1PromptWebhooksResponse }),
  list: defineEndpoint({ method: "GET", path: "/prompt-webhooks", response: zGetApiV1PromptWebhooksResponse }),
  get: defineEndpoint({ method: "GET", path: "/prompt-webhooks/{id}", response: zGetApiV1PromptWebhooksByWebhookIdResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/prompt-webhooks/{id}",
    request: zPromptWebhookUpdate,
    response: zPatchApiV1PromptWebhooksByWebhookIdResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: "/prompt-webhooks/{id}" }),
} satisfies CrudEndpoints;

/** Events that call a prompt webhook: a new commit, a tag created or moved. */
export const PROMPT_WEBHOOK_TRIGGERS = ["commit", "tag:create", "tag:update"] as const;

/** Every input field of a PromptWebhook. */
export const PROMPT_WEBHOOK_FIELDS = [
  workspaceIdField("prompt webhook"),
  {
    path: "url",
    wire: "url",
    refresh: "always",
    type: "string (URL)",
    doc: "The URL the service calls (POST) when a prompt changes.",
    schema: httpUrl("url"),
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "https://hooks.example.com/prompts", changed: "https://hooks.example.com/prompts/v2" },
  },
  {
    path: "headers",
    wire: "headers",
    type: "map of strings (secret)",
    doc: "Headers sent with each call (e.g. an `Authorization` token): always a Pulumi secret, kept only as a salted fingerprint, never read back.",
    schema: z.record(z.string(), z.string()),
    required: false,
    effect: "inPlace",
    secret: true,
    example: { value: { Authorization: "Bearer {canary}" }, changed: { Authorization: "Bearer {canary}-v2", "X-Source": "langsmith-{canary}" } },
  },
  {
    path: "triggers",
    wire: "triggers",
    refresh: "always",
    unordered: true,
    type: "list of `commit` \\| `tag:create` \\| `tag:update`",
    doc: "Events that call the webhook; default the service's (every event).",
    schema: z.array(z.enum(PROMPT_WEBHOOK_TRIGGERS)).min(1),
    // Left out, the service calls it on every event, and a refresh reads that back: no change to show.
    unsetMeans: [...PROMPT_WEBHOOK_TRIGGERS],
    // Taken out of the program (or narrowed outside it), an update restores every event.
    clearWith: [...PROMPT_WEBHOOK_TRIGGERS],
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: ["commit"], changed: ["tag:create", "tag:update"] },
  },
  {
    path: "includePrompts",
    wire: "include_prompts",
    unordered: true,
    type: "list of strings (UUIDs)",
    doc: "Only these prompts (their ids); default every prompt of the workspace.",
    schema: z.array(unknownOr(uuid("includePrompts[]"))),
    required: false,
    clearWith: [],
    effect: "inPlace",
    secret: false,
    // Literal ids: a Prompt's id is its handle and no output holds its UUID; the service does not check them against the workspace's prompts.
    example: { value: ["6f9d8c1e-2b4a-4c7e-9a1d-3e5f7a9b0c11"], changed: ["6f9d8c1e-2b4a-4c7e-9a1d-3e5f7a9b0c11", "6f9d8c1e-2b4a-4c7e-9a1d-3e5f7a9b0c12"] },
  },
  {
    path: "excludePrompts",
    wire: "exclude_prompts",
    unordered: true,
    type: "list of strings (UUIDs)",
    doc: "Every prompt but these (their ids).",
    schema: z.array(unknownOr(uuid("excludePrompts[]"))),
    required: false,
    clearWith: [],
    effect: "inPlace",
    secret: false,
    example: { value: ["6f9d8c1e-2b4a-4c7e-9a1d-3e5f7a9b0c21"], changed: ["6f9d8c1e-2b4a-4c7e-9a1d-3e5f7a9b0c22"] },
  },
] as const satisfies FieldTable;

/** A PromptWebhook's checked inputs. */
export type PromptWebhookInputs = InputsOf<typeof PROMPT_WEBHOOK_FIELDS>;

/** The PromptWebhook, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:PromptWebhook",
  listing: {},
  kind: "prompt webhook",
  description:
    "A webhook of the LangSmith prompt hub: the URL called when a prompt gets a new commit or a tag is created or moved (e.g. to redeploy on a `production` tag). " +
    "Its headers are secrets, never read back. Every field changes in place. Import by id.",
  scope: "workspace",
  fields: PROMPT_WEBHOOK_FIELDS,
  nameField: "url",
  endpoints: PROMPT_WEBHOOK_ENDPOINTS,
  // A refresh reads them together: the whole list, one answer.
  batchRead: { by: "list" },
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
