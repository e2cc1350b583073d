/**
 * Evaluators of a workspace (`/v1/platform/evaluators`, with `X-Tenant-Id`,
 * served by one of the service's Go services: a malformed request is a 400
 * and errors are `{"error": "..."}`): LLM-as-judge evaluators (a prompt of
 * the workspace's hub, at a commit or tag, with a mapping of the run's fields
 * to the prompt's variables) and code evaluators (Python or JavaScript).
 * Automation rules attach one to a project (online evaluation) or a dataset
 * (offline evaluation) by `evaluator_id`.
 *
 * What the service does that the contract cannot say:
 * - `name` and `type` are required; an `llm` evaluator needs `llm_evaluator`
 *   with `prompt_repo_handle`, a prompt of the workspace, and
 *   `commit_hash_or_tag` (default `latest`) naming one of its commits; a
 *   `code` evaluator needs `code_evaluator.code`, `language` `python`
 *   (the default) or `javascript`. The other type's settings are refused.
 *   All of these are 400s.
 * - `feedback_keys` are the keys the evaluator scores: the properties of the
 *   output schema of an LLM evaluator's prompt (a `StructuredPrompt`'s
 *   `schema_`) at its commit; none for a code evaluator (its keys are known
 *   only when it runs). `run_rules` are the automation rules using it now.
 *   `spend_usd` stays 0: the emulator runs no evaluator.
 * - The answers fill every field the Go service's structs hold (`""`, `0`,
 *   `false`, `{}`), the settings of the other type included.
 * - The create answers 201 `{"evaluator": {...}}`, `PATCH` 200 the same
 *   shape (`name`, and the fields of the evaluator's own type sent, merged
 *   into its settings), `GET` the evaluator itself.
 * - `DELETE` answers 204; while automation rules use the evaluator it answers
 *   409, unless `delete_run_rules=true` deletes them first. `DELETE
 *   /v1/platform/evaluators?evaluator_ids=a,b` deletes several and answers
 *   which went (`succeeded`) and which did not, with why (`failed`).
 * - The list reads `type`, `name_contains` (in the name), `feedback_key`,
 *   `resource_id` (evaluators used by rules of these projects or datasets),
 *   `tag_value_id` (evaluators tagged with one of these values), `sort_by`
 *   (`name`, `created_at`, `updated_at`; default `created_at`),
 *   `sort_by_desc` (default true), `offset` and `limit` (default 100, at most
 *   100); lists are comma-separated. It answers `{"evaluators": [...],
 *   "total": n}` (`total` before the page).
 * - Reading needs `rules:read`; creating `rules:create`, changing
 *   `rules:update`, deleting `rules:delete` (403 naming the missing one).
 */
import { detailError } from "../http/errors";
import type { EmulatorContext } from "../core/context";
import { boolQuery, canonicalUuid, isUuid, type RawQuery, throwIfInvalid, uuidParsingError } from "../http/params";
import type { FastApiValidationError } from "../http/errors";
import type { KindRecord } from "../core/types";
import { zEvaluatorsCreateEvaluatorRequest, zEvaluatorsUpdateEvaluatorRequest } from "../wire/tracingAndEvaluation";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import { resolveCommit } from "./promptCommits";
import { PROMPTS } from "./prompts";
import { kindRecords } from "../kinds/records";
import { RULE_TARGET_KINDS } from "./runRules";

type Json = Record<string, unknown>;

const LLM_ZERO: Json = {
  annotation_queue_id: "",
  commit_hash_or_tag: "",
  corrections_dataset_id: "",
  evaluator_id: "",
  num_few_shot_examples: 0,
  prompt_id: "",
  prompt_repo_handle: "",
  use_corrections_dataset: false,
  variable_mapping: {},
};
const CODE_ZERO: Json = { code: "", evaluator_id: "", language: "" };
const RULE_ZERO: Json = {
  corrections_dataset_id: "",
  dataset_id: "",
  dataset_name: "",
  group_by: "",
  id: "",
  num_few_shot_examples: 0,
  session_id: "",
  session_name: "",
  use_corrections_dataset: false,
};

/** The checked settings of an LLM evaluator: its prompt must be the workspace's, its commit or tag one of the prompt's (400 otherwise). */
function llmSettings(settings: Json, call: KindCall): Json {
  const handle = settings["prompt_repo_handle"];
  if (typeof handle !== "string" || handle === "") throw detailError(400, "llm_evaluator.prompt_repo_handle is required");
  const prompt = kindRecords(call.ctx, PROMPTS.name).find((p) => p.scopeId === call.scopeId && p.wire["repo_handle"] === handle);
  if (prompt === undefined) throw detailError(400, `prompt ${handle} not found in this workspace`);
  const ref = typeof settings["commit_hash_or_tag"] === "string" && settings["commit_hash_or_tag"] !== "" ? settings["commit_hash_or_tag"] : "latest";
  if (resolveCommit(call.ctx, prompt.id, ref) === undefined) throw detailError(400, `prompt ${handle} has no commit or tag ${ref}`);
  return { variable_mapping: {}, ...settings, commit_hash_or_tag: ref, prompt_id: prompt.id };
}

