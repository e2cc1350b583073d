/**
 * Usage limits of a workspace (`/api/v1/usage-limits`, with `X-Tenant-Id`):
 * monthly caps on the traces it ingests, one per `limit_type`, listed for
 * the whole organization at `/api/v1/usage-limits/org` and deleted at
 * `/api/v1/usage-limits/{usage_limit_id}`.
 *
 * What the service does that the contract cannot say:
 * - `monthly_traces` caps all traces of a calendar month,
 *   `monthly_longlived_traces` the traces with extended (400-day) retention.
 *   They are usage limits (a count), not spend limits, and approximate: a
 *   few traces may pass before limiting starts. Once the extended-retention
 *   limit is reached nothing may upgrade a trace's tier (run rules,
 *   feedback, annotation queues stop matching). The emulator stores the
 *   limits; it ingests no traces to count.
 * - `PUT` upserts by type: a workspace has at most one limit of each type,
 *   and a second `PUT` of the same type changes its `limit_value` (same id).
 *   An `id` in the body is ignored.
 * - `DELETE` removes the limit (no limit of that type any more) and answers
 *   `null`; an id the workspace does not have answers 404.
 * - Reading needs `workspaces:read`, writing `workspaces:manage`; the
 *   organization's list needs an organization-scoped key with `organization:read`.
 */
import { zUpsertUsageLimit } from "../wire/organizationAndAccess";
import { defineKind } from "../kinds/declaration";

/** The usage limit kind. */
export const USAGE_LIMITS = defineKind({
  name: "usageLimits",
  noun: "Usage limit",
  scope: "workspace",
  collection: "/api/v1/usage-limits",
  idParam: "usage_limit_id",
  permissions: { read: "workspaces:read", write: "workspaces:manage" },
  upsert: {
    method: "PUT",
    schema: zUpsertUsageLimit,
    key: ["limit_type"],
    derive: (_item, call) => ({ tenant_id: call.scopeId }),
  },
  organizationList: { path: "/api/v1/usage-limits/org", permission: "organization:read" },
  delete: { answer: "empty" },
  unique: ["limit_type"],
});
