/**
 * Trace retention (TTL) settings: the default trace tier of new traces, for
 * one workspace (`/api/v1/ttl-settings`, with `X-Tenant-Id`) and for the
 * organization (`/api/v1/orgs/ttl-settings`). Each is a singleton: `PUT`
 * writes the scope's one object (the first `PUT` creates it, later ones
 * change it and keep its id and `created_at`), `GET` answers it in a list.
 *
 * What the service does that the contract cannot say:
 * - Traces have two retention tiers: `shortlived` (base retention, 14 days)
 *   and `longlived` (extended retention, 400 days). New traces are base
 *   retention unless a setting says otherwise, so before any `PUT` the
 *   organization's `GET` answers `shortlived`, `configured_by: "system"`,
 *   and a workspace's `GET` answers the organization's tier (`shortlived`
 *   when the organization has none), also `configured_by: "system"`. Those
 *   defaults are not stored: their ids are derived from the scope's id, so
 *   every read answers the same one.
 * - A `PUT` answers the stored settings with `configured_by: "user"`.
 *   `longlived_ttl_days` is `null` (the deployment's extended retention)
 *   until a workspace sets its own with `PUT /workspaces/current/ttl-settings`
 *   ({@link setLonglivedTtlDays}: a whole number of days, 1 or more; answered
 *   as `{tenant_id, longlived_ttl_days, is_custom: true}`); the workspace's
 *   settings then answer it. `apply_to_all_projects` is kept as sent (the
 *   emulator has no tracing projects to apply it to).
 * - A change applies to new traces only; existing traces keep their tier.
 * - `tenant_id` in a workspace `PUT` may be omitted or name the workspace of
 *   `X-Tenant-Id` (another answers 400); an organization `PUT` takes none
 *   (400 otherwise): a workspace's settings are written on the workspace route.
 * - There is no delete: a program that stops managing the settings leaves them
 *   as they are (a provider's destroy can only forget them, or put the default back).
 */
import { createHash } from "node:crypto";
import { detailError } from "../http/errors";
import type { EmulatorContext } from "../core/context";
import type { KindRecord } from "../core/types";
import { zUpsertTtlSettingsRequest } from "../wire/organizationAndAccess";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import { kindRecords } from "../kinds/records";

/** The tier of new traces when nothing was set: base retention. */
export const DEFAULT_TRACE_TIER = "shortlived";

/** A stable UUID (version 4 layout) derived from `seed`, for objects the emulator answers without storing. */
function derivedUuid(seed: string): string {
  const hex = createHash("sha256").update(seed).digest("hex");
  const variant = ((parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The system's settings of a scope nobody has set: `tenantId` null for the organization's. */
function systemDefault(call: KindCall, tenantId: string | null, tier: unknown): KindRecord {
  const id = derivedUuid(`ttl-settings:${call.scopeId}`);
  const at = "2024-01-01T00:00:00.000Z";
  return {
    id,
    scopeId: call.scopeId,
    parentId: null,
    wire: {
      id,
      tenant_id: tenantId,
      organization_id: call.auth.organization.id,
      default_trace_tier: tier,
      apply_to_all_projects: false,
      configured_by: "system",
      longlived_ttl_days: null,
      created_at: at,
      updated_at: at,
    },
  };
}

const stored = (call: KindCall) => ({ organization_id: call.auth.organization.id, configured_by: "user", longlived_ttl_days: null });

/** Where the workspaces' own long-lived retention is kept: one record per workspace, its id the workspace's. */
const LONGLIVED_DAYS = "workspaceLonglivedTtlDays";

/** The long-lived retention a workspace set for itself, in days; `null` when it set none. */
function longlivedDaysOf(ctx: EmulatorContext, workspaceId: string | null): number | null {
  const days = kindRecords(ctx, LONGLIVED_DAYS).find((r) => r.id === workspaceId)?.wire["longlived_ttl_days"];
  return typeof days === "number" ? days : null;
}

/**
 * Sets a workspace's long-lived retention, as `PUT
 * /workspaces/current/ttl-settings` does, and answers what that route does.
 *
 * @param days whole days, 1 or more.
 * @throws HttpError 400 for fewer than one day.
 */
export function setLonglivedTtlDays(ctx: EmulatorContext, workspaceId: string, days: number): Record<string, unknown> {
  if (!Number.isInteger(days) || days < 1) throw detailError(400, `longlived_ttl_days must be a whole number of days, 1 or more; got ${days}`);
  const records = kindRecords(ctx, LONGLIVED_DAYS);
  const record = records.find((r) => r.id === workspaceId);
  if (record === undefined) records.push({ id: workspaceId, scopeId: workspaceId, parentId: null, wire: { longlived_ttl_days: days } });
  else record.wire["longlived_ttl_days"] = days;
  ctx.store.commit();
  return { tenant_id: workspaceId, longlived_ttl_days: days, is_custom: true };
}

/** The organization's TTL settings (organization-scoped key; `organization:manage` to write). */
export const ORGANIZATION_TTL_SETTINGS = defineKind({
  name: "organizationTtlSettings",
  noun: "TTL settings",
  scope: "organization",
  collection: "/api/v1/orgs/ttl-settings",
  idParam: "ttl_settings_id",
  permissions: { read: "organization:read", write: "organization:manage" },
  upsert: {
    method: "PUT",
    schema: zUpsertTtlSettingsRequest,
    key: [],
    derive(item, call) {
      if (item["tenant_id"] !== undefined && item["tenant_id"] !== null) {
        throw detailError(400, "The organization's TTL settings take no tenant_id; set a workspace's on /api/v1/ttl-settings with X-Tenant-Id");
      }
      return { ...stored(call), tenant_id: null };
    },
  },
  fallback: (call) => [systemDefault(call, null, DEFAULT_TRACE_TIER)],
});

/** A workspace's TTL settings (`workspaces:manage` to write). */
export const TTL_SETTINGS = defineKind({
  name: "ttlSettings",
  noun: "TTL settings",
  scope: "workspace",
  collection: "/api/v1/ttl-settings",
  idParam: "ttl_settings_id",
  permissions: { read: "workspaces:read", write: "workspaces:manage" },
  upsert: {
    method: "PUT",
    schema: zUpsertTtlSettingsRequest,
    key: [],
    derive(item, call) {
      const tenantId = item["tenant_id"];
      if (tenantId !== undefined && tenantId !== null && String(tenantId).toLowerCase() !== call.scopeId) {
        throw detailError(400, `tenant_id ${String(tenantId)} is not the workspace in X-Tenant-Id (${call.scopeId})`);
      }
      return { ...stored(call), tenant_id: call.scopeId };
    },
  },
  fallback(call) {
    const organization = kindRecords(call.ctx, ORGANIZATION_TTL_SETTINGS.name).find((r) => r.scopeId === call.auth.organization.id);
    return [systemDefault(call, call.scopeId, organization?.wire["default_trace_tier"] ?? DEFAULT_TRACE_TIER)];
  },
  render: (record, ctx) => ({ longlived_ttl_days: longlivedDaysOf(ctx, record.scopeId) }),
});
