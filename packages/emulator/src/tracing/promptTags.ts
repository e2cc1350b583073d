/**
 * Commit tags of a prompt (`/api/v1/repos/{owner}/{repo}/tags`, addressed
 * by `tag_name`): a name pointing at one of the prompt's commits (`prod`,
 * `staging`, ...), so a program may pull `owner/name:prod` and follow the tag.
 *
 * What the service does that the contract cannot say:
 * - A tag names a commit of its prompt (`commit_id`; 404 for a commit the
 *   prompt does not have) and answers that commit's `commit_hash`. A name is
 *   unique in its prompt (409); `latest` is not a tag name (400): it always
 *   means the newest commit.
 * - `PATCH` with another `commit_id` moves the tag in one request (same id and
 *   `created_at`); the commits themselves never change.
 * - `DELETE` removes the tag (the commit stays) and answers `null`; deleting
 *   the prompt deletes its tags.
 * - `skip_webhooks` is read and ignored: the emulator calls no webhooks.
 * - `{owner}` is `-` or the workspace's handle (404 otherwise); reading needs
 *   `prompts:read`, writing `prompts:update`.
 */
import { detailError } from "../http/errors";
import { zRepoTagRequest, zRepoUpdateTagRequest } from "../wire/tracingAndEvaluation";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import { checkOwner, commitsOf, PROMPT_PERMISSIONS, PROMPT_TAGS_KIND, PROMPTS } from "./prompts";

/** The fields of a tag pointing at `commitId`, which must be a commit of the prompt (404 otherwise). */
function pointAt(commitId: unknown, call: KindCall): Record<string, unknown> {
  const id = String(commitId).toLowerCase();
  const commit = commitsOf(call.ctx, call.parentId ?? "").find((c) => c.id === id);
  if (commit === undefined) throw detailError(404, `Commit ${id} not found in this prompt`);
  return { commit_id: id, commit_hash: commit.wire["commit_hash"], repo_id: call.parentId };
}

/** The commit tag kind. */
export const PROMPT_TAGS = defineKind({
  name: PROMPT_TAGS_KIND,
  noun: "Tag",
  scope: "workspace",
  collection: "/api/v1/repos/:owner/:repo/tags",
  idParam: "tag_name",
  parent: { param: "repo", kind: PROMPTS.name, field: "repo_handle" },
  itemKey: { field: "tag_name" },
  checkPath: checkOwner,
  permissions: { read: PROMPT_PERMISSIONS.read, write: PROMPT_PERMISSIONS.update },
  create: {
    schema: zRepoTagRequest,
    derive: (body, call) => {
      if (body["tag_name"] === "latest" || body["tag_name"] === "")
        throw detailError(400, `${JSON.stringify(body["tag_name"])} is not a tag name: "latest" always means the newest commit`);
      return pointAt(body["commit_id"], call);
    },
  },
  get: true,
  patch: {
    schema: zRepoUpdateTagRequest,
    derive: (changes, _record, call) => pointAt(changes["commit_id"], call),
  },
  delete: { answer: "empty" },
  unique: ["tag_name"],
  hidden: ["skip_webhooks"],
});
