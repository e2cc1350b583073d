/**
 * A prompt's manifest, pushed as one commit when it is new or changed (the
 * hub's commits are immutable: a change is a new commit on top of the last).
 */
import type { LangSmithClient } from "../client";
import { ConflictError } from "../client/errors";
import { getPromptCommit } from "../invokes/tracing";
import type { Properties } from "../shared/resource";
import { sameValue } from "../shared/values";
import { LIST_COMMITS, PUSH_COMMIT } from "./endpoints";

/** Pushes `inputs.manifest` as one commit unless it is the one recorded in `olds`; answers the outputs of the latest commit. */
export async function pushManifest(client: LangSmithClient, handle: string, inputs: Properties, olds: Properties | undefined, action: string): Promise<Properties> {
  const manifest = inputs["manifest"];
  const recorded = { latestCommitHash: olds?.["latestCommitHash"], latestCommitId: olds?.["latestCommitId"] };
  if (manifest === undefined || (olds !== undefined && sameValue(olds["manifest"], manifest))) {
    return Object.fromEntries(Object.entries(recorded).filter(([, value]) => value !== undefined));
  }
  const parent = typeof recorded.latestCommitHash === "string" ? { parent_commit: recorded.latestCommitHash } : {};
  try {
    const answer = (await client.originResources.send(PUSH_COMMIT, { action: `${action}: pushing the manifest as a new commit`, params: { handle }, body: { manifest: manifest as Record<string, unknown>, ...parent } })) as {
      commit?: { commit_hash?: string; id?: string };
    };
    return { latestCommitHash: answer.commit?.commit_hash, latestCommitId: answer.commit?.id };
  } catch (error) {
    // "Nothing to commit": the latest commit already holds this manifest (e.g. after an import, which cannot read it): keep that one.
    if (!(error instanceof ConflictError)) throw error;
    const latest = await getPromptCommit(client, handle, "latest");
    if (latest === undefined || !sameValue(latest.manifest, manifest)) throw error;
    return { latestCommitHash: latest.commitHash, ...(latest.commitId !== undefined ? { latestCommitId: latest.commitId } : {}) };
  }
}

/** The latest commit's hash and id, as an import records them (`{}` for a prompt without commits). */
export async function latestCommit(client: LangSmithClient, handle: string): Promise<Properties> {
  const answer = (await client.originResources.send(LIST_COMMITS, { action: `reading the latest commit of prompt "${handle}"`, params: { handle }, query: { limit: 1 } })) as {
    commits?: { commit_hash?: string; id?: string }[];
  };
  const commit = answer.commits?.[0];
  return commit === undefined ? {} : { latestCommitHash: commit.commit_hash, latestCommitId: commit.id };
}
