/**
 * The UsageLimit's inputs: which limit (fixed) and its value (changed in
 * place). Check, diff, the wire mapping, refresh, import, the schema and
 * the reference table derive from {@link USAGE_LIMIT_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import type { FieldTable, InputsOf } from "../shared/fields";

/** The limits a workspace can set: traces per month, and extended-retention traces per month. */
export const USAGE_LIMIT_TYPES = ["monthly_traces", "monthly_longlived_traces"] as const;

/** Every input field of a UsageLimit. */
export const USAGE_LIMIT_FIELDS = [
  workspaceIdField("usage limit"),
  {
    path: "limitType",
    wire: "limit_type",
    refresh: "always",
    type: "`monthly_traces` \\| `monthly_longlived_traces`",
    doc: "Which limit: traces per month, or extended-retention traces per month; one of each per workspace (`pulumi import` accepts it instead of the id).",
    schema: z.enum(USAGE_LIMIT_TYPES),
    reason: 'limitType is required: "monthly_traces" or "monthly_longlived_traces"',
    required: true,
    effect: "replace",
    secret: false,
  },
  {
    path: "limitValue",
    wire: "limit_value",
    refresh: "always",
    type: "integer ≥ 0",
    doc: "The limit, in traces per month.",
    schema: z.number().int().min(0),
    reason: "limitValue is required: a whole number of traces per month, 0 or more",
    required: true,
    effect: "inPlace",
    secret: false,
  },
] as const satisfies FieldTable;

/** A UsageLimit's checked inputs. */
export type UsageLimitInputs = InputsOf<typeof USAGE_LIMIT_FIELDS>;
