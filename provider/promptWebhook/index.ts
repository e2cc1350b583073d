/** The PromptWebhook resource: a URL LangSmith calls when a prompt is committed or tagged. */
import { crudResource } from "../shared/crud";
import { CREATED_AT_OUTPUT } from "../shared/outputs";
import { PROMPT_WEBHOOK_ENDPOINTS } from "./endpoints";
import { PROMPT_WEBHOOK_FIELDS } from "./fields";

export { PROMPT_WEBHOOK_FIELDS, type PromptWebhookInputs } from "./fields";

/** The PromptWebhook, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:PromptWebhook",
  kind: "prompt webhook",
  description:
    "A webhook of the LangSmith prompt hub: the URL called when a prompt gets a new commit or a tag is created or moved (e.g. to redeploy on a `production` tag). " +
    "Its headers are secrets, never read back. Every field changes in place. Import by id.",
  scope: "workspace",
  fields: PROMPT_WEBHOOK_FIELDS,
  nameField: "url",
  endpoints: PROMPT_WEBHOOK_ENDPOINTS,
  // A refresh reads them together: the whole list, one answer.
  batchRead: { by: "list" },
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
