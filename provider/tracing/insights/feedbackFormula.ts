/**
 * The FeedbackFormula resource (deprecated by the service): a feedback key
 * whose score is a weighted sum or average of other keys' scores, for one
 * dataset's experiments or one tracing project. The service marks every
 * formula operation deprecated: composite feedback v2 makes a composite
 * score a code evaluator run by a run rule, and answers 410 to a v2
 * workspace's delete. It still serves v1 workspaces, so the kind is here for
 * them; {@link FeedbackFormulaDeprecatedError} says what a v2 workspace
 * does instead.
 */
import { defineEndpoint } from "../../client/endpoint";
import { ApiStatusError, NotFoundError } from "../../client/errors";
import { zFeedbackFormulaCreate, zFeedbackFormulaUpdate } from "../../client/wire/additions.requests";
import {
  zFeedbackFormula,
  zGetApiV1FeedbackFormulasByFeedbackFormulaIdResponse,
  zGetApiV1FeedbackFormulasResponse,
  zPostApiV1FeedbackFormulasResponse,
  zPutApiV1FeedbackFormulasByFeedbackFormulaIdResponse,
} from "../../client/wire/additions.responses";
import { logProgress } from "../../engine/context/progress";
import { declareKind, settingsInScope, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { uuid } from "../../engine/fields/validators";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../../engine/state/outputs";
import { z } from "zod";

const FORMULAS = "/feedback/formulas";

/** `/api/v1/feedback/formulas` (create; list, offset-paged) and `/{feedback_formula_id}` (GET, a full PUT, DELETE answering `{}`, or 410 on composite feedback v2). */
export const FEEDBACK_FORMULA_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: FORMULAS, request: zFeedbackFormulaCreate, response: zPostApiV1FeedbackFormulasResponse }),
  list: defineEndpoint({ method: "GET", path: FORMULAS, response: zGetApiV1FeedbackFormulasResponse }),
  get: defineEndpoint({ method: "GET", path: `${FORMULAS}/{id}`, response: zGetApiV1FeedbackFormulasByFeedbackFormulaIdResponse }),
  update: defineEndpoint({
    method: "PUT",
    path: `${FORMULAS}/{id}`,
    request: zFeedbackFormulaUpdate,
    response: zPutApiV1FeedbackFormulasByFeedbackFormulaIdResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: `${FORMULAS}/{id}` }),
} satisfies CrudEndpoints;

/** What the service offers in place of feedback formulas, for the deprecation notes and the 410 error. */
export const FEEDBACK_FORMULA_REPLACEMENT =
  "composite feedback v2, where a composite score is a code evaluator (an `Evaluator` of type `code`) run by a run rule (a `RunRule`)";

/** Most parts a formula has (the service's bound). */
const MAX_PARTS = 50;

const KIND = "feedback formula";

const Part = z.strictObject({
  key: z.string().min(1).describe("The feedback key whose scores this part takes."),
  weight: z.number().describe("What each of its scores is multiplied by."),
});

/** A formula's parts as the service takes them: each a `weighted_key`. */
function partsToWire(value: unknown): unknown {
  return Array.isArray(value)
    ? (value as { key: string; weight: number }[]).map((part) => ({ part_type: "weighted_key", key: part.key, weight: part.weight }))
    : value;
}

/** The service's parts as inputs: `{key, weight}`. */
function partsFromWire(value: unknown): unknown {
  return Array.isArray(value) ? (value as Record<string, unknown>[]).map((part) => ({ key: part["key"], weight: part["weight"] })) : undefined;
}

