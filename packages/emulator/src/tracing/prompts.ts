/**
 * Prompts of a workspace (the prompt hub's "repos", `/api/v1/repos`, with
 * `X-Tenant-Id`), addressed as `/api/v1/repos/{owner}/{repo}`. Their versions
 * are commits (`promptCommits.ts`, at the origin's `/commits/{owner}/{repo}`)
 * and their commit tags point at one commit each (`promptTags.ts`).
 *
 * What the service does that the contract cannot say:
 * - `{owner}` is the workspace's handle (`tenant_handle`), or `-` for the
 *   caller's workspace (what the SDKs send for a prompt named without an
 *   owner). Another owner answers 404: the emulator serves no other
 *   workspace's public prompts.
 * - A prompt is named by `repo_handle`, unique in its workspace (409); the
 *   handle is the name in `owner/name:commit` identifiers, so it may not be
 *   empty nor hold `/`, `:` or white space (400, the emulator's reading of that
 *   grammar). `repo_type` defaults to `prompt`.
 * - A public prompt (`is_public: true`, on create or by `PATCH`) needs the
 *   workspace to have a handle (400 otherwise, as the SDKs warn).
 * - `owner` is the workspace's handle (`null` without one) and `full_name`
 *   `<owner>/<repo_handle>` (`-/<repo_handle>` without one); `num_commits`,
 *   `last_commit_hash` and `commit_tags` follow the prompt's commits and tags;
 *   pushing a commit moves `updated_at`. `num_likes` counts the callers that
 *   like it (`POST /api/v1/likes/...`, `sdk/promptLikes.ts`); downloads and views stay 0.
 * - `PATCH` changes only the fields sent; `null` leaves a field as it is
 *   (the service's `Optional[...] = None` update model). The manifest changes
 *   only by pushing a commit.
 * - `DELETE /api/v1/repos/{owner}/{repo}` deletes the prompt with its
 *   commits and tags and answers `null`; `DELETE /api/v1/repos?repo_ids=...`
 *   (1 to 100 UUIDs) deletes those of the workspace's prompts it names.
 * - The list reads `query` (in the handle or description), `is_public`
 *   (`true`/`false`), `is_archived` (`true`: archived only, `false`: not
 *   archived, `allow` or absent: both), `has_commits`, `tags` (prompts holding
 *   every one), `tag_value_id` (prompts tagged with one of these resource tag
 *   values), `tenant_id`, `tenant_handle`, `repo_type`, `repo_types`,
 *   `source`, `sort_field` (`relevance` sorts by `updated_at`),
 *   `sort_direction` (default `desc`), `offset` and `limit` (default 20, at
 *   most 100), and answers `{"repos": [...], "total": n}` (`total` before the
 *   page); `with_latest_manifest=true` adds each prompt's latest commit.
 *   `GET /api/v1/repos/tags` counts the prompts' tags among the prompts the
 *   same filters select (most used first, paged the same way).
 * - Reading needs `prompts:read`; creating `prompts:create`, changing
 *   `prompts:update`, deleting `prompts:delete` (403 naming the missing one).
 */
import { detailError } from "../http/errors";
import type { EmulatorContext } from "../core/context";
import { boolQuery, canonicalUuid, enumQuery, intQuery, isUuid, type RawQuery, uuidParsingError } from "../http/params";
import type { KindRecord } from "../core/types";
import { zCreateRepoRequest, zUpdateRepoRequest } from "../wire/tracingAndEvaluation";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import { kindRecords } from "../kinds/records";

type Json = Record<string, unknown>;

/** Kind names of a prompt's commits and commit tags (declared in their own files, which import this one). */
export const PROMPT_COMMITS_KIND = "promptCommits";
export const PROMPT_TAGS_KIND = "promptTags";

/** Permissions of the prompt hub. */
export const PROMPT_PERMISSIONS = {
  read: "prompts:read",
  write: "prompts:update",
  create: "prompts:create",
  update: "prompts:update",
  delete: "prompts:delete",
} as const;

/** The handle (`tenant_handle`) of a workspace, or null when it has none (the seeded workspaces have none). */
export function workspaceHandle(ctx: EmulatorContext, workspaceId: string): string | null {
  const workspace = kindRecords(ctx, "workspaces").find((r) => r.id === workspaceId);
  const handle = workspace?.wire["tenant_handle"];
  return typeof handle === "string" && handle !== "" ? handle : null;
}

