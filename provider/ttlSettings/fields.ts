/**
 * The retention settings' inputs (a workspace's `TtlSettings` and the
 * organization's `OrganizationTtlSettings`): the default trace tier of new
 * projects and whether it applies to every project. Both change in place
 * (one PUT). Check, diff, the wire mapping, refresh, import, the schema and
 * the reference tables derive from {@link TTL_SETTINGS_FIELDS}.
 */
import { z } from "zod";
import { workspaceIdField } from "../shared/crud";
import type { FieldTable, InputsOf } from "../shared/fields";

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
  },
] as const satisfies FieldTable;

/** Every input field of a workspace's TtlSettings. */
export const TTL_SETTINGS_FIELDS = [workspaceIdField("retention settings"), ...TTL_ROWS] as const satisfies FieldTable;
/** Every input field of the OrganizationTtlSettings. */
export const ORGANIZATION_TTL_SETTINGS_FIELDS = TTL_ROWS;

/** TtlSettings' checked inputs. */
export type TtlSettingsInputs = InputsOf<typeof TTL_SETTINGS_FIELDS>;
