/**
 * The evaluators of a RunRule: the LLM judges of its sampled runs and of
 * their trajectories (the contract's `structured` evaluators, keys
 * camel-cased) and its code evaluators. Rows of `RUN_RULE_FIELDS`
 * (runRule.ts), kept apart.
 */
import { z } from "zod";
import type { FieldTable } from "../engine/fields/fields";
import { renameKeys, reversedNames } from "../engine/fields/wireKeys";

/** The optional fields of a rule: in place, read back whenever the program sets them. */
export const OPTIONAL_IN_PLACE = { required: false, effect: "inPlace", secret: false } as const;
const flag = OPTIONAL_IN_PLACE;

/** Languages a code evaluator is written in. */
export const CODE_EVALUATOR_LANGUAGES = ["python", "javascript"] as const;

/** An LLM judge of a rule: the contract's `structured` evaluator, its keys camel-cased. */
const StructuredEvaluator = z.strictObject({
  hubRef: z.string().min(1).optional().describe("A prompt of the hub the judge uses (`<handle>` or `<handle>:<commit or tag>`), instead of `prompt`."),
  prompt: z
    .array(z.tuple([z.string(), z.string()]))
    .optional()
    .describe("The judge's messages, each a `[role, template]` pair."),
  templateFormat: z.string().optional().describe("How the templates are written: `f-string` or `mustache`."),
  schema: z.record(z.string(), z.unknown()).optional().describe("JSON Schema of the scores the judge answers."),
  variableMapping: z.record(z.string(), z.string()).optional().describe("The templates' variables, each mapped to a path of the run."),
  playgroundSettingsId: z.string().min(1).optional().describe("The `PlaygroundSettings` (a saved model configuration) the judge runs on, instead of `model`."),
  model: z.record(z.string(), z.unknown()).optional().describe('The model the judge runs on, as the service takes it (e.g. `{ model: "gpt-4o-mini" }`).'),
});
type StructuredEvaluatorInput = z.infer<typeof StructuredEvaluator>;
const STRUCTURED_EVALUATOR_WIRE = {
  hubRef: "hub_ref",
  prompt: "prompt",
  templateFormat: "template_format",
  schema: "schema",
  variableMapping: "variable_mapping",
  model: "model",
  playgroundSettingsId: "playground_settings_id",
} as const;
const STRUCTURED_EVALUATOR_INPUT = reversedNames(STRUCTURED_EVALUATOR_WIRE);

/** A list of LLM judges as the service takes it: each `{ structured: <its keys in snake case> }`. */
const structuredToWire = (value: unknown): unknown =>
  (value as StructuredEvaluatorInput[]).map((evaluator) => ({ structured: renameKeys(evaluator, STRUCTURED_EVALUATOR_WIRE) }));

/** A list of LLM judges as the service answers it, read back into inputs; an empty list reads as unset. */
const structuredFromWire = (value: unknown): unknown =>
  Array.isArray(value) && value.length > 0
    ? (value as { structured?: Record<string, unknown> }[]).map((evaluator) => renameKeys(evaluator.structured ?? {}, STRUCTURED_EVALUATOR_INPUT))
    : undefined;

/** The evaluator rows of the RunRule's field table. */
export const RUN_RULE_EVALUATOR_FIELDS = [
  {
    ...flag,
    path: "evaluators",
    wire: "evaluators",
    toWire: structuredToWire,
    fromWire: structuredFromWire,
    clearWith: [],
    type: "list of `{hubRef?, prompt?, templateFormat?, schema?, variableMapping?, model?}`",
    doc: "LLM judges the sampled runs are scored by (online evaluation), each a prompt (a hub prompt by `hubRef`, or `prompt` as `[role, template]` pairs) with the output `schema` its scores follow and the `model` it runs on.",
    schema: z.array(StructuredEvaluator),
    example: {
      value: [
        {
          prompt: [["system", "Is the answer correct? {{ output }}"]],
          templateFormat: "mustache",
          schema: { type: "object", properties: { correct: { type: "boolean" } } },
          model: { model: "gpt-4o-mini" },
        },
      ],
      changed: [
        {
          prompt: [["system", "Is the answer correct and polite? {{ output }}"]],
          templateFormat: "mustache",
          schema: { type: "object", properties: { correct: { type: "boolean" } } },
          variableMapping: { output: "output" },
          model: { model: "gpt-4o" },
        },
      ],
    },
  },
  {
    ...flag,
    path: "trajectoryEvaluators",
    wire: "trajectory_evaluators",
    toWire: structuredToWire,
    fromWire: structuredFromWire,
    clearWith: [],
    type: "list of `{hubRef?, prompt?, templateFormat?, schema?, variableMapping?, model?, playgroundSettingsId?}`",
    doc: "LLM judges that score a sampled run's whole trajectory (the trace's steps, not only its outputs); the same shape as `evaluators`.",
    schema: z.array(StructuredEvaluator),
    example: {
      value: [
        {
          prompt: [["system", "Did the agent take sensible steps? {{ trajectory }}"]],
          templateFormat: "mustache",
          schema: { type: "object", properties: { sensible: { type: "boolean" } } },
        },
      ],
      changed: [
        {
          prompt: [["system", "Did the agent take few and sensible steps? {{ trajectory }}"]],
          templateFormat: "mustache",
          schema: { type: "object", properties: { sensible: { type: "boolean" } } },
        },
      ],
    },
  },
  {
    ...flag,
    path: "codeEvaluators",
    wire: "code_evaluators",
    clearWith: [],
    type: "list of `{code, language?}`",
    doc: "Code the sampled runs are scored by, each in `python` (default) or `javascript`.",
    schema: z.array(
      z.strictObject({
        code: z.string().min(1).describe("The evaluator's source."),
        language: z.enum(CODE_EVALUATOR_LANGUAGES).optional().describe("Language of `code`; default `python`."),
      }),
    ),
    fromWire: (value: unknown) => (Array.isArray(value) && value.length > 0 ? value : undefined),
    example: {
      value: [{ code: 'def perform_eval(run, example):\n    return {"has_output": run["outputs"] is not None}\n', language: "python" }],
      changed: [{ code: "function performEval(run) {\n  return { has_output: run.outputs != null };\n}\n", language: "javascript" }],
    },
  },
] as const satisfies FieldTable;
