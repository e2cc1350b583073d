/**
 * The files of an agent or skill repository of the hub
 * (`/api/v1/platform/hub/repos/{owner}/{repo}/directories`, with
 * `X-Tenant-Id`), kept as commits. Served by a Go service: a malformed
 * request is a 400, every error `{"error": "..."}`.
 *
 * What the service does that the contract cannot say (the emulator's choices
 * where nothing public says it):
 * - `{owner}` is `-` or the workspace's handle, as for the prompts.
 * - `POST .../directories/commits` applies a patch: each path of `files`
 *   mapped to an object (the entry, whose shape no public source describes:
 *   kept as given) creates or replaces that file, and mapped to `null`
 *   removes it (a path the head lacks is ignored). The first commit creates
 *   the repository (as the community Terraform provider assumes); a
 *   repository handle a prompt of the workspace has is refused (400: not an
 *   agent or skill repository). With `parent_commit`, the commit is refused
 *   (409) unless that is the head's hash; a commit that would change
 *   nothing is refused (400). It answers `{commit: {id, commit_hash,
 *   created_at}}`.
 * - `GET .../directories` answers the files at `commit` (a commit hash, or
 *   `latest`, the default), 404 for an unknown repository or commit.
 * - `DELETE .../directories` deletes the repository and every commit
 *   (`repo_type`, when given, must be `agent` or `skill`), answering 204.
 * - Permissions: `prompts:read` to read, `prompts:update` to commit,
 *   `prompts:delete` to delete.
 */
