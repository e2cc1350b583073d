/**
 * The AnnotationQueue's inputs: name, description, default dataset,
 * reviewers per item and the rubric, all changed in place (one PATCH).
 * Check, diff, the wire mapping, refresh, import, the schema and the
 * reference table derive from {@link ANNOTATION_QUEUE_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import { type FieldTable, type InputsOf, unknownOr } from "../shared/fields";
import { uuid } from "../shared/validators";

const RubricItem = z.strictObject({ feedbackKey: z.string().min(1), description: z.string().optional(), required: z.boolean().optional() });
type RubricItemInput = z.infer<typeof RubricItem>;

/** Every input field of an AnnotationQueue. */
export const ANNOTATION_QUEUE_FIELDS = [
  workspaceIdField("annotation queue"),
  {
    path: "name",
    wire: "name",
    refresh: "always",
    type: "string",
    doc: "The queue's name; unique in the workspace (`pulumi import` accepts it instead of the id).",
    schema: z.string().trim().min(1).max(255),
    reason: 'name is required: the queue\'s name, e.g. "errored runs" (at most 255 characters)',
    required: true,
    effect: "inPlace",
    secret: false,
  },
  { path: "description", wire: "description", type: "string", doc: "What reviewers do in the queue.", schema: z.string(), required: false, effect: "inPlace", secret: false },
  {
    path: "defaultDatasetId",
    wire: "default_dataset",
    type: "string (UUID)",
    doc: "Dataset reviewed runs are added to (a `Dataset`'s id).",
    schema: unknownOr(uuid("defaultDatasetId")),
    required: false,
    effect: "inPlace",
    secret: false,
  },
  {
    path: "reviewersPerItem",
    wire: "num_reviewers_per_item",
    type: "integer ≥ 1",
    doc: "How many reviewers see each item.",
    schema: z.number().int().min(1),
    required: false,
    unsetMeans: 1,
    defaultDoc: "`1` (service's)",
    effect: "inPlace",
    secret: false,
  },
  { path: "rubricInstructions", wire: "rubric_instructions", type: "string", doc: "Instructions shown to reviewers.", schema: z.string(), required: false, effect: "inPlace", secret: false },
  {
    path: "rubricItems",
    wire: "rubric_items",
    toWire: (value: unknown) => (value as RubricItemInput[]).map((item) => ({ feedback_key: item.feedbackKey, description: item.description ?? null, is_required: item.required ?? null })),
    fromWire: (value: unknown) =>
      Array.isArray(value) && value.length > 0
        ? (value as Record<string, unknown>[]).map((item) => ({
            feedbackKey: item["feedback_key"],
            ...(typeof item["description"] === "string" ? { description: item["description"] } : {}),
            ...(typeof item["is_required"] === "boolean" ? { required: item["is_required"] } : {}),
          }))
        : undefined,
    type: "list of `{feedbackKey, description?, required?}`",
    doc: "The feedback each reviewer gives (a `FeedbackConfig`'s key each).",
    schema: z.array(RubricItem),
    required: false,
    clearWith: [],
    effect: "inPlace",
    secret: false,
  },
] as const satisfies FieldTable;

/** An AnnotationQueue's checked inputs. */
export type AnnotationQueueInputs = InputsOf<typeof ANNOTATION_QUEUE_FIELDS>;