/** The checked settings of a code evaluator (400 otherwise). */
function codeSettings(settings: Json): Json {
  if (typeof settings["code"] !== "string" || settings["code"].trim() === "") throw detailError(400, "code_evaluator.code is required");
  const language = settings["language"] ?? "python";
  if (language !== "python" && language !== "javascript")
    throw detailError(400, `code_evaluator.language must be python or javascript, not ${JSON.stringify(language)}`);
  return { ...settings, language };
}

function deriveEvaluator(body: Json, call: KindCall): Json {
  if (typeof body["name"] !== "string" || body["name"].trim() === "") throw detailError(400, "name is required");
  const type = body["type"];
  if (type === undefined) throw detailError(400, "type is required (llm or code)");
  const llm = body["llm_evaluator"] as Json | undefined;
  const code = body["code_evaluator"] as Json | undefined;
  if (type === "llm") {
    if (code !== undefined) throw detailError(400, "an llm evaluator takes llm_evaluator, not code_evaluator");
    if (llm === undefined) throw detailError(400, "an llm evaluator needs llm_evaluator");
    return { llm_evaluator: llmSettings(llm, call), code_evaluator: null, tenant_id: call.scopeId, created_by: "" };
  }
  if (llm !== undefined) throw detailError(400, "a code evaluator takes code_evaluator, not llm_evaluator");
  if (code === undefined) throw detailError(400, "a code evaluator needs code_evaluator");
  return { code_evaluator: codeSettings(code), llm_evaluator: null, tenant_id: call.scopeId, created_by: "" };
}

function deriveChanges(changes: Json, record: KindRecord, call: KindCall): Json {
  if ("name" in changes && (typeof changes["name"] !== "string" || changes["name"].trim() === "")) throw detailError(400, "name may not be empty");
  const type = record.wire["type"];
  const out: Json = {};
  if (changes["llm_evaluator"] !== undefined) {
    if (type !== "llm") throw detailError(400, "a code evaluator takes code_evaluator, not llm_evaluator");
    out["llm_evaluator"] = llmSettings({ ...(record.wire["llm_evaluator"] as Json), ...(changes["llm_evaluator"] as Json) }, call);
  }
  if (changes["code_evaluator"] !== undefined) {
    if (type !== "code") throw detailError(400, "an llm evaluator takes llm_evaluator, not code_evaluator");
    out["code_evaluator"] = codeSettings({ ...(record.wire["code_evaluator"] as Json), ...(changes["code_evaluator"] as Json) });
  }
  return out;
}

/** The properties of the output schema of a structured prompt's manifest. */
function schemaKeys(manifest: unknown): string[] {
  const kwargs = ((manifest ?? {}) as Json)["kwargs"] as Json | undefined;
  const schema = (kwargs?.["schema_"] ?? kwargs?.["schema"]) as Json | undefined;
  const properties = schema?.["properties"];
  return properties !== null && typeof properties === "object" ? Object.keys(properties) : [];
}

/** The automation rules of the workspace using an evaluator. */
function rulesOf(ctx: EmulatorContext, evaluator: KindRecord): KindRecord[] {
  return kindRecords(ctx, "runRules").filter((r) => r.scopeId === evaluator.scopeId && r.wire["evaluator_id"] === evaluator.id);
}

function nameOf(ctx: EmulatorContext, kind: string, id: unknown): string {
  const name = typeof id === "string" ? kindRecords(ctx, kind).find((r) => r.id === id)?.wire["name"] : undefined;
  return typeof name === "string" ? name : "";
}

