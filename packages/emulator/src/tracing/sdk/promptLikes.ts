/**
 * `POST /api/v1/likes/{owner}/{repo}` `{"like": bool}`: likes or unlikes a
 * prompt for the caller, answering `{"likes": n}`, the prompt's count after
 * it. A caller (one key or token) likes a prompt at most once: liking again,
 * or unliking a prompt it does not like, changes nothing. The prompt then
 * answers `num_likes` (`../prompts.ts`).
 *
 * `{owner}` is `-` or the workspace's handle (404 otherwise), as for every
 * prompt route; it needs `prompts:read`, as liking changes no content.
 */
import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { detailError, ValidationFailure } from "../../http/errors";
import { PROMPT_PERMISSIONS, workspaceHandle } from "../prompts";
import { kindRecords } from "../../kinds/records";
import { authenticateFor } from "../../kinds/scopeAuth";

/** Registers the likes route. */
export function registerPromptLikeRoute(app: FastifyInstance, ctx: EmulatorContext): void {
  app.post("/api/v1/likes/:owner/:repo", async (request) => {
    const { auth, scopeId } = authenticateFor(ctx, request, "workspace", PROMPT_PERMISSIONS.read);
    const { owner = "-", repo = "" } = (request.params ?? {}) as Record<string, string>;
    const body = request.body as Record<string, unknown> | undefined;
    const like = body?.["like"];
    if (typeof like !== "boolean") {
      throw new ValidationFailure([
        {
          type: like === undefined ? "missing" : "bool_type",
          loc: ["body", "like"],
          msg: like === undefined ? "Field required" : "Input should be a valid boolean",
          input: like ?? null,
        },
      ]);
    }
    if (owner !== "-" && owner !== workspaceHandle(ctx, scopeId)) throw detailError(404, `Owner ${owner} not found: use "-" or this workspace's handle`);
    const prompt = kindRecords(ctx, "prompts").find((r) => r.scopeId === scopeId && r.wire["repo_handle"] === repo);
    if (prompt === undefined) throw detailError(404, "Prompt not found");
    const liker = createHash("sha256").update(auth.credential.secret).digest("hex").slice(0, 16);
    const likedBy = new Set(Array.isArray(prompt.wire["liked_by"]) ? (prompt.wire["liked_by"] as unknown[]).map(String) : []);
    if (like) likedBy.add(liker);
    else likedBy.delete(liker);
    prompt.wire["liked_by"] = [...likedBy];
    ctx.store.commit();
    return { likes: likedBy.size };
  });
}
