/**
 * The retention settings: `TtlSettings` (one per workspace) and
 * `OrganizationTtlSettings` (one per organization). Singletons the service
 * always has: create and update are the same PUT; the service cannot delete
 * them, so destroy leaves the last settings in place, with one warning.
 */
import { crudResource, type WireOutput } from "../shared/crud";
import { OUTPUT_TYPES, UPDATED_AT_OUTPUT } from "../shared/outputs";
import { ORGANIZATION_TTL_SETTINGS_ENDPOINTS, TTL_SETTINGS_ENDPOINTS } from "./endpoints";
import { ORGANIZATION_TTL_SETTINGS_FIELDS, TTL_SETTINGS_FIELDS } from "./fields";

export { TTL_SETTINGS_FIELDS, ORGANIZATION_TTL_SETTINGS_FIELDS, type TtlSettingsInputs } from "./fields";

const TTL_OUTPUTS: readonly WireOutput[] = [
  { name: "longlivedTtlDays", type: OUTPUT_TYPES.number, doc: "Days a `longlived` trace is kept, as the service reports it.", changesOnUpdate: true, wire: "longlived_ttl_days" },
  { name: "configuredBy", type: OUTPUT_TYPES.string, doc: "Who set the settings in force (`workspace` or `organization`).", changesOnUpdate: true, wire: "configured_by" },
  { ...UPDATED_AT_OUTPUT, wire: "updated_at" },
];

const LEFT = "the last retention settings stay in force (set defaultTraceTier back by hand, or with this resource, if that is not wanted)";

/** A workspace's TtlSettings, as the native provider serves it. */
export const resource = crudResource({
  token: "langsmith:index:TtlSettings",
  kind: "retention settings",
  description:
    "Trace retention of one LangSmith workspace: the default trace tier (`shortlived`, 14 days; `longlived`, 400 days) and whether it applies to existing projects. " +
    "One per workspace: create and update are the same PUT; destroy leaves the settings in force, with a warning (the service has no delete). Import by id.",
  scope: "workspace",
  fields: TTL_SETTINGS_FIELDS,
  nameField: "defaultTraceTier",
  updateSendsAll: true,
  endpoints: TTL_SETTINGS_ENDPOINTS,
  leftOnDestroy: LEFT,
  outputs: TTL_OUTPUTS,
});

/** The OrganizationTtlSettings, as the native provider serves it. */
export const organizationResource = crudResource({
  token: "langsmith:index:OrganizationTtlSettings",
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
  outputs: TTL_OUTPUTS,
});
