/** The AnnotationQueue resource: a human-review queue of runs, with its rubric. */
import { crudResource } from "../shared/crud";
import { CREATED_AT_OUTPUT } from "../shared/outputs";
import { ANNOTATION_QUEUE_ENDPOINTS } from "./endpoints";
import { ANNOTATION_QUEUE_FIELDS } from "./fields";

export { ANNOTATION_QUEUE_FIELDS, type AnnotationQueueInputs } from "./fields";

/** The AnnotationQueue, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:AnnotationQueue",
  kind: "annotation queue",
  description:
    "A LangSmith annotation queue: runs waiting for human review (filled by hand or by a run rule), with the rubric reviewers follow. Every field changes in place. Import by id or by name.",
  scope: "workspace",
  fields: ANNOTATION_QUEUE_FIELDS,
  nameField: "name",
  naturalKey: "name",
  naturalKeyQuery: "name",
  endpoints: ANNOTATION_QUEUE_ENDPOINTS,
  // A refresh reads them through the list (page by page, then filtered by id), but for queues with a rubric: the list leaves it out.
  batchRead: { by: "pages", pageSize: 100, idsQuery: "ids", notInList: ["rubricItems", "rubricInstructions"] },
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
