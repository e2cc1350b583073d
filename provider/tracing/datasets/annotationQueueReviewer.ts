/**
 * The AnnotationQueueReviewer resource: one identity of the workspace
 * assigned to review an annotation queue's items. The service keeps no
 * reviewer object: `POST /platform/annotation-queues/{queue_id}/reviewers`
 * assigns an identity, `DELETE .../reviewers/{identity_id}` unassigns it,
 * and the queue's own `GET` answers its reviewers (`assigned_reviewers`).
 * So the resource's id is `<queueId>/<identityId>`, both inputs replace it,
 * and refresh reads the queue.
 */
import type { LangSmithClient } from "../../client";
import { defineEndpoint } from "../../client/endpoint";
import { found, NotFoundError } from "../../client/errors";
import { zAnnotationqueuesAddReviewerRequest } from "../../client/wire/additions.requests";
import { zPostApiV1PlatformAnnotationQueuesByQueueIdReviewersResponse } from "../../client/wire/additions.responses";
import { zGetApiV1AnnotationQueuesByQueueIdResponse } from "../../client/wire/tracingAndEvaluation.responses";
import { logProgress } from "../../engine/context/progress";
import { declareKind, settingsInScope, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import type { WireObject } from "../../engine/kind/hooks";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { uuid } from "../../engine/fields/validators";
import { OUTPUT_TYPES } from "../../engine/state/outputs";
import { ANNOTATION_QUEUE_ENDPOINTS } from "../annotationQueue";

const REVIEWERS = "/platform/annotation-queues/{queueId}/reviewers";

/** `POST /api/v1/platform/annotation-queues/{queue_id}/reviewers` (assigns one identity; the service's read of them is the queue's `GET`). */
export const ANNOTATION_QUEUE_REVIEWER_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: REVIEWERS,
    request: zAnnotationqueuesAddReviewerRequest,
    response: zPostApiV1PlatformAnnotationQueuesByQueueIdReviewersResponse,
  }),
} satisfies CrudEndpoints;

/** `DELETE /api/v1/platform/annotation-queues/{queue_id}/reviewers/{identity_id}`: unassigns the identity (204, assigned or not). */
const UNASSIGN = defineEndpoint({ method: "DELETE", path: `${REVIEWERS}/{identityId}` });

const KIND = "annotation-queue reviewer";

/** Every input field of an AnnotationQueueReviewer. */
export const ANNOTATION_QUEUE_REVIEWER_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "queueId",
    wire: "queue_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "The `AnnotationQueue` the identity reviews; another queue replaces the assignment.",
    schema: unknownOr(uuid("queueId")),
    reason: "queueId is required: set it to an AnnotationQueue's id",
    required: true,
    effect: "replace",
    secret: false,
    example: { value: exampleRef("langsmith:index:AnnotationQueue"), changed: exampleRef("langsmith:index:AnnotationQueue", { other: true }) },
  },
  {
    path: "identityId",
    wire: "identity_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "The reviewer: the identity of a member of the queue's workspace (a `WorkspaceMember`'s `identityId`, or the `identityId` `getWorkspaceMembers` lists); another identity replaces the assignment.",
    schema: unknownOr(uuid("identityId")),
    reason: "identityId is required: a WorkspaceMember's identityId",
    required: true,
    effect: "replace",
    secret: false,
    example: {
      value: exampleRef("langsmith:index:WorkspaceMember", { output: "identityId" }),
      changed: exampleRef("langsmith:index:WorkspaceMember", { output: "identityId", other: true }),
    },
  },
] as const satisfies FieldTable;

/** An AnnotationQueueReviewer's checked inputs. */
export type AnnotationQueueReviewerInputs = InputsOf<typeof ANNOTATION_QUEUE_REVIEWER_FIELDS>;

/** The resource's id: `<queueId>/<identityId>` (an assignment has no id of its own). */
export const annotationQueueReviewerId = (queueId: string, identityId: string): string => `${queueId.toLowerCase()}/${identityId.toLowerCase()}`;

/** The queue and the identity an id names (for a state that lacks the inputs). */
function partsOf(id: string): { queueId: string; identityId: string } {
  const slash = id.indexOf("/");
  return slash < 0 ? { queueId: "", identityId: id } : { queueId: id.slice(0, slash), identityId: id.slice(slash + 1) };
}

/** A reviewer as the queue's `GET` answers it. */
type AssignedReviewer = { id: string; name?: string | null; email?: string | null };

/** The assignment as the reads see it: its queue, identity and the reviewer's name and email. */
function reviewerWire(queueId: string, reviewer: AssignedReviewer): WireObject {
  return {
    id: annotationQueueReviewerId(queueId, reviewer.id),
    queue_id: queueId.toLowerCase(),
    identity_id: reviewer.id.toLowerCase(),
    name: reviewer.name ?? undefined,
    email: reviewer.email ?? undefined,
  };
}

/** The queue's reviewers; `undefined` when the queue is gone. */
export async function queueReviewers(client: LangSmithClient, queueId: string, action: string): Promise<AssignedReviewer[] | undefined> {
  const queue = await found(
    client.resources.send(ANNOTATION_QUEUE_ENDPOINTS.get, { action: `${action}: reading the queue's reviewers`, params: { id: queueId } }),
  );
  if (queue === undefined) return undefined;
  return zGetApiV1AnnotationQueuesByQueueIdResponse.parse(queue).assigned_reviewers ?? [];
}

