/**
 * Sandbox registries (`/api/v2/sandboxes/registries`, with `X-Tenant-Id`):
 * the credentials of a container registry a workspace's sandboxes pull
 * images from. Served by a Go service: a malformed request is a 400, every
 * error `{"detail": {"error", "message"}}`.
 *
 * What the service does that the contract cannot say:
 * - A registry is named by its `name` in the path (`/{name}`), unique in the
 *   workspace (409 on a create or a rename to a taken name); a rename is a
 *   `PATCH` of `name`, after which the registry lives at its new name.
 * - `username` and `password` are write-only: kept encrypted, never
 *   answered (an update may send either alone).
 * - `url` is the registry's address (`https://...`, or a host such as
 *   `registry.example.com`); an empty one is a 400.
 * - The list answers `{offset, registries}` (`limit` 1 to 100, default 100;
 *   `offset`; `name_contains`); `DELETE` answers 204.
 * - `created_by` and `updated_by` are the caller's user: an API key has none
 *   (`""`).
 * - Permissions: `sandboxes:read` to read, `sandboxes:create`,
 *   `sandboxes:update`, `sandboxes:delete` to write.
 */
import { detailError } from "../http/errors";
import { zSandboxesCreateRegistryPayloadWritable, zSandboxesUpdateRegistryPayloadWritable } from "../wire/additions";
import { defineKind } from "../kinds/declaration";

type Json = Record<string, unknown>;

/** An empty name or URL is refused, as the service's handler does. */
function checkRegistry(fields: Json): void {
  for (const field of ["name", "url", "username", "password"]) {
    if (field in fields && (typeof fields[field] !== "string" || (fields[field] as string).trim() === "")) throw detailError(400, `${field} must not be empty`);
  }
}

/** The sandbox registry kind. */
export const SANDBOX_REGISTRIES = defineKind({
  name: "sandboxRegistries",
  noun: "Registry",
  scope: "workspace",
  collection: "/api/v2/sandboxes/registries",
  idParam: "name",
  itemKey: { field: "name" },
  errors: "goDetail",
  permissions: { read: "sandboxes:read", write: "sandboxes:update", create: "sandboxes:create", update: "sandboxes:update", delete: "sandboxes:delete" },
  create: {
    schema: zSandboxesCreateRegistryPayloadWritable,
    status: 201,
    derive: (body) => {
      checkRegistry(body);
      return { created_by: "", updated_by: "" };
    },
  },
  get: true,
  patch: {
    schema: zSandboxesUpdateRegistryPayloadWritable,
    check: (body) => checkRegistry(body),
  },
  delete: { answer: "none" },
  unique: ["name"],
  secret: ["username", "password"],
  listQuery: {
    name_contains: { type: "search", fields: ["name"] },
    offset: { type: "offset" },
    limit: { type: "limit", default: 100, max: 100 },
  },
  listAnswer: (objects, call) => ({ offset: Number(call.query["offset"] ?? 0), registries: objects }),
});
