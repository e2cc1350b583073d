/**
 * Resource tags of a workspace: tag keys
 * (`/api/v1/workspaces/current/tag-keys`) and the values under each key
 * (`.../tag-keys/{tag_key_id}/tag-values`). A key is unique in its
 * workspace, a value under its key; deleting a key deletes its values.
 * A `PATCH` may leave the key (or value) out, but not clear it: `null` is
 * refused (422), as the service's tables hold no tag without one.
 */
import { zTagKeyCreate, zTagKeyUpdate, zTagValueCreate, zTagValueUpdate } from "../wire/organizationAndAccess";
import { defineKind } from "../kinds/declaration";

const TAG_PERMISSIONS = { read: "workspaces:read", write: "workspaces:manage" } as const;

/** The tag key kind. */
export const TAG_KEYS = defineKind({
  name: "tagKeys",
  noun: "Tag key",
  scope: "workspace",
  collection: "/api/v1/workspaces/current/tag-keys",
  idParam: "tag_key_id",
  permissions: TAG_PERMISSIONS,
  create: { schema: zTagKeyCreate, defaults: { description: null } },
  get: true,
  patch: { schema: zTagKeyUpdate, notNull: ["key"] },
  delete: { answer: "empty" },
  unique: ["key"],
});

/** The tag value kind, under a tag key. */
export const TAG_VALUES = defineKind({
  name: "tagValues",
  noun: "Tag value",
  scope: "workspace",
  collection: "/api/v1/workspaces/current/tag-keys/:tag_key_id/tag-values",
  idParam: "tag_value_id",
  parent: { param: "tag_key_id", kind: "tagKeys" },
  permissions: TAG_PERMISSIONS,
  create: { schema: zTagValueCreate, defaults: { description: null }, derive: (_body, call) => ({ tag_key_id: call.parentId }) },
  get: true,
  patch: { schema: zTagValueUpdate, notNull: ["value"] },
  delete: { answer: "empty" },
  unique: ["value"],
});
