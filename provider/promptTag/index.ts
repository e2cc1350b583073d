/** The PromptTag resource: a named pointer (e.g. `production`) at one commit of a prompt. */
import { crudResource } from "../shared/crud";
import { OUTPUT_TYPES } from "../shared/outputs";
import { PROMPT_TAG_ENDPOINTS } from "./endpoints";
import { PROMPT_TAG_FIELDS } from "./fields";

export { PROMPT_TAG_FIELDS, type PromptTagInputs } from "./fields";

/** The PromptTag, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:PromptTag",
  kind: "prompt tag",
  description:
    "A tag of a LangSmith prompt (e.g. `production`) pointing at one commit: promoting a prompt from staging to production is a change of `commitId`, one PATCH, no new commit. " +
    "Its id is the tag's name. Import by `<promptHandle>/<tagName>`.",
  scope: "workspace",
  fields: PROMPT_TAG_FIELDS,
  nameField: "tagName",
  naturalKey: "tagName",
  unique: ["tagName"],
  idOf: (_created, inputs) => String(inputs["tagName"]),
  listItems: (answer) => (Array.isArray(answer) ? (answer as Record<string, unknown>[]) : []).map((tag) => ({ ...tag, id: tag["tag_name"] })),
  unwrap: (answer) => ({ ...answer, id: answer["tag_name"] }),
  endpoints: PROMPT_TAG_ENDPOINTS,
  outputs: [{ name: "commitHash", type: OUTPUT_TYPES.string, doc: "Hash of the commit the tag points at.", changesOnUpdate: true, wire: "commit_hash" }],
});
