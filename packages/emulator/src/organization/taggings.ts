/**
 * Taggings of a workspace (`/api/v1/workspaces/current/taggings`): a tag
 * value (of the tag keys and values in `tags.ts`) attached to one resource,
 * named by its type and id.
 *
 * What the service does that the contract cannot say:
 * - The tag value must be one of the workspace's (404 otherwise); the same
 *   value on the same resource twice answers 409. A resource may carry
 *   several values, of one key or of several.
 * - `GET` answers the taggings grouped by tag value: one entry per value with
 *   taggings (its key and value, by name and id), its resources in a list per
 *   kind (`projects`, `datasets`, ...; every list present, empty ones too).
 *   `tag_value_id` narrows it to one value. The contract's groups have no
 *   list for `evaluator`: an evaluator's taggings are stored and deleted like
 *   the others but listed in no group.
 * - The emulator hosts no projects, datasets or prompts, so a tagging may
 *   name any resource id; a resource's name is the deployment's name for a
 *   deployment of the workspace, otherwise its id.
 * - Deleting a tag value (or its key) deletes its taggings. `DELETE` of a
 *   tagging answers `null`.
 * - `resource_type` takes `agent` and `skill` too (the contract's additions);
 *   like an evaluator's, their taggings are in no group of the list.
 * - `GET /api/v1/workspaces/current/tags/resource?resource_type=&resource_id=`
 *   answers the tags of one object, whatever its type: each tag key with
 *   its values on the object, each value with its taggings of it (keys and
 *   values in the order they were made); 422 without both parameters.
 * - `GET /api/v1/workspaces/current/tags` answers every tag key of the
 *   workspace with its values (keys and values in the order they were
 *   made, a key with no value too); with `resource_type` (the contract's
 *   additions: the fifteen types of langsmith's JS client, `custom_app` and
 *   `snapshot_name` besides a tagging's), only the values applied to at
 *   least one object of that type, and only the keys with such a value.
 * - Applying tags needs `workspaces:manage`, reading them `workspaces:read`.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../core/context";
import type { FastApiValidationError } from "../http/errors";
import { enumQuery, type RawQuery, requiredQuery, throwIfInvalid, uuidQuery } from "../http/params";
import { zTagging as zTaggingWithAdditions } from "../wire/additions";
import { zTaggingCreate } from "../wire/organizationAndAccess";
import { defineKind } from "../kinds/declaration";
import { authenticateFor } from "../kinds/scopeAuth";
import type { KindCall } from "../kinds/kindCall";
import { kindRecords } from "../kinds/records";
import { TAG_KEYS, TAG_VALUES } from "./tags";

/** The group of each resource type in a `TaggingsResponse` (the contract has none for evaluators). */
const GROUPS: Readonly<Record<string, string>> = {
  dashboard: "dashboards",
  dataset: "datasets",
  deployment: "deployments",
  experiment: "experiments",
  fleet_integration: "fleet_integrations",
  mcp_server: "mcp_servers",
  project: "projects",
  prompt: "prompts",
  queue: "queues",
  sandbox: "sandboxes",
};

const EMPTY_GROUPS = ["alerts", ...Object.values(GROUPS)];

function resourceName(call: KindCall, type: unknown, id: string): string {
  if (type === "deployment") {
    const deployment = call.ctx.store.state.deployments.find((d) => d.id === id && d.tenantId === call.scopeId);
    if (deployment !== undefined) return deployment.name;
  }
  return id;
}

/** The taggings grouped by tag value, in the order the values were first tagged. */
function grouped(taggings: Record<string, unknown>[], call: KindCall): Record<string, unknown>[] {
  const values = kindRecords(call.ctx, TAG_VALUES.name);
  const keys = kindRecords(call.ctx, TAG_KEYS.name);
  const groups = new Map<string, Record<string, unknown>>();
  for (const tagging of taggings) {
    const valueId = String(tagging["tag_value_id"]);
    let entry = groups.get(valueId);
    if (entry === undefined) {
      const value = values.find((v) => v.id === valueId);
      const key = keys.find((k) => k.id === value?.parentId);
      if (value === undefined || key === undefined) continue;
      entry = {
        tag_key: key.wire["key"],
        tag_key_id: key.id,
        tag_value: value.wire["value"],
        tag_value_id: value.id,
        resources: Object.fromEntries(EMPTY_GROUPS.map((group) => [group, [] as unknown[]])),
      };
      groups.set(valueId, entry);
    }
    const group = GROUPS[String(tagging["resource_type"])];
    if (group === undefined) continue;
    const resourceId = String(tagging["resource_id"]);
    (entry["resources"] as Record<string, unknown[]>)[group]?.push({
      tagging_id: tagging["id"],
      resource_name: resourceName(call, tagging["resource_type"], resourceId),
      resource_id: resourceId,
    });
  }
  return [...groups.values()];
}

