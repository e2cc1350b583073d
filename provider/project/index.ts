/** The Project resource: a LangSmith tracing project, where a deployment's or an application's runs land. */
import { crudResource } from "../shared/crud";
import { OUTPUT_TYPES } from "../shared/outputs";
import { PROJECT_ENDPOINTS } from "./endpoints";
import { PROJECT_FIELDS } from "./fields";

export { PROJECT_FIELDS, type ProjectInputs } from "./fields";

/** The Project, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:Project",
  kind: "project",
  description:
    "A LangSmith tracing project (the service's session): where runs are traced to, by name. Every field changes in place; deleting a project deletes its runs. " +
    "`BulkExport.projectId`, run rules and alert rules take its id. Import by id or by name.",
  scope: "workspace",
  fields: PROJECT_FIELDS,
  nameField: "name",
  naturalKey: "name",
  naturalKeyQuery: "name",
  unique: ["name"],
  endpoints: PROJECT_ENDPOINTS,
  // A refresh reads them through the list: page by page, then filtered by id.
  batchRead: { by: "pages", pageSize: 100, idsQuery: "id" },
  outputs: [{ name: "startTime", type: OUTPUT_TYPES.string, doc: "When the project was created (ISO 8601).", changesOnUpdate: false, wire: "start_time" }],
});
