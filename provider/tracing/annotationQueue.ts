/** The AnnotationQueue resource: a human-review queue of runs, with its rubric. */
import { defineEndpoint } from "../client/endpoint";
import { zAnnotationQueueCreateSchema, zAnnotationQueueUpdateSchema } from "../client/wire/tracingAndEvaluation.requests";
import {
  zGetApiV1AnnotationQueuesByQueueIdResponse,
  zGetApiV1AnnotationQueuesResponse,
  zPostApiV1AnnotationQueuesResponse,
} from "../client/wire/tracingAndEvaluation.responses";
import { type CrudEndpoints, declareKind, descriptionField, workspaceIdField } from "../engine/kind";
import { emptyMapAsUnset, exampleRef, unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { uuid } from "../engine/fields/validators";
import { CREATED_AT_OUTPUT } from "../engine/state/outputs";
import { z } from "zod";

/** `/api/v1/annotation-queues` (create; list, filtered by `name`) and `/{queue_id}` (get, PATCH, delete). */
export const ANNOTATION_QUEUE_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/annotation-queues", request: zAnnotationQueueCreateSchema, response: zPostApiV1AnnotationQueuesResponse }),
  list: defineEndpoint({ method: "GET", path: "/annotation-queues", response: zGetApiV1AnnotationQueuesResponse }),
  get: defineEndpoint({ method: "GET", path: "/annotation-queues/{id}", response: zGetApiV1AnnotationQueuesByQueueIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: "/annotation-queues/{id}", request: zAnnotationQueueUpdateSchema }),
  delete: defineEndpoint({ method: "DELETE", path: "/annotation-queues/{id}" }),
} satisfies CrudEndpoints;

const RubricItem = z.strictObject({
  feedbackKey: z.string().min(1).describe("The feedback key reviewers score (a `FeedbackConfig`'s key)."),
  description: z.string().optional().describe("What reviewers judge under this key."),
  required: z.boolean().optional().describe("Whether a reviewer must give this score to finish an item."),
});
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
    example: { value: "errored runs", changed: "errored runs v2", other: "errored runs b" },
  },
  descriptionField("What reviewers do in the queue."),
  {
    path: "defaultDatasetId",
    wire: "default_dataset",
    type: "string (UUID)",
    doc: "Dataset reviewed runs are added to (a `Dataset`'s id).",
    schema: unknownOr(uuid("defaultDatasetId")),
    required: false,
    effect: "inPlace",
    secret: false,
    // The second object (the target of changed references) links to the second Dataset.
    example: {
      value: exampleRef("langsmith:index:Dataset"),
      changed: exampleRef("langsmith:index:Dataset", { other: true }),
      other: exampleRef("langsmith:index:Dataset", { other: true }),
    },
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
    example: { value: 2, changed: 3 },
  },
  {
    path: "rubricInstructions",
    wire: "rubric_instructions",
    type: "string",
    doc: "Instructions shown to reviewers.",
    schema: z.string(),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "Score whether the answer is correct.", changed: "Score whether the answer is correct and polite." },
  },
  {
    path: "rubricItems",
    wire: "rubric_items",
    toWire: (value: unknown) =>
      (value as RubricItemInput[]).map((item) => ({
        feedback_key: item.feedbackKey,
        description: item.description ?? null,
        is_required: item.required ?? null,
      })),
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
    example: {
      value: [{ feedbackKey: "correctness", description: "Is the answer right?", required: true }],
      changed: [
        { feedbackKey: "correctness", description: "Is the answer right and complete?", required: true },
        { feedbackKey: "tone", required: false },
      ],
    },
  },
  {
    path: "enableReservations",
    wire: "enable_reservations",
    type: "boolean",
    doc: "Whether a reviewer who opens an item reserves it, so others are not shown it meanwhile.",
    schema: z.boolean(),
    required: false,
    unsetMeans: true,
    defaultDoc: "`true` (service's)",
    effect: "inPlace",
    secret: false,
    example: { value: false, changed: true },
  },
  {
    path: "reservationMinutes",
    wire: "reservation_minutes",
    type: "integer, minutes",
    doc: "How long a reservation holds, in minutes.",
    schema: z.number().int().min(1),
    required: false,
    unsetMeans: 1,
    defaultDoc: "`1` (service's)",
    effect: "inPlace",
    secret: false,
    example: { value: 10, changed: 30 },
  },
  {
    path: "reviewerAccessMode",
    wire: "reviewer_access_mode",
    type: "`any` \\| `assigned`",
    doc: "Who may review: `any` member of the workspace, or only the reviewers assigned to the queue.",
    schema: z.enum(["any", "assigned"]),
    required: false,
    unsetMeans: "any",
    defaultDoc: "`any` (service's)",
    effect: "inPlace",
    secret: false,
    example: { value: "assigned", changed: "any" },
  },
  {
    path: "metadata",
    wire: "metadata",
    type: "map of any",
    doc: "Your own key-value data about the queue.",
    schema: z.record(z.string(), z.unknown()),
    fromWire: emptyMapAsUnset,
    required: false,
    clearWith: {},
    effect: "inPlace",
    secret: false,
    example: { value: { team: "support" }, changed: { team: "support", tier: 2 } },
  },
  {
    path: "sessionIds",
    wire: "session_ids",
    refresh: "never",
    type: "list of string (UUID)",
    doc: "Projects (their ids) whose runs seed the queue when it is created. The service reads them once and keeps no link to them (it never answers them), so a later change does nothing: the queue keeps its runs and its reviewers' work. Not imported.",
    schema: z.array(unknownOr(uuid("sessionIds[]"))).min(1),
    required: false,
    effect: "createOnly",
    effectDoc: "create only: a later change does nothing",
    secret: false,
    example: {
      value: [exampleRef("langsmith:index:Project")],
      why: "read at create only: a later value changes nothing, so there is no change to show",
    },
  },
] as const satisfies FieldTable;

/** An AnnotationQueue's checked inputs. */
export type AnnotationQueueInputs = InputsOf<typeof ANNOTATION_QUEUE_FIELDS>;

/** The AnnotationQueue, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:AnnotationQueue",
  listing: {
    filters: {
      name: { type: "string", query: "name", output: "name", doc: "Only the queue of this exact name." },
      nameContains: { type: "string", query: "name_contains", output: "name", match: "contains", doc: "Only queues whose name contains this text." },
      datasetId: { type: "uuid", query: "dataset_id", output: "defaultDatasetId", doc: "Only queues whose default dataset is this one." },
    },
  },
  kind: "annotation queue",
  description:
    "A LangSmith annotation queue: runs waiting for human review (filled by hand or by a run rule), with the rubric reviewers follow. Every field changes in place. Import by id or by name.",
  scope: "workspace",
  fields: ANNOTATION_QUEUE_FIELDS,
  nameField: "name",
  naturalKey: "name",
  naturalKeyQuery: "name",
  endpoints: ANNOTATION_QUEUE_ENDPOINTS,
  // A refresh reads them through the list (page by page, then filtered by id), but for queues with a rubric: the list leaves it out.
  batchRead: { by: "pages", pageSize: 100, idsQuery: "ids", notInList: ["rubricItems", "rubricInstructions"] },
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
