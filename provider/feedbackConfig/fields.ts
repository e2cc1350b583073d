/**
 * The FeedbackConfig's inputs: the feedback key (fixed; the config's id) and
 * how scores under it are read (type, bounds, categories, direction), changed
 * in place (one PATCH of all of them). Check, diff, the wire mapping,
 * refresh, import, the schema and the reference table derive from
 * {@link FEEDBACK_CONFIG_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import type { FieldTable, InputsOf } from "../shared/fields";

/** Kinds of feedback: a number in bounds, one of named categories, or free text. */
export const FEEDBACK_TYPES = ["continuous", "categorical", "freeform"] as const;

const Category = z.strictObject({ value: z.number(), label: z.string().min(1).optional() });

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
  },
  { path: "min", wire: "feedback_config.min", refresh: "always", type: "number", doc: "Lowest score of a `continuous` key.", schema: z.number(), required: false, effect: "inPlace", secret: false },
  { path: "max", wire: "feedback_config.max", refresh: "always", type: "number", doc: "Highest score of a `continuous` key.", schema: z.number(), required: false, effect: "inPlace", secret: false },
  {
    path: "categories",
    wire: "feedback_config.categories",
    refresh: "always",
    fromWire: (value: unknown) =>
      Array.isArray(value) && value.length > 0 ? (value as Record<string, unknown>[]).map((c) => ({ value: c["value"], ...(typeof c["label"] === "string" ? { label: c["label"] } : {}) })) : undefined,
    type: "list of `{value, label?}`",
    doc: "The choices of a `categorical` key.",
    schema: z.array(Category).min(1),
    required: false,
    effect: "inPlace",
    secret: false,
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
  },
] as const satisfies FieldTable;

/** A FeedbackConfig's checked inputs. */
export type FeedbackConfigInputs = InputsOf<typeof FEEDBACK_CONFIG_FIELDS>;
