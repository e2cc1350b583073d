/**
 * The retention settings: `TtlSettings` (one per workspace) and
 * `OrganizationTtlSettings` (one per organization). Singletons the service
 * always has: create and update are the same PUT; the service cannot delete
 * them, so destroy leaves the last settings in place, with one warning.
 */
import { defineEndpoint } from "../client/endpoint";
import { zUpsertTtlSettingsRequest } from "../client/wire/organizationAndAccess.requests";
import {
  zGetApiV1OrgsTtlSettingsResponse,
  zGetApiV1TtlSettingsResponse,
  zPutApiV1OrgsTtlSettingsResponse,
  zPutApiV1TtlSettingsResponse,
} from "../client/wire/organizationAndAccess.responses";
import type { LangSmithClient } from "../client";
import { zWorkspaceTtlSettingsUpdate } from "../client/wire/additions.requests";
import { zPutWorkspacesCurrentTtlSettingsResponse } from "../client/wire/additions.responses";
import { declareKind, workspaceIdField, type CrudEndpoints, type WireOutput } from "../engine/kind";
import type { StateOf } from "../engine/kind/declaration";
import { getPath } from "../engine/fields/paths";
import type { Properties } from "../engine/resource";
import type { FieldTable, InputsOf } from "../engine/fields/fields";
import { OUTPUT_TYPES, UPDATED_AT_OUTPUT } from "../engine/state/outputs";
import { z } from "zod";

const PUT_WORKSPACE = defineEndpoint({ method: "PUT", path: "/ttl-settings", request: zUpsertTtlSettingsRequest, response: zPutApiV1TtlSettingsResponse });
const PUT_ORGANIZATION = defineEndpoint({
  method: "PUT",
  path: "/orgs/ttl-settings",
  request: zUpsertTtlSettingsRequest,
  response: zPutApiV1OrgsTtlSettingsResponse,
});

/** A workspace's: `PUT`/`GET /api/v1/ttl-settings` (sent with the workspace as `X-Tenant-Id`); no delete. */
export const TTL_SETTINGS_ENDPOINTS = {
  create: PUT_WORKSPACE,
  list: defineEndpoint({ method: "GET", path: "/ttl-settings", response: zGetApiV1TtlSettingsResponse }),
  update: PUT_WORKSPACE,
} satisfies CrudEndpoints;

/** The organization's: `PUT`/`GET /api/v1/orgs/ttl-settings`; no delete. */
export const ORGANIZATION_TTL_SETTINGS_ENDPOINTS = {
  create: PUT_ORGANIZATION,
  list: defineEndpoint({ method: "GET", path: "/orgs/ttl-settings", response: zGetApiV1OrgsTtlSettingsResponse }),
  update: PUT_ORGANIZATION,
} satisfies CrudEndpoints;

/** Trace tiers: `shortlived` (base retention, 14 days) and `longlived` (extended retention, 400 days). */
export const TRACE_TIERS = ["longlived", "shortlived"] as const;

/** The rows both settings have. */
const TTL_ROWS = [
  {
    path: "defaultTraceTier",
    wire: "default_trace_tier",
    refresh: "always",
    type: "`longlived` \\| `shortlived`",
    doc: "Retention tier of new traces: `shortlived` (base, 14 days) or `longlived` (extended, 400 days).",
    schema: z.enum(TRACE_TIERS),
    reason: 'defaultTraceTier is required: "shortlived" (14 days) or "longlived" (400 days)',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "longlived", changed: "shortlived" },
  },
  {
    path: "applyToAllProjects",
    wire: "apply_to_all_projects",
    refresh: "always",
    type: "boolean",
    doc: "Whether the tier also applies to existing projects (otherwise only to new ones).",
    schema: z.boolean(),
    required: false,
    default: false,
    effect: "inPlace",
    secret: false,
    example: { value: true, changed: false },
  },
] as const satisfies FieldTable;

/**
 * `PUT /workspaces/current/ttl-settings` (below the API's origin): a
 * workspace's own long-lived retention in days, sent with the workspace as
 * `X-Tenant-Id` (a contract addition, from the community provider's
 * workspace TTL settings resource).
 */
export const PUT_LONGLIVED_TTL_DAYS = defineEndpoint({
  method: "PUT",
  path: "/workspaces/current/ttl-settings",
  request: zWorkspaceTtlSettingsUpdate,
  response: zPutWorkspacesCurrentTtlSettingsResponse,
});