/** Checks the `{owner}` path parameter: `-` or the caller's workspace's handle (404 otherwise). */
export function checkOwner(call: KindCall): void {
  const owner = call.params["owner"] ?? "-";
  if (owner === "-" || owner === workspaceHandle(call.ctx, call.scopeId)) return;
  throw detailError(404, `Owner ${owner} not found: use "-" or this workspace's handle`);
}

/** A prompt's commits, oldest first. */
export function commitsOf(ctx: EmulatorContext, promptId: string): KindRecord[] {
  return kindRecords(ctx, PROMPT_COMMITS_KIND).filter((r) => r.parentId === promptId);
}

/** `<owner>/<repo_handle>` of a stored prompt. */
export function fullName(ctx: EmulatorContext, prompt: KindRecord): string {
  return `${workspaceHandle(ctx, prompt.scopeId) ?? "-"}/${String(prompt.wire["repo_handle"])}`;
}

function checkHandle(handle: unknown): void {
  if (typeof handle !== "string" || handle === "" || /[/:\s]/.test(handle)) {
    throw detailError(400, `repo_handle ${JSON.stringify(handle)} is not a prompt name: it may not be empty nor hold '/', ':' or white space`);
  }
}

function checkPublic(isPublic: unknown, call: KindCall): void {
  if (isPublic === true && workspaceHandle(call.ctx, call.scopeId) === null) {
    throw detailError(400, "Cannot make a prompt public before the workspace has a handle (tenant_handle)");
  }
}

function renderPrompt(record: KindRecord, ctx: EmulatorContext): Json {
  const commits = commitsOf(ctx, record.id);
  const latest = commits[commits.length - 1];
  return {
    owner: workspaceHandle(ctx, record.scopeId),
    full_name: fullName(ctx, record),
    // Likes are kept by `sdk/promptLikes.ts`: one per caller.
    num_likes: Array.isArray(record.wire["liked_by"]) ? record.wire["liked_by"].length : 0,
    num_downloads: 0,
    num_views: 0,
    liked_by_auth_user: false,
    last_commit_hash: latest?.wire["commit_hash"] ?? null,
    num_commits: commits.length,
    commit_tags: kindRecords(ctx, PROMPT_TAGS_KIND)
      .filter((r) => r.parentId === record.id)
      .map((r) => r.wire["tag_name"]),
    original_repo_full_name: null,
    upstream_repo_full_name: null,
    latest_commit_manifest: null,
  };
}

/** The latest commit of a prompt as `latest_commit_manifest` shows it, or null without commits. */
function latestManifest(ctx: EmulatorContext, promptId: string): Json | null {
  const commits = commitsOf(ctx, promptId);
  const latest = commits[commits.length - 1];
  return latest === undefined ? null : { commit_hash: latest.wire["commit_hash"], manifest: latest.wire["manifest"], examples: [] };
}

function repeatedValues(query: RawQuery, name: string): string[] {
  const raw = query[name];
  return raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
}

/** The tags' counts among the selected prompts, most used first, paged by `offset` and `limit`. */
function tagCounts(objects: Json[], call: KindCall): Json {
  const counts = new Map<string, number>();
  for (const o of objects) for (const tag of (o["tags"] as string[] | undefined) ?? []) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const offset = intQuery(call.query, "offset", { defaultValue: 0, ge: 0 }, []);
  const limit = intQuery(call.query, "limit", { defaultValue: 20, ge: 1, le: 100 }, []);
  return { tags: sorted.slice(offset, offset + limit).map(([tag, count]) => ({ tag, count })) };
}

