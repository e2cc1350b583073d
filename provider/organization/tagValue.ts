/** The TagValue resource: one value under a workspace's tag key (e.g. `env` = `production`). */
import { defineEndpoint } from "../client/endpoint";
import { zTagValueCreate, zTagValueUpdate } from "../client/wire/organizationAndAccess.requests";
import {
  zGetApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesByTagValueIdResponse,
  zGetApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesResponse,
  zPatchApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesByTagValueIdResponse,
  zPostApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesResponse,
} from "../client/wire/organizationAndAccess.responses";
import { type CrudEndpoints, declareKind, descriptionField, workspaceIdField } from "../engine/kind";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { uuid } from "../engine/fields/validators";
import { CREATED_AT_OUTPUT, UPDATED_AT_OUTPUT } from "../engine/state/outputs";
import { z } from "zod";

const VALUES = "/workspaces/current/tag-keys/{tagKeyId}/tag-values";

/** `/api/v1/workspaces/current/tag-keys/{tag_key_id}/tag-values` and `/{tag_value_id}`; `{tagKeyId}` is the input of that name. */
export const TAG_VALUE_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: VALUES, request: zTagValueCreate, response: zPostApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesResponse }),
  list: defineEndpoint({ method: "GET", path: VALUES, response: zGetApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesResponse }),
  get: defineEndpoint({ method: "GET", path: `${VALUES}/{id}`, response: zGetApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesByTagValueIdResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: `${VALUES}/{id}`,
    request: zTagValueUpdate,
    response: zPatchApiV1WorkspacesCurrentTagKeysByTagKeyIdTagValuesByTagValueIdResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: `${VALUES}/{id}` }),
} satisfies CrudEndpoints;

/** Every input field of a TagValue. */
export const TAG_VALUE_FIELDS = [
  workspaceIdField("tag value"),
  {
    path: "tagKeyId",
    type: "string (UUID)",
    doc: "The `TagKey` the value belongs to (its id); the service cannot move a value to another key.",
    schema: unknownOr(uuid("tagKeyId")),
    reason: "tagKeyId is required: set it to a TagKey's id",
    required: true,
    effect: "replace",
    secret: false,
    // A second value (the target of a changed tagValueId) hangs under the second key, in the same workspace as it.
    example: {
      value: exampleRef("langsmith:index:TagKey"),
      changed: exampleRef("langsmith:index:TagKey", { other: true }),
      other: exampleRef("langsmith:index:TagKey", { other: true }),
    },
  },
  {
    path: "value",
    wire: "value",
    refresh: "always",
    type: "string, 1 to 255 characters",
    doc: "The value, e.g. `production`; unique under its key (`pulumi import` accepts `<tagKeyId>/<value>`).",
    schema: z.string().min(1).max(255),
    reason: 'value is required: set it to the tag\'s value, e.g. "production" (1 to 255 characters)',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "production", changed: "prod", other: "staging" },
  },
  descriptionField("What the value means."),
] as const satisfies FieldTable;

/** A TagValue's checked inputs. */
export type TagValueInputs = InputsOf<typeof TAG_VALUE_FIELDS>;

/** The TagValue, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:TagValue",
  listing: {},
  kind: "tag value",
  description:
    "One value under a workspace's `TagKey` (e.g. `production` under `env`); a `Tagging` attaches it to an object. " +
    "Value and description change in place; another key replaces it. Import by `<tagKeyId>/<id>` or `<tagKeyId>/<value>`.",
  scope: "workspace",
  fields: TAG_VALUE_FIELDS,
  nameField: "value",
  naturalKey: "value",
  unique: ["value"],
  endpoints: TAG_VALUE_ENDPOINTS,
  // A refresh reads them together: the key's whole list, one answer.
  batchRead: { by: "list" },
  outputs: [
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
    { ...UPDATED_AT_OUTPUT, wire: "updated_at" },
  ],
});
