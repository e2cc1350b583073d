/**
 * The Evaluator's inputs: a reusable evaluator of the workspace, an LLM
 * judge (a prompt of the hub, at a commit or tag, with its variables mapped
 * from the run) or code (Python or JavaScript). Its kind is fixed; the rest
 * changes in place (one PATCH). Check, diff, the wire mapping, refresh,
 * import, the schema and the reference table derive from {@link EVALUATOR_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import { emptyAsUnset, type FieldTable, type InputsOf } from "../shared/fields";

/** Kinds of evaluator: an LLM judging with a prompt, or code. */
export const EVALUATOR_TYPES = ["llm", "code"] as const;

// The service answers the other kind's fields as empty strings: read as unset.
const inPlace = { required: false, effect: "inPlace", secret: false, fromWire: emptyAsUnset } as const;

/** Every input field of an Evaluator. */
export const EVALUATOR_FIELDS = [
  workspaceIdField("evaluator"),
  { ...inPlace, refresh: "always", path: "name", wire: "name", type: "string", doc: "Name of the evaluator.", schema: z.string().trim().min(1).max(255), required: true, reason: 'name is required, e.g. "correctness judge"' },
  {
    path: "type",
    wire: "type",
    refresh: "always",
    type: "`llm` \\| `code`",
    doc: "An LLM judge (set `promptHandle`) or code (set `code`); the service cannot change it.",
    schema: z.enum(EVALUATOR_TYPES),
    reason: 'type is required: "llm" or "code"',
    required: true,
    effect: "replace",
    secret: false,
  },
  { ...inPlace, path: "promptHandle", wire: "llm_evaluator.prompt_repo_handle", type: "string", doc: "The judge's `Prompt` (its handle), for `llm`.", schema: z.string().min(1) },
  { ...inPlace, path: "promptCommit", wire: "llm_evaluator.commit_hash_or_tag", type: "string", doc: "The prompt's commit hash or tag (e.g. `production`), for `llm`; default its latest commit.", schema: z.string().min(1) },
  { ...inPlace, path: "variableMapping", wire: "llm_evaluator.variable_mapping", type: "map of any", doc: "The prompt's variables, each mapped to a path of the run (e.g. `{ question: \"input.question\" }`), for `llm`.", schema: z.record(z.string(), z.unknown()) },
  { ...inPlace, path: "code", wire: "code_evaluator.code", type: "string", doc: "The evaluator's source, for `code`.", schema: z.string().min(1) },
  { ...inPlace, path: "language", wire: "code_evaluator.language", type: "`python` \\| `javascript`", doc: "Language of `code`.", schema: z.enum(["python", "javascript"]) },
] as const satisfies FieldTable;

/** An Evaluator's checked inputs. */
export type EvaluatorInputs = InputsOf<typeof EVALUATOR_FIELDS>;