/** The prompt kind. */
export const PROMPTS = defineKind({
  name: "prompts",
  noun: "Prompt",
  scope: "workspace",
  collection: "/api/v1/repos",
  idParam: "repo",
  paths: { item: "/api/v1/repos/:owner/:repo" },
  itemKey: { field: "repo_handle" },
  checkPath: checkOwner,
  permissions: PROMPT_PERMISSIONS,
  create: {
    schema: zCreateRepoRequest,
    defaults: { description: null, readme: null, tags: [], repo_type: "prompt", source: null, restricted_mode: false },
    derive: (body, call) => {
      checkHandle(body["repo_handle"]);
      checkPublic(body["is_public"], call);
      return {
        tags: body["tags"] ?? [],
        restricted_mode: body["restricted_mode"] ?? false,
        is_archived: false,
        tenant_id: call.scopeId,
        original_repo_id: null,
        upstream_repo_id: null,
        created_by: null,
      };
    },
  },
  get: true,
  patch: {
    schema: zUpdateRepoRequest,
    ignoreNull: true,
    check: (body, call) => checkPublic(body["is_public"], call),
  },
  delete: { answer: "empty" },
  bulkDelete: { param: "repo_ids", style: "repeated", maxItems: 100, answer: () => null },
  unique: ["repo_handle"],
  hidden: ["liked_by"],
  render: renderPrompt,
  answers: {
    create: (repo) => ({ repo }),
    get: (repo) => ({ repo }),
    patch: (repo) => ({ repo }),
  },
  listQuery: {
    with_latest_manifest: { type: "boolean" },
    query: { type: "search", fields: ["repo_handle", "description"] },
    is_public: {
      type: "custom",
      read: (query, name, errors) => {
        const value = boolQuery(query, name, errors);
        return value === undefined ? undefined : (o) => o["is_public"] === value;
      },
    },
    is_archived: {
      type: "custom",
      read: (query, name, errors) => {
        const value = enumQuery(query, name, ["true", "allow", "false"], errors);
        if (value === "true") return (o) => o["is_archived"] === true;
        return value === "false" ? (o) => o["is_archived"] !== true : undefined;
      },
    },
    has_commits: {
      type: "custom",
      read: (query, name, errors) => {
        const value = boolQuery(query, name, errors);
        return value === undefined ? undefined : (o) => Number(o["num_commits"]) > 0 === value;
      },
    },
    tags: {
      type: "custom",
      read: (query, name) => {
        const wanted = repeatedValues(query, name);
        return wanted.length === 0 ? undefined : (o) => wanted.every((tag) => ((o["tags"] as string[] | undefined) ?? []).includes(tag));
      },
    },
    tag_value_id: {
      type: "custom",
      read: (query, name, errors, call) => {
        const values = repeatedValues(query, name);
        values.forEach((value, index) => {
          if (!isUuid(value)) errors.push(uuidParsingError(value, ["query", name, index]));
        });
        const wanted = new Set(values.filter(isUuid).map(canonicalUuid));
        if (wanted.size === 0 || call === undefined) return undefined;
        const tagged = new Set(
          kindRecords(call.ctx, "taggings")
            .filter((t) => t.scopeId === call.scopeId && t.wire["resource_type"] === "prompt" && wanted.has(String(t.wire["tag_value_id"])))
            .map((t) => String(t.wire["resource_id"])),
        );
        return (o) => tagged.has(String(o["id"]));
      },
    },
    tenant_id: { type: "uuid", filters: "tenant_id" },
    tenant_handle: { type: "string", filters: "owner" },
    repo_type: { type: "enum", values: ["prompt", "file", "agent", "skill"], filters: "repo_type" },
    repo_types: { type: "strings", filters: "repo_type" },
    source: { type: "enum", values: ["internal", "external"], filters: "source" },
    sort_field: {
      type: "sortBy",
      default: "updated_at",
      fields: {
        num_likes: ["num_likes", "updated_at"],
        num_downloads: ["num_downloads", "updated_at"],
        num_views: ["num_views", "updated_at"],
        updated_at: ["updated_at"],
        relevance: ["updated_at"],
      },
    },
    sort_direction: { type: "direction", default: "desc" },
    offset: { type: "offset" },
    limit: { type: "limit", default: 20, max: 100 },
  },
  listAnswer: (repos, call, total) => {
    const withManifest = boolQuery(call.query, "with_latest_manifest", []) === true;
    return { repos: withManifest ? repos.map((r) => ({ ...r, latest_commit_manifest: latestManifest(call.ctx, String(r["id"])) })) : repos, total };
  },
  summaries: [{ path: "/api/v1/repos/tags", answer: tagCounts }],
});