import { createHash, randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { EmulatorContext } from "../../core/context";
import type { KindRecord } from "../../core/types";
import { HttpError } from "../../http/errors";
import { parseBody } from "../../http/validation";
import { zDirectoriesCreateDirectoryCommitRequest } from "../../wire/additions";
import { goErrorHandler } from "../../kinds/goErrors";
import type { KindCall } from "../../kinds/kindCall";
import { kindRecords } from "../../kinds/records";
import { authenticateFor } from "../../kinds/scopeAuth";
import { checkOwner } from "../prompts";

type Json = Record<string, unknown>;

const KIND_NAME = "hubDirectories";
const DIRECTORY = "/api/v1/platform/hub/repos/:owner/:repo/directories";

/** One commit of a directory: its id, hash, time and the whole tree it leaves. */
interface DirectoryCommit {
  id: string;
  commit_hash: string;
  created_at: string;
  files: Json;
}

/** The caller's workspace and the repository the path names (after the owner check). */
function callOf(ctx: EmulatorContext, request: FastifyRequest, permission: string): { call: KindCall; handle: string } {
  const { auth, scopeId } = authenticateFor(ctx, request, "workspace", permission);
  const params = (request.params ?? {}) as Record<string, string>;
  const call: KindCall = { ctx, auth, scopeId, parentId: null, nowIso: new Date(ctx.now()).toISOString(), params, query: (request.query ?? {}) as Json };
  checkOwner(call);
  return { call, handle: params["repo"] ?? "" };
}

/** The stored directory of the workspace with this handle. */
function directoryOf(ctx: EmulatorContext, scopeId: string, handle: string): KindRecord | undefined {
  return kindRecords(ctx, KIND_NAME).find((record) => record.scopeId === scopeId && record.wire["repo_handle"] === handle);
}

const commitsOf = (record: KindRecord): DirectoryCommit[] => record.wire["commits"] as DirectoryCommit[];

/** The tree after the patch: an object entry sets its path, `null` removes it. */
function applied(files: Json, patch: Json): Json {
  const next = { ...files };
  for (const [path, entry] of Object.entries(patch)) {
    if (path === "") throw new HttpError(400, { error: "a file path may not be empty" });
    if (entry === null) delete next[path];
    else if (typeof entry === "object" && !Array.isArray(entry)) next[path] = entry;
    else throw new HttpError(400, { error: `files[${JSON.stringify(path)}] must be an entry object or null` });
  }
  return next;
}

/** Registers the directory routes: the commit, the read at a commit, the delete. */
export function registerHubDirectoryRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const errorHandler = goErrorHandler("go");
  app.route({
    method: "POST",
    url: `${DIRECTORY}/commits`,
    errorHandler,
    handler: async (request) => {
      const { call, handle } = callOf(ctx, request, "prompts:update");
      const body = parseBody(zDirectoriesCreateDirectoryCommitRequest, request.body);
      const prompt = kindRecords(ctx, "prompts").find((record) => record.scopeId === call.scopeId && record.wire["repo_handle"] === handle);
      if (prompt !== undefined && prompt.wire["repo_type"] !== "agent" && prompt.wire["repo_type"] !== "skill") {
        throw new HttpError(400, { error: `${handle} is not an agent or skill repository` });
      }
      const existing = directoryOf(ctx, call.scopeId, handle);
      const head = existing === undefined ? undefined : commitsOf(existing).at(-1);
      if (body.parent_commit !== undefined && body.parent_commit !== "" && body.parent_commit !== head?.commit_hash) {
        throw new HttpError(409, { error: `parent_commit ${body.parent_commit} is not the head of ${handle} (${head?.commit_hash ?? "no commit yet"})` });
      }
      const files = applied(head?.files ?? {}, body.files ?? {});
      if (head !== undefined && JSON.stringify(files) === JSON.stringify(head.files)) throw new HttpError(400, { error: "the commit changes nothing" });
      const commit: DirectoryCommit = {
        id: randomUUID(),
        commit_hash: createHash("sha256")
          .update(`${head?.commit_hash ?? ""}\n${JSON.stringify(files)}\n${call.nowIso}`)
          .digest("hex")
          .slice(0, 8),
        created_at: call.nowIso,
        files,
      };
      if (existing === undefined) {
        const id = randomUUID();
        kindRecords(ctx, KIND_NAME).push({ id, scopeId: call.scopeId, parentId: null, wire: { id, repo_handle: handle, commits: [commit] } });
      } else {
        commitsOf(existing).push(commit);
      }
      ctx.store.commit();
      return { commit: { id: commit.id, commit_hash: commit.commit_hash, created_at: commit.created_at } };
    },
  });
  app.route({
    method: "GET",
    url: DIRECTORY,
    errorHandler,
    handler: async (request) => {
      const { call, handle } = callOf(ctx, request, "prompts:read");
      const record = directoryOf(ctx, call.scopeId, handle);
      if (record === undefined) throw new HttpError(404, { error: `repository ${handle} not found` });
      const wanted = typeof call.query["commit"] === "string" && call.query["commit"] !== "" ? call.query["commit"] : "latest";
      const commits = commitsOf(record);
      const commit = wanted === "latest" ? commits.at(-1) : commits.find((candidate) => candidate.commit_hash.startsWith(wanted));
      if (commit === undefined) throw new HttpError(404, { error: `commit ${wanted} of ${handle} not found` });
      return { commit_hash: commit.commit_hash, commit_id: commit.id, files: commit.files };
    },
  });
  app.route({
    method: "DELETE",
    url: DIRECTORY,
    errorHandler,
    handler: async (request, reply) => {
      const { call, handle } = callOf(ctx, request, "prompts:delete");
      const repoType = z.enum(["agent", "skill"]).optional().safeParse(call.query["repo_type"]);
      if (!repoType.success) throw new HttpError(400, { error: "repo_type must be agent or skill" });
      const record = directoryOf(ctx, call.scopeId, handle);
      if (record === undefined) throw new HttpError(404, { error: `repository ${handle} not found` });
      ctx.store.state.objects[KIND_NAME] = kindRecords(ctx, KIND_NAME).filter((candidate) => candidate !== record);
      ctx.store.commit();
      return reply.code(204).send();
    },
  });
}