/** Every input field of a workspace's TtlSettings. */
export const TTL_SETTINGS_FIELDS = [
  workspaceIdField("retention settings"),
  ...TTL_ROWS,
  {
    path: "longlivedTtlDays",
    wire: "longlived_ttl_days",
    type: "integer ≥ 1 (days)",
    doc: "Days a `longlived` trace of the workspace is kept, set with the service's workspace retention request (one of the values the deployment allows). Unset, the service's retention applies and its value is recorded.",
    schema: z.number().int().min(1),
    reason: "longlivedTtlDays must be a whole number of days, 1 or more, e.g. 90",
    required: false,
    serviceDefault: true,
    effect: "inPlace",
    secret: false,
    example: { value: 90, changed: 180 },
  },
] as const satisfies FieldTable;
/** Every input field of the OrganizationTtlSettings. */
export const ORGANIZATION_TTL_SETTINGS_FIELDS = TTL_ROWS;

/** TtlSettings' checked inputs. */
export type TtlSettingsInputs = InputsOf<typeof TTL_SETTINGS_FIELDS>;

/** Days a `longlived` trace is kept, as the service reports it: an input of a workspace's settings, an output of the organization's. */
const LONGLIVED_TTL_DAYS_OUTPUT: WireOutput = {
  name: "longlivedTtlDays",
  type: OUTPUT_TYPES.number,
  doc: "Days a `longlived` trace is kept, as the service reports it.",
  changesOnUpdate: true,
  wire: "longlived_ttl_days",
};

const TTL_OUTPUTS: readonly WireOutput[] = [
  {
    name: "configuredBy",
    type: OUTPUT_TYPES.string,
    doc: "Who set the settings in force (`workspace` or `organization`).",
    changesOnUpdate: true,
    wire: "configured_by",
  },
  { ...UPDATED_AT_OUTPUT, wire: "updated_at" },
];

const LEFT = "the last retention settings stay in force (set defaultTraceTier back by hand, or with this resource, if that is not wanted)";

/** A workspace's TtlSettings, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:TtlSettings",
  listing: { none: "a workspace (or the organization) has one retention setting: read it with the resource's `get`." },
  kind: "retention settings",
  description:
    "Trace retention of one LangSmith workspace: the default trace tier (`shortlived`, 14 days; `longlived`, 400 days) and whether it applies to existing projects. " +
    "Its own long-lived retention in days (`longlivedTtlDays`) is set with a request of its own, after the tier's, and changes in place. " +
    "One per workspace: create and update are the same PUT; destroy leaves the settings in force, with a warning (the service has no delete). Import by id.",
  scope: "workspace",
  fields: TTL_SETTINGS_FIELDS,
  nameField: "defaultTraceTier",
  updateSendsAll: true,
  endpoints: TTL_SETTINGS_ENDPOINTS,
  // The tier's PUT cannot carry the days: they have a request of their own, after it.
  wrapBody: (body) => Object.fromEntries(Object.entries(body).filter(([key]) => key !== "longlived_ttl_days")),
  afterWrite: putLonglivedTtlDays,
  leftOnDestroy: LEFT,
  outputs: TTL_OUTPUTS,
});

/** The OrganizationTtlSettings, as the native provider serves it. */
export const organizationResource = declareKind({
  token: "langsmith:index:OrganizationTtlSettings",
  listing: { none: "a workspace (or the organization) has one retention setting: read it with the resource's `get`." },
  kind: "organization retention settings",
  description:
    "Trace retention of the LangSmith organization: the default trace tier of its workspaces. One per organization: create and update are the same PUT; " +
    "destroy leaves the settings in force, with a warning. Needs an organization-scoped API key. Import by id.",
  scope: "organization",
  fields: ORGANIZATION_TTL_SETTINGS_FIELDS,
  nameField: "defaultTraceTier",
  updateSendsAll: true,
  endpoints: ORGANIZATION_TTL_SETTINGS_ENDPOINTS,
  leftOnDestroy: LEFT,
  outputs: [LONGLIVED_TTL_DAYS_OUTPUT, ...TTL_OUTPUTS],
});

/**
 * After a workspace's settings are written: its long-lived retention, when
 * the program sets it and it is new or changed (the client is the
 * workspace's, so its `X-Tenant-Id` names it). Answers the days the service
 * now keeps.
 */
async function putLonglivedTtlDays(
  client: LangSmithClient,
  _id: string,
  inputs: TtlSettingsInputs,
  olds: StateOf<TtlSettingsInputs> | undefined,
  action: string,
): Promise<Properties> {
  const days = inputs.longlivedTtlDays;
  if (days === undefined || olds?.longlivedTtlDays === days) return {};
  const answer = await client.originResources.send(PUT_LONGLIVED_TTL_DAYS, {
    action: `${action}: setting longlivedTtlDays`,
    body: { longlived_ttl_days: days },
  });
  const kept = getPath(answer, "longlived_ttl_days");
  return typeof kept === "number" ? { longlivedTtlDays: kept } : {};
}
