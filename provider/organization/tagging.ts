/** The Tagging resource: a workspace tag value attached to one object (a project, dataset, deployment, ...). */
import { defineEndpoint } from "../client/endpoint";
import { zTaggingCreate } from "../client/wire/organizationAndAccess.requests";
import { zGetApiV1WorkspacesCurrentTaggingsResponse, zPostApiV1WorkspacesCurrentTaggingsResponse } from "../client/wire/organizationAndAccess.responses";
import { zTagging as zTaggingWithAdditions } from "../client/wire/additions.requests";
import { zGetApiV1WorkspacesCurrentTagsResourceResponse } from "../client/wire/additions.responses";
import { found } from "../client/errors";
import type { ReadRequest, WireObject } from "../engine/kind/hooks";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { uuid } from "../engine/fields/validators";
import { CREATED_AT_OUTPUT } from "../engine/state/outputs";
import { z } from "zod";
import { isRecord } from "../engine/fields/paths";

/** `/api/v1/workspaces/current/taggings` (create; list grouped by tag value) and `/{tagging_id}` (delete); no GET of one, no update. */
export const TAGGING_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: "/workspaces/current/taggings",
    request: zTaggingCreate,
    response: zPostApiV1WorkspacesCurrentTaggingsResponse,
  }),
  list: defineEndpoint({ method: "GET", path: "/workspaces/current/taggings", response: zGetApiV1WorkspacesCurrentTaggingsResponse }),
  delete: defineEndpoint({ method: "DELETE", path: "/workspaces/current/taggings/{id}" }),
} satisfies CrudEndpoints;

/**
 * The taggings of the list answer, one object each (`id`, `tag_value_id`,
 * `resource_type`, `resource_id`): the service groups them by tag value,
 * then by the plural of the object's kind (`projects`, `queues`, ...).
 */
export function taggingsOf(answer: z.output<typeof zGetApiV1WorkspacesCurrentTaggingsResponse>): Record<string, unknown>[] {
  return answer.flatMap((group) =>
    Object.entries(group.resources).flatMap(([plural, items]) =>
      (Array.isArray(items) ? items.filter(isRecord) : []).map((item) => ({
        id: item["tagging_id"],
        tag_value_id: group.tag_value_id,
        resource_type: plural.replace(/s$/, ""),
        resource_id: item["resource_id"],
      })),
    ),
  );
}

/** `GET /workspaces/current/tags/resource`: the tags of one object, each key with its values and their taggings. */
export const RESOURCE_TAGS = defineEndpoint({
  method: "GET",
  path: "/workspaces/current/tags/resource",
  response: zGetApiV1WorkspacesCurrentTagsResourceResponse,
});

/** The kinds of object a tag value can be attached to: the contract's `ResourceType` as the additions extend it (with `agent` and `skill`). */
export const TAGGABLE_TYPES = zTaggingWithAdditions.shape.resource_type.options;

/** The kinds whose taggings the grouped list leaves out (it has no group for them): a refresh reads their object's tags instead. */
const NOT_GROUPED: readonly string[] = ["agent", "evaluator", "skill"];

/**
 * A refresh of a tagging the grouped list leaves out: the tagging among the
 * tags of the object it names (as the official provider reads every
 * tagging); the others through the list, read together.
 */
async function fetchTagging(request: ReadRequest, declared: () => Promise<WireObject | undefined>): Promise<WireObject | undefined> {
  const { purpose, props, client, id, name } = request;
  const type = props["resourceType"];
  const resourceId = props["resourceId"];
  if (purpose !== "refresh" || typeof type !== "string" || !NOT_GROUPED.includes(type) || typeof resourceId !== "string") return declared();
  const keys = (await found(
    client.resources.send(RESOURCE_TAGS, { action: `reading tagging "${name}"`, query: { resource_type: type, resource_id: resourceId } }),
  )) as z.output<typeof zGetApiV1WorkspacesCurrentTagsResourceResponse> | undefined;
  const taggings = (keys ?? []).flatMap((key) => key.values.flatMap((value) => value.taggings));
  const tagging = taggings.find((candidate) => candidate.id === id);
  return tagging === undefined ? undefined : { ...tagging };
}

/** Every input field of a Tagging. */
export const TAGGING_FIELDS = [
  workspaceIdField("tagging"),
  {
    path: "tagValueId",
    wire: "tag_value_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "The `TagValue` to attach (its id).",
    schema: unknownOr(uuid("tagValueId")),
    reason: "tagValueId is required: set it to a TagValue's id",
    required: true,
    effect: "replace",
    secret: false,
    example: { value: exampleRef("langsmith:index:TagValue"), changed: exampleRef("langsmith:index:TagValue", { other: true }) },
  },
  {
    path: "resourceType",
    wire: "resource_type",
    refresh: "always",
    type: TAGGABLE_TYPES.map((type) => `\`${type}\``).join(" \\| "),
    doc: "Kind of the tagged object.",
    schema: z.enum(TAGGABLE_TYPES),
    reason: `resourceType is required and must be one of ${TAGGABLE_TYPES.join(", ")}`,
    required: true,
    effect: "replace",
    secret: false,
    // The type and the id change together: a project, then a dataset.
    example: { value: "project", changed: "dataset" },
  },
  {
    path: "resourceId",
    wire: "resource_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "Id of the tagged object, e.g. a `Deployment`'s id.",
    schema: unknownOr(uuid("resourceId")),
    reason: "resourceId is required: set it to the id of the object to tag",
    required: true,
    effect: "replace",
    secret: false,
    example: { value: exampleRef("langsmith:index:Project"), changed: exampleRef("langsmith:index:Dataset") },
  },
] as const satisfies FieldTable;

/** A Tagging's checked inputs. */
export type TaggingInputs = InputsOf<typeof TAGGING_FIELDS>;

/** The Tagging, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:Tagging",
  listing: { filters: { tagValueId: { type: "uuid", query: "tag_value_id", output: "tagValueId", doc: "Only the taggings with this tag value." } } },
  kind: "tagging",
  description:
    "Attaches a workspace's `TagValue` to one object (a project, dataset, deployment, prompt, agent, skill, ...). " +
    "The service cannot change a tagging: every change replaces it (the new one first). Import by id (a tagging of an agent, a skill or an evaluator cannot be: the service lists none of them).",
  scope: "workspace",
  fields: TAGGING_FIELDS,
  nameField: "resourceId",
  endpoints: TAGGING_ENDPOINTS,
  listItems: taggingsOf,
  hooks: { read: { fetch: fetchTagging } },
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at", onlyAtCreate: true }],
});
