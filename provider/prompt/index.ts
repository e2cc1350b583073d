/** The Prompt resource: a prompt of the LangSmith prompt hub, its metadata and its current manifest. */
import { crudResource } from "../shared/crud";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../shared/outputs";
import { latestCommit, pushManifest } from "./commits";
import { PROMPT_ENDPOINTS } from "./endpoints";
import { PROMPT_FIELDS } from "./fields";

export { PROMPT_FIELDS, type PromptInputs } from "./fields";

/** The Prompt, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:Prompt",
  kind: "prompt",
  description:
    "A prompt of the LangSmith prompt hub in a workspace: its metadata (changed in place) and its current manifest (a change pushes exactly one new commit; commits are immutable). " +
    "`PromptTag` points a tag such as `production` at a commit, so promoting a prompt is a one-line diff. Import by handle.",
  scope: "workspace",
  fields: PROMPT_FIELDS,
  nameField: "handle",
  naturalKey: "handle",
  unique: ["handle"],
  idOf: (_created, inputs) => String(inputs["handle"]),
  unwrap: (answer) => answer["repo"] as Record<string, unknown> | undefined,
  listItems: (answer) => ((answer as { repos?: Record<string, unknown>[] }).repos ?? []).map((repo) => ({ ...repo, id: repo["repo_handle"] })),
  afterWrite: (client, id, inputs, olds, action) => pushManifest(client, id, inputs, olds, action),
  importOutputs: (client, id) => latestCommit(client, id),
  endpoints: PROMPT_ENDPOINTS,
  // A refresh reads them through the list, page by page.
  batchRead: { by: "pages", pageSize: 100 },
  outputs: [
    { name: "latestCommitHash", type: OUTPUT_TYPES.string, doc: "Hash of the commit of the current manifest.", changesOnUpdate: true, wire: "last_commit_hash" },
    // Only a push answers the commit's id (the prompt reports its hash): kept from the last push.
    { name: "latestCommitId", type: OUTPUT_TYPES.string, doc: "Id of that commit (what `PromptTag.commitId` takes), from the last push by this stack.", changesOnUpdate: true, wire: "last_commit_id", onlyAtCreate: true },
    { name: "fullName", type: OUTPUT_TYPES.string, doc: "`<owner>/<handle>`, as the hub names it.", changesOnUpdate: false, wire: "full_name" },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});