/** The identity's assignment to the queue, as the queue answers it; `undefined` when it is not assigned (or the queue is gone). */
async function assignment(client: LangSmithClient, queueId: string, identityId: string, action: string): Promise<WireObject | undefined> {
  const reviewers = await queueReviewers(client, queueId, action);
  const reviewer = reviewers?.find((one) => one.id.toLowerCase() === identityId.toLowerCase());
  return reviewer === undefined ? undefined : reviewerWire(queueId, reviewer);
}

/** The AnnotationQueueReviewer, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:AnnotationQueueReviewer",
  listing: {},
  kind: KIND,
  description:
    "A reviewer of a LangSmith annotation queue: one identity of the queue's workspace (a `WorkspaceMember`'s `identityId`) assigned to review its items. " +
    "The service keeps no reviewer object, so the id is `<queueId>/<identityId>`; both inputs replace it. Refresh reads the queue's reviewers, so an assignment removed outside the stack (or a reviewer who left the workspace) is recreated by the next `pulumi up`. " +
    "A create refuses an identity the queue already has, with the import hint. Import by `<queueId>/<identityId>`.",
  scope: "workspace",
  fields: ANNOTATION_QUEUE_REVIEWER_FIELDS,
  naturalKey: "identityId",
  // The service's assignment is idempotent: a create would take over one someone else made, so it is refused with the import hint.
  createUpserts: true,
  importForms: ["<queueId>/<identityId>", "<workspaceId>/<queueId>/<identityId>"],
  endpoints: ANNOTATION_QUEUE_REVIEWER_ENDPOINTS,
  idOf: (created, inputs) =>
    typeof created?.["id"] === "string" ? created["id"] : annotationQueueReviewerId(String(inputs["queueId"]), String(inputs["identityId"])),
  outputs: [
    { name: "reviewerEmail", type: OUTPUT_TYPES.string, doc: "The reviewer's email, as the queue reports it.", changesOnUpdate: false, wire: "email" },
    { name: "reviewerName", type: OUTPUT_TYPES.string, doc: "The reviewer's name, as the queue reports it.", changesOnUpdate: false, wire: "name" },
  ],
  contractBodies: {
    requests: [zAnnotationqueuesAddReviewerRequest],
    responses: [zPostApiV1PlatformAnnotationQueuesByQueueIdReviewersResponse],
    outputWires: [],
  },
  hooks: {
    create: {
      /** The assignment, when the queue already has the identity. */
      lookUp: ({ client, inputs, action }) => assignment(client, String(inputs["queueId"]), String(inputs["identityId"]), action),
      async post({ client, inputs, action }) {
        const queueId = String(inputs["queueId"]);
        const identityId = String(inputs["identityId"]);
        await client.resources.send(ANNOTATION_QUEUE_REVIEWER_ENDPOINTS.create, { action, params: { queueId }, body: { identity_id: identityId } });
        // The answer holds the identity alone: the reviewer's name and email are read from the queue.
        return (await assignment(client, queueId, identityId, action)) ?? reviewerWire(queueId, { id: identityId });
      },
    },
    read: {
      /** The identity among the queue's reviewers; none means the assignment (or the queue) is gone. */
      async fetch({ id, props, client, purpose }) {
        const fromId = partsOf(id);
        const queueId = typeof props["queueId"] === "string" && props["queueId"] !== "" ? props["queueId"] : fromId.queueId;
        // An import is given the identity (its queue is the parent before it); a refresh, the recorded inputs.
        const identityId = purpose === "import" ? id : typeof props["identityId"] === "string" ? props["identityId"] : fromId.identityId;
        if (queueId === "" || identityId === "") return undefined;
        const action = `${purpose === "refresh" ? "reading" : "importing"} ${KIND} "${annotationQueueReviewerId(queueId, identityId)}"`;
        return assignment(client, queueId, identityId, action);
      },
    },
    /** Unassigns the identity; a queue already gone is done. */
    async delete(context, id, outputs) {
      const fromId = partsOf(id);
      const queueId = typeof outputs["queueId"] === "string" ? outputs["queueId"] : fromId.queueId;
      const identityId = typeof outputs["identityId"] === "string" ? outputs["identityId"] : fromId.identityId;
      const action = `deleting ${KIND} "${id}"`;
      const client = await context.client(settingsInScope(context, "workspace", action, outputs));
      try {
        await client.resources.send(UNASSIGN, { action, params: { queueId, identityId } });
        logProgress(context, KIND, id, "unassigned the reviewer");
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        logProgress(context, KIND, id, "the queue was already gone (404)");
      }
    },
    /** The queue's reviewers, each as `[<workspaceId>/]<queueId>/<identityId>`. */
    async list(context, scope) {
      const queueId = scope.parents["queueId"] ?? "";
      const action = `listing ${KIND}s`;
      const props = scope.workspaceId !== undefined ? { workspaceId: scope.workspaceId } : {};
      const client = await context.client(settingsInScope(context, "workspace", action, props));
      const reviewers = (await queueReviewers(client, queueId, action)) ?? [];
      const prefix = [...(scope.workspaceId !== undefined ? [scope.workspaceId] : []), queueId];
      return reviewers.map((reviewer) => ({
        importId: [...prefix, reviewer.id].join("/"),
        id: annotationQueueReviewerId(queueId, reviewer.id),
        name: reviewer.email ?? reviewer.id,
      }));
    },
  },
});
