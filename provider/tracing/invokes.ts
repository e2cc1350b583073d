/**
 * The tracing-and-evaluation invokes: a project or a dataset by id or name,
 * and a prompt's commit by hash, tag or `latest`. Each result is copied
 * field by field from the answer (never the whole object).
 */
import type { LangSmithClient } from "../client/client";
import { defineEndpoint } from "../client/endpoint";
import { found as foundOrUndefined, InvalidRequestError } from "../client/errors";
import { zGetCommitsByOwnerByRepoByCommitResponse, zGetCommitsByOwnerByRepoResponse } from "../client/wire/tracingAndEvaluation.responses";
import { DATASET_ENDPOINTS } from "./dataset";
import { PROJECT_ENDPOINTS } from "./project";

/** `GET /commits/-/{repo}/{commit}` (at the API's origin): one commit by hash, tag or `latest`. */
export const GET_PROMPT_COMMIT = defineEndpoint({ method: "GET", path: "/commits/-/{handle}/{ref}", response: zGetCommitsByOwnerByRepoByCommitResponse });

/** `GET /commits/-/{handle}`: a prompt's commits, newest first, with their ids (`limit`, `offset`). */
export const LIST_COMMITS = defineEndpoint({ method: "GET", path: "/commits/-/{handle}", response: zGetCommitsByOwnerByRepoResponse });

/** Commits read per page when looking a commit's id up. */
const COMMIT_PAGE_SIZE = 100;

/** Which object to look up: exactly one of `id` and `name`. */
export interface ByIdOrName {
  readonly id?: string;
  readonly name?: string;
}

/** A project or dataset as these invokes report it. */
export interface NamedObjectInfo {
  id: string;
  name: string;
  description: string | null;
  /** The project's or dataset's settings and statistics the service reports, snake_case (see DETAIL_KEYS; never runs or examples). */
  details: Record<string, unknown>;
}

/** The fields `details` holds: the object's settings and its statistics (never its runs or examples). */
const DETAIL_KEYS: Readonly<Record<"project" | "dataset", readonly string[]>> = {
  project: ["tenant_id", "start_time", "end_time", "default_dataset_id", "reference_dataset_id", "trace_tier", "extra", "run_count", "last_run_start_time"],
  dataset: [
    "tenant_id",
    "created_at",
    "modified_at",
    "data_type",
    "inputs_schema_definition",
    "outputs_schema_definition",
    "transformations",
    "metadata",
    "externally_managed",
    "example_count",
    "session_count",
    "last_session_start_time",
  ],
};

function info(kind: "project" | "dataset", item: Record<string, unknown>): NamedObjectInfo {
  return {
    id: String(item["id"]),
    name: String(item["name"]),
    description: typeof item["description"] === "string" ? item["description"] : null,
    details: Object.fromEntries(DETAIL_KEYS[kind].filter((key) => item[key] !== undefined).map((key) => [key, item[key]])),
  };
}

async function lookUp(client: LangSmithClient, kind: "project" | "dataset", args: ByIdOrName): Promise<NamedObjectInfo | undefined> {
  if ((args.id === undefined) === (args.name === undefined))
    throw new InvalidRequestError(`get${kind === "project" ? "Project" : "Dataset"}: give exactly one of id or name`);
  const endpoints = kind === "project" ? PROJECT_ENDPOINTS : DATASET_ENDPOINTS;
  if (args.id !== undefined) {
    const item = (await foundOrUndefined(client.resources.send(endpoints.get, { action: `reading ${kind} ${args.id}`, params: { id: args.id } }))) as
      Record<string, unknown> | undefined;
    return item === undefined ? undefined : info(kind, item);
  }
  const items = (await client.resources.send(endpoints.list, { action: `looking up ${kind} "${args.name}"`, query: { name: args.name } })) as Record<
    string,
    unknown
  >[];
  const item = items.find((candidate) => candidate["name"] === args.name);
  return item === undefined ? undefined : info(kind, item);
}

/** A tracing project by id or exact name; `undefined` when there is none. */
export function getProject(client: LangSmithClient, args: ByIdOrName): Promise<NamedObjectInfo | undefined> {
  return lookUp(client, "project", args);
}

/** A dataset by id or exact name; `undefined` when there is none. */
export function getDataset(client: LangSmithClient, args: ByIdOrName): Promise<NamedObjectInfo | undefined> {
  return lookUp(client, "dataset", args);
}

/** A prompt's commit as {@link getPromptCommit} reports it. */
export interface PromptCommitInfo {
  commitHash: string;
  /** The commit's id, when the service reports it. */
  commitId?: string;
  manifest: Record<string, unknown>;
  description: string | null;
}

/** One commit of a prompt of the workspace, by hash, tag (e.g. `production`) or `latest`; `undefined` when there is none. */
export async function getPromptCommit(client: LangSmithClient, handle: string, ref: string): Promise<PromptCommitInfo | undefined> {
  const commit = (await foundOrUndefined(
    client.originResources.send(GET_PROMPT_COMMIT, { action: `reading commit "${ref}" of prompt "${handle}"`, params: { handle, ref } }),
  )) as { commit_hash?: string; id?: string; manifest?: Record<string, unknown>; description?: string } | undefined;
  if (commit === undefined) return undefined;
  const commitHash = commit.commit_hash ?? "";
  // The commit read by hash or tag carries no id: the list of commits does.
  const listed = typeof commit.id === "string" ? { id: commit.id, description: commit.description } : await listedCommit(client, handle, commitHash);
  return {
    commitHash,
    ...(listed?.id !== undefined ? { commitId: listed.id } : {}),
    manifest: commit.manifest ?? {},
    description: commit.description ?? listed?.description ?? null,
  };
}

/** The commit with `hash` in the prompt's list of commits (page by page); `undefined` when the list does not have it. */
async function listedCommit(client: LangSmithClient, handle: string, hash: string): Promise<{ id?: string; description?: string } | undefined> {
  for (let offset = 0; ; offset += COMMIT_PAGE_SIZE) {
    const page = (await client.originResources.send(LIST_COMMITS, {
      action: `listing the commits of prompt "${handle}"`,
      params: { handle },
      query: { limit: COMMIT_PAGE_SIZE, offset },
    })) as {
      commits?: { commit_hash?: string; id?: string; description?: string }[];
      total?: number;
    };
    const commits = page.commits ?? [];
    const match = commits.find((candidate) => candidate.commit_hash === hash);
    if (match !== undefined)
      return { ...(match.id !== undefined ? { id: match.id } : {}), ...(match.description !== undefined ? { description: match.description } : {}) };
    if (commits.length < COMMIT_PAGE_SIZE || offset + commits.length >= (page.total ?? Number.POSITIVE_INFINITY)) return undefined;
  }
}