/** The tagging kind. */
export const TAGGINGS = defineKind({
  name: "taggings",
  noun: "Tagging",
  scope: "workspace",
  collection: "/api/v1/workspaces/current/taggings",
  idParam: "tagging_id",
  permissions: { read: "workspaces:read", write: "workspaces:manage" },
  create: {
    schema: zTaggingCreate,
    derive: (body, call) => ({
      tag_value_id: String(body["tag_value_id"]).toLowerCase(),
      resource_id: String(body["resource_id"]).toLowerCase(),
      created_at: call.nowIso,
    }),
  },
  listQuery: { tag_value_id: { type: "uuid", filters: "tag_value_id" } },
  listAnswer: grouped,
  delete: { answer: "empty" },
  unique: [["tag_value_id", "resource_type", "resource_id"]],
  references: { tag_value_id: TAG_VALUES.name },
  timestamps: false,
});

/** The resource types a tagging names: the contract's `ResourceType` as the additions extend it (with `agent` and `skill`). */
const RESOURCE_TYPES: readonly string[] = zTaggingWithAdditions.shape.resource_type.options;

/** Registers `GET /api/v1/workspaces/current/tags/resource`: the tags of one object, by key and value, with their taggings. */
export function registerResourceTagsRoute(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/api/v1/workspaces/current/tags/resource", async (request) => {
    const { scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:read");
    const query = request.query as RawQuery;
    const errors: FastApiValidationError[] = [];
    const type = requiredQuery(query, "resource_type", errors) === undefined ? undefined : enumQuery(query, "resource_type", RESOURCE_TYPES, errors);
    const resourceId = uuidQuery(query, "resource_id", errors);
    throwIfInvalid(errors);
    const taggings = kindRecords(ctx, TAGGINGS.name).filter(
      (r) => r.scopeId === scopeId && r.wire["resource_type"] === type && r.wire["resource_id"] === resourceId,
    );
    const valueIds = new Set(taggings.map((t) => String(t.wire["tag_value_id"])));
    const values = kindRecords(ctx, TAG_VALUES.name).filter((v) => valueIds.has(v.id));
    const keyIds = new Set(values.map((v) => v.parentId));
    return kindRecords(ctx, TAG_KEYS.name)
      .filter((k) => keyIds.has(k.id))
      .map((key) => ({
        ...key.wire,
        id: key.id,
        values: values
          .filter((v) => v.parentId === key.id)
          .map((value) => ({
            ...value.wire,
            id: value.id,
            tag_key_id: key.id,
            taggings: taggings.filter((t) => t.wire["tag_value_id"] === value.id).map((t) => ({ ...t.wire, id: t.id })),
          })),
      }));
  });
}

/** The types `GET /api/v1/workspaces/current/tags` takes as `resource_type` (the contract's additions). */
const LISTED_RESOURCE_TYPES = [...RESOURCE_TYPES, "custom_app", "snapshot_name"].sort();

/** Registers `GET /api/v1/workspaces/current/tags`: the workspace's tag keys with their values, or those applied to objects of one type. */
export function registerWorkspaceTagsRoute(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/api/v1/workspaces/current/tags", async (request) => {
    const { scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:read");
    const query = request.query as RawQuery;
    const errors: FastApiValidationError[] = [];
    const type = enumQuery(query, "resource_type", LISTED_RESOURCE_TYPES, errors);
    throwIfInvalid(errors);
    const applied =
      type === undefined
        ? undefined
        : new Set(
            kindRecords(ctx, TAGGINGS.name)
              .filter((t) => t.scopeId === scopeId && t.wire["resource_type"] === type)
              .map((t) => String(t.wire["tag_value_id"])),
          );
    const values = kindRecords(ctx, TAG_VALUES.name).filter((v) => v.scopeId === scopeId && (applied === undefined || applied.has(v.id)));
    return kindRecords(ctx, TAG_KEYS.name)
      .filter((k) => k.scopeId === scopeId)
      .map((key) => ({
        ...key.wire,
        id: key.id,
        values: values.filter((v) => v.parentId === key.id).map((value) => ({ ...value.wire, id: value.id, tag_key_id: key.id })),
      }))
      .filter((key) => applied === undefined || key.values.length > 0);
  });
}
