/** The FeedbackConfig resource: how scores under one feedback key are read (bounds, categories, direction). */
import { defineEndpoint } from "../client/endpoint";
import { zCreateFeedbackConfigSchema, zUpdateFeedbackConfigSchema } from "../client/wire/tracingAndEvaluation.requests";
import {
  zGetApiV1FeedbackConfigsResponse,
  zPatchApiV1FeedbackConfigsResponse,
  zPostApiV1FeedbackConfigsResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import type { FieldTable, InputsOf } from "../engine/fields/fields";
import { OUTPUT_TYPES } from "../engine/state/outputs";
import { z } from "zod";
import { zFeedbackConfigSchema } from "../client/wire/tracingAndEvaluation.responses";

/** All on `/api/v1/feedback-configs`: POST, GET (filtered by `key`), PATCH (the key in the body), DELETE (`?feedback_key=`). */
export const FEEDBACK_CONFIG_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/feedback-configs", request: zCreateFeedbackConfigSchema, response: zPostApiV1FeedbackConfigsResponse }),
  list: defineEndpoint({ method: "GET", path: "/feedback-configs", response: zGetApiV1FeedbackConfigsResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/feedback-configs", request: zUpdateFeedbackConfigSchema, response: zPatchApiV1FeedbackConfigsResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/feedback-configs" }),
} satisfies CrudEndpoints;

/** The listed configs as objects with an id: a config's id is its feedback key. */
export function feedbackConfigsOf(answer: readonly FeedbackConfigObject[]): FeedbackConfigObject[] {
  return answer.map((config) => ({ ...config, id: config.feedback_key }));
}

/** A feedback config as the service answers it. */
type FeedbackConfigObject = z.output<typeof zFeedbackConfigSchema>;

/** Kinds of feedback: a number in bounds, one of named categories, or free text. */
export const FEEDBACK_TYPES = ["continuous", "categorical", "freeform"] as const;

const Category = z.strictObject({
  value: z.number().describe("The score the category stands for."),
  label: z.string().min(1).optional().describe("The category's name, shown to reviewers."),
});

/** Every input field of a FeedbackConfig. */
export const FEEDBACK_CONFIG_FIELDS = [
  workspaceIdField("feedback config"),
  {
    path: "feedbackKey",
    wire: "feedback_key",
    refresh: "always",
    type: "string",
    doc: "The feedback key scores are given under (e.g. `correctness`); the config's id (`pulumi import` takes it).",
    schema: z.string().trim().min(1).max(255),
    reason: 'feedbackKey is required: the key scores are given under, e.g. "correctness"',
    required: true,
    effect: "replace",
    secret: false,
    // One key per variant: a key has one config per workspace, and both variants' objects live in one.
    example: [
      { variant: "continuous", value: "correctness", changed: "correctness-v2", other: "correctness-b" },
      { variant: "categorical", value: "tone", changed: "tone-v2", other: "tone-b" },
    ],
  },
  {
    path: "type",
    wire: "feedback_config.type",
    refresh: "always",
    type: "`continuous` \\| `categorical` \\| `freeform`",
    doc: "How a score is given: a number between `min` and `max`, one of `categories`, or free text.",
    schema: z.enum(FEEDBACK_TYPES),
    reason: 'type is required: "continuous", "categorical" or "freeform"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: [
      { variant: "continuous", value: "continuous", why: "the variant's type: `min` and `max` are the bounds of a continuous key" },
      { variant: "categorical", value: "categorical", why: "the variant's type: the service refuses `categories` on another type (400)" },
    ],
  },
  {
    path: "min",
    wire: "feedback_config.min",
    refresh: "always",
    type: "number",
    doc: "Lowest score of a `continuous` key.",
    schema: z.number(),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { variant: "continuous", value: 0, changed: 1 },
  },
  {
    path: "max",
    wire: "feedback_config.max",
    refresh: "always",
    type: "number",
    doc: "Highest score of a `continuous` key.",
    schema: z.number(),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { variant: "continuous", value: 1, changed: 5 },
  },
  {
    path: "categories",
    wire: "feedback_config.categories",
    refresh: "always",
    fromWire: (value: unknown) =>
      Array.isArray(value) && value.length > 0
        ? (value as Record<string, unknown>[]).map((c) => ({ value: c["value"], ...(typeof c["label"] === "string" ? { label: c["label"] } : {}) }))
        : undefined,
    type: "list of `{value, label?}`",
    doc: "The choices of a `categorical` key.",
    schema: z.array(Category).min(1),
    requiredWhen: { path: "type", in: ["categorical"] },
    reason: 'categories is required for a categorical key: at least one {value, label?}, e.g. [{ value: 1, label: "good" }]',
    required: false,
    effect: "inPlace",
    secret: false,
    example: {
      variant: "categorical",
      value: [
        { value: 0, label: "rude" },
        { value: 1, label: "polite" },
      ],
      changed: [
        { value: 0, label: "rude" },
        { value: 1, label: "neutral" },
        { value: 2, label: "friendly" },
      ],
    },
  },
  {
    path: "lowerIsBetter",
    wire: "is_lower_score_better",
    refresh: "always",
    type: "boolean",
    doc: "Whether a lower score is better (e.g. for latency or cost).",
    schema: z.boolean(),
    required: false,
    default: false,
    effect: "inPlace",
    secret: false,
    example: { value: true, changed: false },
  },
] as const satisfies FieldTable;

/** A FeedbackConfig's checked inputs. */
export type FeedbackConfigInputs = InputsOf<typeof FEEDBACK_CONFIG_FIELDS>;

/** The FeedbackConfig, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:FeedbackConfig",
  listing: {
    filters: {
      nameContains: {
        type: "string",
        query: "name_contains",
        output: "feedbackKey",
        match: "contains",
        doc: "Only configurations whose feedback key contains this text.",
      },
    },
    paging: { by: "offset", pageSize: 100 },
  },
  kind: "feedback config",
  description:
    "The configuration of one feedback key of a LangSmith workspace (e.g. `correctness`: continuous between 0 and 1), used by annotation rubrics and evaluators. " +
    "Its id is the key; everything else changes in place. Import by key.",
  scope: "workspace",
  fields: FEEDBACK_CONFIG_FIELDS,
  nameField: "feedbackKey",
  naturalKey: "feedbackKey",
  naturalKeyQuery: "key",
  unique: ["feedbackKey"],
  updateSendsAll: true,
  idQuery: "feedback_key",
  idOf: (_created, inputs) => String(inputs["feedbackKey"]),
  object: zFeedbackConfigSchema,
  listItems: feedbackConfigsOf,
  endpoints: FEEDBACK_CONFIG_ENDPOINTS,
  outputs: [{ name: "modifiedAt", type: OUTPUT_TYPES.string, doc: "When the config last changed (ISO 8601).", changesOnUpdate: true, wire: "modified_at" }],
});
