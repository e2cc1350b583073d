/**
 * Commits of a prompt (`/commits/{owner}/{repo}`, at the origin rather than
 * under `/api/v1`, served by one of the service's Go services: a malformed
 * request is a 400 and errors are `{"error": "..."}`): the prompt's versions,
 * each a manifest (the LangChain-serialized prompt) and its hash.
 *
 * What the service does that the contract cannot say:
 * - Commits are immutable: there is no route to change or delete one; they
 *   go with their prompt. A push (`POST`, 201) makes exactly one commit and
 *   answers it as `{"commit": {...}}`; a push of the manifest the latest
 *   commit holds answers 409 `Nothing to commit` and makes none.
 * - The manifest is required and must be a LangChain serialized object: an
 *   `id` list (400 `Manifest must have an id field` otherwise) whose last
 *   name is a prompt type the hub stores (`ChatPromptTemplate`,
 *   `PromptTemplate`, `StructuredPrompt`, the few-shot and image templates,
 *   or a `RunnableSequence` of a prompt and a model; 400 `Manifest type ...
 *   is not supported` otherwise). `description` holds at most 1000
 *   characters. Fields sent as `null` read as absent (Go's JSON decoding).
 * - The parent is the latest commit, or `parent_commit` (a hash, or a prefix
 *   of at least 8 characters, of one of the prompt's commits; 404 otherwise).
 *   The first commit has no parent: `parent_commit_hash` is `""` and
 *   `parent_id` the zero UUID (the Go service's zero values).
 * - `commit_hash` is a SHA-256 (64 hex characters) of the prompt, the
 *   parent's hash and the manifest; `manifest_sha` the SHA-256 of the
 *   manifest as bytes.
 * - `GET /commits/{owner}/{repo}/{commit}` reads `latest` (the newest
 *   commit), a commit tag's name, a hash or a prefix of at least 8
 *   characters, and answers the manifest (`examples` empty: the emulator
 *   keeps no example runs; `model_config` empty and `model_provider` `""`).
 * - The list answers `{"commits": [...], "total": n}`, newest first, paged by
 *   `offset` and `limit` (default 20, at most 100); `tag` keeps the commit
 *   that tag points at.
 * - `skip_webhooks` is read and ignored: the emulator calls no webhooks.
 * - `{owner}` is `-` or the workspace's handle (404 otherwise); reading needs
 *   `prompts:read`, pushing `prompts:update`.
 */
import { createHash } from "node:crypto";
import type { EmulatorContext } from "../core/context";
import { detailError, type FastApiValidationError } from "../http/errors";
import { boolQuery, throwIfInvalid } from "../http/params";
import type { KindRecord } from "../core/types";
import { zCommitsCreateCommitReq } from "../wire/tracingAndEvaluation";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import { checkOwner, commitsOf, fullName, PROMPT_COMMITS_KIND, PROMPT_PERMISSIONS, PROMPT_TAGS_KIND, PROMPTS } from "./prompts";
import { kindRecords } from "../kinds/records";

type Json = Record<string, unknown>;

/** The zero UUID, Go's zero value of a commit's `parent_id` when it has no parent. */
const ZERO_UUID = "00000000-0000-0000-0000-000000000000";

/** The prompt types (last name of a manifest's `id`) the hub stores. */
const PROMPT_TYPES = new Set([
  "ChatPromptTemplate",
  "PromptTemplate",
  "StructuredPrompt",
  "FewShotPromptTemplate",
  "FewShotChatMessagePromptTemplate",
  "ImagePromptTemplate",
  "RunnableSequence",
]);

/** JSON with object keys sorted, so equal manifests hash and compare equal. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.keys(value as Json)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${stableJson((value as Json)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value);
}

/** Checks a manifest as the hub does (400 otherwise). */
function checkManifest(manifest: unknown): Json {
  if (manifest === undefined) throw detailError(400, "manifest is required");
  const id = (manifest as Json)["id"];
  if (!Array.isArray(id) || id.length === 0 || !id.every((part) => typeof part === "string")) throw detailError(400, "Manifest must have an id field");
  const type = String(id[id.length - 1]);
  if (!PROMPT_TYPES.has(type)) throw detailError(400, `Manifest type ${type} is not supported`);
  return manifest as Json;
}

/** The commit a hash, or a prefix of at least 8 characters, names among `commits`. */
export function commitByHash(commits: readonly KindRecord[], hash: string): KindRecord | undefined {
  const wanted = hash.toLowerCase();
  if (wanted.length < 8) return undefined;
  return [...commits].reverse().find((c) => String(c.wire["commit_hash"]).startsWith(wanted));
}