/** Every input field of a FeedbackFormula. */
export const FEEDBACK_FORMULA_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "datasetId",
    wire: "dataset_id",
    updateWire: null,
    type: "string (UUID)",
    doc: "The `Dataset` whose experiments the formula scores; set it or `projectId`, not both. Another dataset replaces the formula.",
    schema: unknownOr(uuid("datasetId")),
    requiredWhen: { path: "projectId", unset: true },
    reason: "datasetId or projectId is required: the Dataset or the Project the formula scores",
    required: false,
    effect: "replace",
    secret: false,
    example: { variant: "dataset", value: exampleRef("langsmith:index:Dataset"), changed: exampleRef("langsmith:index:Dataset", { other: true }) },
  },
  {
    path: "projectId",
    wire: "session_id",
    updateWire: null,
    type: "string (UUID)",
    doc: "The `Project` (tracing project) whose runs the formula scores; set it or `datasetId`, not both. Another project replaces the formula.",
    schema: unknownOr(uuid("projectId")),
    requiredWhen: { path: "datasetId", unset: true },
    reason: "projectId or datasetId is required: the Project or the Dataset the formula scores",
    required: false,
    effect: "replace",
    secret: false,
    example: { variant: "project", value: exampleRef("langsmith:index:Project"), changed: exampleRef("langsmith:index:Project", { other: true }) },
  },
  {
    path: "feedbackKey",
    wire: "feedback_key",
    refresh: "always",
    type: "string",
    doc: "The feedback key the formula's score is given under (e.g. `overall`); unique within its dataset or project.",
    schema: z.string().trim().min(1),
    reason: 'feedbackKey is required: the key the formula\'s score is given under, e.g. "overall"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "overall", changed: "overall-v2" },
  },
  {
    path: "aggregationType",
    wire: "aggregation_type",
    refresh: "always",
    type: "`sum` \\| `avg`",
    doc: "How the weighted scores combine: their sum or their average.",
    schema: z.enum(["sum", "avg"]),
    reason: 'aggregationType is required: "sum" or "avg"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "avg", changed: "sum" },
  },
  {
    path: "formulaParts",
    wire: "formula_parts",
    refresh: "always",
    toWire: partsToWire,
    fromWire: partsFromWire,
    type: "list of `{key, weight}`, 1 to 50",
    doc: "The keys combined and the weight of each, in order.",
    schema: z.array(Part).min(1).max(MAX_PARTS),
    reason: `formulaParts is required: 1 to ${MAX_PARTS} {key, weight}, e.g. [{ key: "correctness", weight: 0.7 }, { key: "helpfulness", weight: 0.3 }]`,
    required: true,
    effect: "inPlace",
    secret: false,
    example: {
      value: [{ key: "correctness", weight: 1 }],
      changed: [
        { key: "correctness", weight: 0.7 },
        { key: "helpfulness", weight: 0.3 },
      ],
    },
  },
] as const satisfies FieldTable;

/** A FeedbackFormula's checked inputs. */
export type FeedbackFormulaInputs = InputsOf<typeof FEEDBACK_FORMULA_FIELDS>;

/** The service answered 410 Gone to a formula's delete: the workspace is on composite feedback v2, which retired formulas. */
export class FeedbackFormulaDeprecatedError extends Error {
  /** @param action what was being done, e.g. `deleting feedback formula "overall"`. */
  constructor(action: string) {
    super(
      `${action}: the service answered 410 Gone: feedback formulas are deprecated, and this workspace is on ${FEEDBACK_FORMULA_REPLACEMENT}. ` +
        "The service no longer deletes formulas here: declare the composite as an Evaluator with a RunRule instead, and drop this resource from the stack with `pulumi state delete <urn>`.",
    );
    this.name = "FeedbackFormulaDeprecatedError";
  }
}

/** The FeedbackFormula, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:FeedbackFormula",
  listing: {
    filters: {
      datasetId: { type: "uuid", query: "dataset_id", output: "datasetId", doc: "Only formulas of this dataset." },
      projectId: { type: "uuid", query: "session_id", output: "projectId", doc: "Only formulas of this tracing project." },
    },
    paging: { by: "offset", pageSize: 100 },
  },
  kind: KIND,
  description:
    "**Deprecated by the service** (for workspaces still on v1 composite feedback): a feedback key whose score is a weighted sum or average of other keys' scores, for one dataset's experiments or one tracing project. " +
    `The service marks every formula operation deprecated in favour of ${FEEDBACK_FORMULA_REPLACEMENT}, and a workspace moved to v2 cannot delete formulas (410). ` +
    "The key, the aggregation and the parts change in place (one PUT of all three); another dataset or project replaces it. Import by id.",
  scope: "workspace",
  fields: FEEDBACK_FORMULA_FIELDS,
  nameField: "feedbackKey",
  updateSendsAll: true,
  endpoints: FEEDBACK_FORMULA_ENDPOINTS,
  object: zFeedbackFormula,
  hooks: {
    /** The DELETE; a 404 is done, a 410 (composite feedback v2) is {@link FeedbackFormulaDeprecatedError}. */
    async delete(context, id, outputs) {
      const name = typeof outputs.feedbackKey === "string" ? outputs.feedbackKey : id;
      const action = `deleting ${KIND} "${name}"`;
      const client = await context.client(settingsInScope(context, "workspace", action, outputs));
      try {
        await client.resources.send(FEEDBACK_FORMULA_ENDPOINTS.delete, { action, params: { id } });
      } catch (error) {
        if (error instanceof NotFoundError) {
          logProgress(context, KIND, name, "it was already gone (404)");
          return;
        }
        if (error instanceof ApiStatusError && error.status === 410) throw new FeedbackFormulaDeprecatedError(action);
        throw error;
      }
    },
  },
  outputs: [
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
    { name: "modifiedAt", type: OUTPUT_TYPES.string, doc: "When the formula last changed (ISO 8601).", changesOnUpdate: true, wire: "modified_at" },
  ],
});