function renderEvaluator(record: KindRecord, ctx: EmulatorContext): Json {
  const llm = record.wire["llm_evaluator"] as Json | null;
  const code = record.wire["code_evaluator"] as Json | null;
  let feedbackKeys: string[] = [];
  if (llm !== null && typeof llm["prompt_id"] === "string") {
    const commit = resolveCommit(ctx, llm["prompt_id"], String(llm["commit_hash_or_tag"]));
    feedbackKeys = schemaKeys(commit?.wire["manifest"]);
  }
  return {
    llm_evaluator: { ...LLM_ZERO, ...(llm ?? {}), evaluator_id: llm === null ? "" : record.id },
    code_evaluator: { ...CODE_ZERO, ...(code ?? {}), evaluator_id: code === null ? "" : record.id },
    feedback_keys: feedbackKeys,
    run_rules: rulesOf(ctx, record).map((rule) => ({
      ...RULE_ZERO,
      id: rule.id,
      session_id: rule.wire["session_id"] ?? "",
      session_name: nameOf(ctx, RULE_TARGET_KINDS.project, rule.wire["session_id"]),
      dataset_id: rule.wire["dataset_id"] ?? "",
      dataset_name: nameOf(ctx, RULE_TARGET_KINDS.dataset, rule.wire["dataset_id"]),
      group_by: rule.wire["group_by"] ?? "",
      num_few_shot_examples: rule.wire["num_few_shot_examples"] ?? 0,
      use_corrections_dataset: rule.wire["use_corrections_dataset"] === true,
    })),
    spend_usd: 0,
  };
}

function commaValues(query: RawQuery, name: string, errors: FastApiValidationError[]): Set<string> {
  const raw = query[name];
  const values = (raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)]).flatMap((v) => v.split(",")).filter((v) => v !== "");
  values.forEach((value, index) => {
    if (!isUuid(value)) errors.push(uuidParsingError(value, ["query", name, index]));
  });
  return new Set(values.filter(isUuid).map(canonicalUuid));
}

/** The evaluator kind. */
export const EVALUATORS = defineKind({
  name: RULE_TARGET_KINDS.evaluator,
  noun: "Evaluator",
  scope: "workspace",
  collection: "/v1/platform/evaluators",
  idParam: "evaluator_id",
  errors: "go",
  permissions: { read: "rules:read", write: "rules:update", create: "rules:create", update: "rules:update", delete: "rules:delete" },
  checkPath: (call) => {
    const errors: FastApiValidationError[] = [];
    boolQuery(call.query, "delete_run_rules", errors);
    throwIfInvalid(errors);
  },
  create: { schema: zEvaluatorsCreateEvaluatorRequest, derive: deriveEvaluator, status: 201 },
  get: true,
  patch: { schema: zEvaluatorsUpdateEvaluatorRequest, derive: deriveChanges },
  delete: { answer: "none" },
  bulkDelete: {
    param: "evaluator_ids",
    style: "comma",
    maxItems: 100,
    answer: (result) => ({ succeeded: result.deleted.map((r) => r.id), failed: result.failed }),
  },
  beforeDelete: (record, call) => {
    const rules = rulesOf(call.ctx, record);
    if (rules.length > 0 && boolQuery(call.query, "delete_run_rules", []) !== true) {
      throw detailError(409, `Evaluator ${record.id} is used by ${rules.length} automation rule(s): delete them first, or pass delete_run_rules=true`);
    }
  },
  render: renderEvaluator,
  answers: {
    create: (evaluator) => ({ evaluator }),
    patch: (evaluator) => ({ evaluator }),
  },
  listQuery: {
    type: { type: "enum", values: ["llm", "code"], filters: "type" },
    name_contains: { type: "search", fields: ["name", "created_by"] },
    feedback_key: { type: "string", filters: "feedback_keys" },
    resource_id: {
      type: "custom",
      read: (query, name, errors, call) => {
        const wanted = commaValues(query, name, errors);
        if (wanted.size === 0 || call === undefined) return undefined;
        const used = new Set(
          kindRecords(call.ctx, "runRules")
            .filter((r) => r.scopeId === call.scopeId && (wanted.has(String(r.wire["session_id"])) || wanted.has(String(r.wire["dataset_id"]))))
            .map((r) => String(r.wire["evaluator_id"])),
        );
        return (o) => used.has(String(o["id"]));
      },
    },
    tag_value_id: {
      type: "custom",
      read: (query, name, errors, call) => {
        const wanted = commaValues(query, name, errors);
        if (wanted.size === 0 || call === undefined) return undefined;
        const tagged = new Set(
          kindRecords(call.ctx, "taggings")
            .filter((t) => t.scopeId === call.scopeId && t.wire["resource_type"] === "evaluator" && wanted.has(String(t.wire["tag_value_id"])))
            .map((t) => String(t.wire["resource_id"])),
        );
        return (o) => tagged.has(String(o["id"]));
      },
    },
    sort_by: { type: "sortBy", default: "created_at", fields: { name: ["name", "created_at"], created_at: ["created_at"], updated_at: ["updated_at"] } },
    sort_by_desc: { type: "descending", default: true },
    offset: { type: "offset" },
    limit: { type: "limit", default: 100, max: 100 },
  },
  listAnswer: (evaluators, _call, total) => ({ evaluators, total }),
});
