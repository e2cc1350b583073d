/**
 * The PromptWebhook's inputs: the URL called when a prompt changes, its
 * headers (secrets: often a token), which prompts and which events; all
 * changed in place (one PATCH). Check, diff, the wire mapping, refresh,
 * import, the schema and the reference table derive from {@link PROMPT_WEBHOOK_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import { type FieldTable, type InputsOf, unknownOr } from "../shared/fields";
import { httpUrl, uuid } from "../shared/validators";

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
  },
  {
    path: "triggers",
    wire: "triggers",
    refresh: "always",
    unordered: true,
    type: "list of `commit` \\| `tag:create` \\| `tag:update`",
    doc: "Events that call the webhook; default the service's (every event).",
    schema: z.array(z.enum(PROMPT_WEBHOOK_TRIGGERS)).min(1),
    required: false,
    effect: "inPlace",
    secret: false,
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
  },
] as const satisfies FieldTable;

/** A PromptWebhook's checked inputs. */
export type PromptWebhookInputs = InputsOf<typeof PROMPT_WEBHOOK_FIELDS>;
