/**
 * The model price map of a workspace (`/api/v1/model-price-map`, with
 * `X-Tenant-Id`): the cost per token the service applies to LLM runs whose
 * model name (read at `match_path`) matches `match_pattern`.
 *
 * What the service does that the contract cannot say:
 * - The list holds the workspace's own entries (`tenant_id` set) after the
 *   service's default entries (`tenant_id` `null`). Defaults can be read,
 *   not changed or deleted: a `PUT` or `DELETE` of one answers 404, as for an
 *   id the workspace does not have. To price a model differently, create an
 *   entry of its own with the same pattern.
 * - An entry's name, pattern, match path, provider and start time together
 *   are unique in the workspace: a create or a change that would repeat
 *   another entry's answers 409 (the defaults do not count).
 * - Costs are US dollars per token, given as numbers or decimal strings and
 *   answered as decimal strings (`"0.0000025"`); a string that is not a
 *   decimal answers 422. `prompt_cost_details` and `completion_cost_details`
 *   (cost per token type) are kept the same way.
 * - `PUT /{id}` replaces the whole entry: fields it leaves out go back to
 *   their defaults (`match_path` the service's list, the others `null`).
 *   Create and `PUT` answer the entry; `DELETE` answers `null`.
 * - Prices apply to runs ingested later; costs already recorded are not
 *   recomputed (the emulator computes no costs: seeded runs carry theirs).
 * - Permissions: `workspaces:read` to read, `workspaces:manage` to write.
 */
import { createHash } from "node:crypto";
import { ValidationFailure } from "../http/errors";
import type { KindRecord } from "../core/types";
import { zModelPriceMapCreateSchema, zModelPriceMapUpdateSchema } from "../wire/tracingAndEvaluation";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";

type Json = Record<string, unknown>;

/** The fields an entry leaves out, as the service fills them. */
const ENTRY_DEFAULTS = { start_time: null, prompt_cost_details: null, completion_cost_details: null, provider: null } as const;

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A cost as a plain decimal string (no exponent), or undefined when `value` is not a decimal. */
export function decimal(value: unknown): string | undefined {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : typeof value === "string" ? value.trim() : "";
  if (!DECIMAL.test(text)) return undefined;
  const [mantissa = "", exponent = "0"] = text.replace(/^\+/, "").toLowerCase().split("e");
  const sign = mantissa.startsWith("-") ? "-" : "";
  const [whole = "", fraction = ""] = mantissa.replace(/^-/, "").split(".");
  const digits = `${whole}${fraction}`;
  const point = whole.length + Number(exponent);
  const plain =
    point <= 0
      ? `0.${"0".repeat(-point)}${digits}`
      : point >= digits.length
        ? `${digits}${"0".repeat(point - digits.length)}`
        : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return `${sign}${plain.replace(/^0+(?=\d)/, "")}`;
}

/** The entry's costs as decimal strings; 422 naming each cost that is not a decimal. */
function normalizeCosts(body: Json, call: KindCall): Json {
  const errors: ConstructorParameters<typeof ValidationFailure>[0] = [];
  const fail = (loc: (string | number)[], input: unknown): void => {
    errors.push({ type: "decimal_parsing", loc: ["body", ...loc], msg: "Input should be a valid decimal", input });
  };
  const out: Json = { tenant_id: call.scopeId };
  for (const field of ["prompt_cost", "completion_cost"]) {
    const value = decimal(body[field]);
    if (value === undefined) fail([field], body[field]);
    out[field] = value;
  }
  for (const field of ["prompt_cost_details", "completion_cost_details"]) {
    const details = body[field];
    if (details === null || details === undefined) continue;
    out[field] = Object.fromEntries(
      Object.entries(details as Json).map(([key, raw]) => {
        const value = decimal(raw);
        if (value === undefined) fail([field, key], raw);
        return [key, value];
      }),
    );
  }
  if (errors.length > 0) throw new ValidationFailure(errors);
  return out;
}

/** A stable id for a default entry. */
function defaultId(name: string): string {
  const hex = createHash("sha256").update(`model-price:${name}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The service's default entries (a few of them), per token, in US dollars. */
const DEFAULT_ENTRIES: readonly { name: string; pattern: string; provider: string; prompt: string; completion: string }[] = [
  { name: "gpt-4o", pattern: "^(openai/)?gpt-4o(-2024-\\d{2}-\\d{2})?$", provider: "openai", prompt: "0.0000025", completion: "0.00001" },
  { name: "gpt-4o-mini", pattern: "^(openai/)?gpt-4o-mini(-2024-07-18)?$", provider: "openai", prompt: "0.00000015", completion: "0.0000006" },
  { name: "claude-3-5-sonnet", pattern: "^claude-3-5-sonnet(-\\d{8})?(-latest)?$", provider: "anthropic", prompt: "0.000003", completion: "0.000015" },
];

function defaults(): KindRecord[] {
  return DEFAULT_ENTRIES.map((entry) => {
    const id = defaultId(entry.name);
    return {
      id,
      // Not the workspace's: the defaults take no part in its uniqueness.
      scopeId: "langsmith-defaults",
      parentId: null,
      wire: {
        id,
        name: entry.name,
        start_time: null,
        match_path: ["model", "model_name", "model_id", "model_path", "endpoint_name"],
        match_pattern: entry.pattern,
        prompt_cost: entry.prompt,
        completion_cost: entry.completion,
        prompt_cost_details: null,
        completion_cost_details: null,
        provider: entry.provider,
        tenant_id: null,
        created_at: "2024-01-01T00:00:00.000Z",
        updated_at: "2024-01-01T00:00:00.000Z",
      },
    };
  });
}

/** The model price kind. */
export const MODEL_PRICES = defineKind({
  name: "modelPrices",
  noun: "Model price",
  scope: "workspace",
  collection: "/api/v1/model-price-map",
  idParam: "id",
  permissions: { read: "workspaces:read", write: "workspaces:manage" },
  create: { schema: zModelPriceMapCreateSchema, defaults: ENTRY_DEFAULTS, derive: normalizeCosts },
  replace: { schema: zModelPriceMapUpdateSchema, defaults: ENTRY_DEFAULTS, derive: normalizeCosts },
  delete: { answer: "empty" },
  builtIn: defaults,
  builtInNotFound: true,
  unique: [["name", "match_pattern", "match_path", "provider", "start_time"]],
});