/** The commit `latest`, a tag's name or a hash (prefix) names among a prompt's commits (oldest first). */
export function resolveCommit(
  ctx: EmulatorContext,
  promptId: string,
  ref: string,
  commits: readonly KindRecord[] = commitsOf(ctx, promptId),
): KindRecord | undefined {
  if (ref === "latest") return commits[commits.length - 1];
  const tag = kindRecords(ctx, PROMPT_TAGS_KIND).find((t) => t.parentId === promptId && t.wire["tag_name"] === ref);
  if (tag !== undefined) return commits.find((c) => c.id === tag.wire["commit_id"]);
  return commitByHash(commits, ref);
}

function deriveCommit(body: Json, call: KindCall): Json {
  const promptId = call.parentId ?? "";
  const manifest = checkManifest(body["manifest"]);
  const description = body["description"] ?? "";
  if (typeof description === "string" && description.length > 1000) throw detailError(400, "description holds at most 1000 characters");
  const commits = commitsOf(call.ctx, promptId);
  const latest = commits[commits.length - 1];
  if (latest !== undefined && stableJson(latest.wire["manifest"]) === stableJson(manifest))
    throw detailError(409, "Nothing to commit: the manifest is the latest commit's");
  const named = typeof body["parent_commit"] === "string" && body["parent_commit"] !== "" ? body["parent_commit"] : undefined;
  const parent = named === undefined ? latest : commitByHash(commits, named);
  if (named !== undefined && parent === undefined) throw detailError(404, `Parent commit ${named} not found`);
  const parentHash = parent === undefined ? "" : String(parent.wire["commit_hash"]);
  const manifestJson = stableJson(manifest);
  return {
    manifest,
    description,
    parent_id: parent?.id ?? ZERO_UUID,
    parent_commit_hash: parentHash,
    repo_id: promptId,
    commit_hash: createHash("sha256").update(`${promptId}\n${parentHash}\n${manifestJson}`).digest("hex"),
    manifest_sha: [...createHash("sha256").update(manifestJson).digest()],
    example_run_ids: [],
    num_downloads: 0,
    num_views: 0,
  };
}

/** The commit kind. */
export const PROMPT_COMMITS = defineKind({
  name: PROMPT_COMMITS_KIND,
  noun: "Commit",
  scope: "workspace",
  collection: "/commits/:owner/:repo",
  idParam: "commit",
  parent: { param: "repo", kind: PROMPTS.name, field: "repo_handle" },
  itemKey: { resolve: (ref, commits, call) => resolveCommit(call.ctx, call.parentId ?? "", ref, commits) },
  checkPath: (call) => {
    checkOwner(call);
    // The item's flags, read as the Go service reads them (400 for a malformed one).
    const errors: FastApiValidationError[] = [];
    for (const flag of ["get_examples", "include_model", "is_view"]) boolQuery(call.query, flag, errors);
    throwIfInvalid(errors);
  },
  errors: "go",
  permissions: { read: PROMPT_PERMISSIONS.read, write: PROMPT_PERMISSIONS.update },
  create: { schema: zCommitsCreateCommitReq, derive: deriveCommit, status: 201 },
  hidden: ["skip_webhooks", "parent_commit"],
  render: (record, ctx) => {
    const prompt = kindRecords(ctx, PROMPTS.name).find((p) => p.id === record.parentId);
    return { full_name: prompt === undefined ? "" : fullName(ctx, prompt) };
  },
  get: true,
  newestFirst: true,
  listQuery: {
    tag: {
      type: "custom",
      read: (query, name, _errors, call) => {
        const tag = query[name];
        if (tag === undefined || call === undefined) return undefined;
        const found = kindRecords(call.ctx, PROMPT_TAGS_KIND).find((t) => t.parentId === call.parentId && t.wire["tag_name"] === String(tag));
        return (o) => found !== undefined && o["id"] === found.wire["commit_id"];
      },
    },
    include_stats: { type: "boolean" },
    offset: { type: "offset" },
    limit: { type: "limit", default: 20, max: 100 },
  },
  listAnswer: (commits, _call, total) => ({ commits, total }),
  answers: {
    create: (commit) => ({ commit }),
    get: (commit) => ({
      commit_hash: commit["commit_hash"],
      manifest: commit["manifest"],
      examples: [],
      description: commit["description"],
      is_draft: false,
      model_config: {},
      model_provider: "",
    }),
  },
  afterCreate: (record, call) => {
    const prompt = kindRecords(call.ctx, PROMPTS.name).find((p) => p.id === record.parentId);
    if (prompt !== undefined) prompt.wire["updated_at"] = call.nowIso;
  },
});
