/** The TagKey resource: a resource-tag key of a workspace (e.g. `env`); its values are `TagValue`s. */
import { defineEndpoint } from "../client/endpoint";
import { zGetApiV1WorkspacesCurrentTagsResponse } from "../client/wire/additions.responses";
import { zTagKeyCreate, zTagKeyUpdate } from "../client/wire/organizationAndAccess.requests";
import {
  zGetApiV1WorkspacesCurrentTagKeysByTagKeyIdResponse,
  zGetApiV1WorkspacesCurrentTagKeysResponse,
  zPatchApiV1WorkspacesCurrentTagKeysByTagKeyIdResponse,
  zPostApiV1WorkspacesCurrentTagKeysResponse,
} from "../client/wire/organizationAndAccess.responses";
import { type CrudEndpoints, declareKind, descriptionField, workspaceIdField } from "../engine/kind";
import type { FieldTable, InputsOf } from "../engine/fields/fields";
import { CREATED_AT_OUTPUT, UPDATED_AT_OUTPUT } from "../engine/state/outputs";
import { z } from "zod";

/** `/api/v1/workspaces/current/tag-keys` and `/{tag_key_id}`. */
export const TAG_KEY_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: "/workspaces/current/tag-keys",
    request: zTagKeyCreate,
    response: zPostApiV1WorkspacesCurrentTagKeysResponse,
  }),
  list: defineEndpoint({ method: "GET", path: "/workspaces/current/tag-keys", response: zGetApiV1WorkspacesCurrentTagKeysResponse }),
  get: defineEndpoint({ method: "GET", path: "/workspaces/current/tag-keys/{id}", response: zGetApiV1WorkspacesCurrentTagKeysByTagKeyIdResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/workspaces/current/tag-keys/{id}",
    request: zTagKeyUpdate,
    response: zPatchApiV1WorkspacesCurrentTagKeysByTagKeyIdResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: "/workspaces/current/tag-keys/{id}" }),
} satisfies CrudEndpoints;

/**
 * `/api/v1/workspaces/current/tags`: the keys with their values, the list
 * that takes `resource_type` (the contract's additions): with it, only the
 * keys with a value applied to an object of that type.
 */
export const TAGS_WITH_VALUES_LIST = defineEndpoint({ method: "GET", path: "/workspaces/current/tags", response: zGetApiV1WorkspacesCurrentTagsResponse });

/** The values `resource_type` takes in that list (the contract's additions). */
const LISTED_RESOURCE_TYPES = [
  "agent",
  "custom_app",
  "dashboard",
  "dataset",
  "deployment",
  "evaluator",
  "experiment",
  "fleet_integration",
  "mcp_server",
  "project",
  "prompt",
  "queue",
  "sandbox",
  "skill",
  "snapshot_name",
] as const;

/** Every input field of a TagKey. */
export const TAG_KEY_FIELDS = [
  workspaceIdField("tag key"),
  {
    path: "key",
    wire: "key",
    refresh: "always",
    type: "string, 1 to 255 characters",
    doc: "The tag's key, e.g. `env`; unique in the workspace (`pulumi import` accepts it instead of the id).",
    schema: z.string().min(1).max(255),
    reason: 'key is required: set it to the tag\'s key, e.g. "env" (1 to 255 characters)',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "env", changed: "environment", other: "tier" },
  },
  descriptionField("What the key means."),
] as const satisfies FieldTable;

/** A TagKey's checked inputs. */
export type TagKeyInputs = InputsOf<typeof TAG_KEY_FIELDS>;

/** The TagKey, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:TagKey",
  listing: {
    filters: {
      resourceType: {
        type: "string",
        query: "resource_type",
        values: LISTED_RESOURCE_TYPES,
        endpoint: TAGS_WITH_VALUES_LIST,
        doc: "Only the keys with a value applied to an object of this type (e.g. `project`); read from the list of the keys with their values.",
        matrix: { skip: "a key's resource types are those of the objects its values tag, which the key's own outputs do not say" },
      },
    },
  },
  kind: "tag key",
  description:
    "A resource-tag key of a LangSmith workspace (e.g. `env`). Its values are `TagValue`s; a `Tagging` attaches a value to a project, dataset, deployment or other object. " +
    "Key and description change in place; deleting a key deletes its values. Import by id or by key.",
  scope: "workspace",
  fields: TAG_KEY_FIELDS,
  nameField: "key",
  naturalKey: "key",
  unique: ["key"],
  endpoints: TAG_KEY_ENDPOINTS,
  // A refresh reads them together: the whole list, one answer.
  batchRead: { by: "list" },
  outputs: [
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
    { ...UPDATED_AT_OUTPUT, wire: "updated_at" },
  ],
});
