/**
 * The BulkExport's inputs: one row per field with its validator, wire key,
 * effect of a change, default and docs. The service has no DELETE and no
 * general PATCH for bulk exports (only cancellation), so every input the
 * service sees replaces (create the new export, then cancel the old one).
 * Check, diff, the wire mapping and the reference table in
 * docs/resources.md derive from {@link BULK_EXPORT_FIELDS}.
 */
import { z } from "zod";
import { BULK_EXPORT_COMPRESSIONS, BULK_EXPORT_FORMAT_VERSIONS, BULK_EXPORT_FORMATS } from "../../client/contractTypes/bulkExports";
import { exampleRef, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { timestamp, uuid, waitSeconds } from "../../engine/fields/validators";

/**
 * Longest interval between scheduled runs, in hours (one week). The contract
 * states no bound; the service's export guide says 1 to 168, and the emulator
 * answers 422 outside it.
 */
export const MAX_INTERVAL_HOURS = 168;

/**
 * The service cannot change an export, so refresh keeps the inputs as
 * declared (the service also re-renders times, e.g. `…T00:00:00.000Z`, which
 * would otherwise read as drift); only the status and runs are refreshed.
 */
const replace = { effect: "replace", effectDoc: "replace (the new export is created, then the old one cancelled)", refresh: "never" } as const;

/** Every input field of the BulkExport. Order: the order of check failures and of the reference table. */
export const BULK_EXPORT_FIELDS = [
  {
    path: "destinationId",
    wire: "bulk_export_destination_id",
    ...replace,
    schema: uuid("destinationId"),
    required: true,
    secret: false,
    type: "UUID (usually a `BulkExportDestination`'s `id`)",
    doc: "Destination the export writes to.",
    example: { value: exampleRef("langsmith:index:BulkExportDestination"), changed: exampleRef("langsmith:index:BulkExportDestination", { other: true }) },
  },
  {
    path: "projectId",
    wire: "session_id",
    ...replace,
    schema: uuid("projectId"),
    required: true,
    secret: false,
    type: "UUID",
    doc: "Tracing project whose runs are exported (the contract's `session_id`).",
    example: { value: exampleRef("langsmith:index:Project"), changed: exampleRef("langsmith:index:Project", { other: true }) },
  },
  {
    path: "startTime",
    wire: "start_time",
    ...replace,
    schema: timestamp("startTime"),
    required: true,
    secret: false,
    type: "ISO 8601 date-time",
    doc: "Start of the exported window; for a scheduled export, when the schedule starts.",
    example: { value: "2026-01-01T00:00:00Z", changed: "2026-01-02T00:00:00Z" },
  },
  {
    path: "endTime",
    wire: "end_time",
    ...replace,
    schema: timestamp("endTime"),
    required: false,
    secret: false,
    type: "ISO 8601 date-time",
    defaultDoc: "unset (a one-off export up to now, or a scheduled one)",
    doc: "End of the window of a one-off export; excludes `intervalHours`.",
    // A one-off export has a window (endTime); a scheduled one an interval: each is its own variant.
    example: { variant: "oneOff", value: "2026-01-08T00:00:00Z", changed: "2026-01-09T00:00:00Z" },
  },
  {
    path: "intervalHours",
    wire: "interval_hours",
    ...replace,
    schema: z.int().min(1).max(MAX_INTERVAL_HOURS),
    reason: `intervalHours must be a whole number of hours from 1 to ${MAX_INTERVAL_HOURS} (a week)`,
    required: false,
    secret: false,
    type: "integer (hours, 1–168)",
    defaultDoc: "unset (one-off)",
    doc: "Run every this many hours: a scheduled export; excludes `endTime`.",
    example: { variant: "scheduled", value: 24, changed: 12 },
  },
  {
    path: "filter",
    wire: "filter",
    ...replace,
    schema: z.string().trim().min(1, "filter must not be empty").max(8192, "filter is at most 8192 characters"),
    required: false,
    secret: false,
    type: "string (LangSmith filter language)",
    defaultDoc: "unset (every run)",
    doc: 'Which runs to export, e.g. `eq(run_type, "llm")`.',
    example: { value: 'eq(run_type, "llm")', changed: 'and(eq(run_type, "llm"), eq(is_root, true))' },
  },
  {
    path: "exportFields",
    wire: "export_fields",
    ...replace,
    schema: z.array(z.string().min(1, "exportFields entries must not be empty")).min(1, "exportFields must name at least one field; omit it for all"),
    required: false,
    secret: false,
    type: "string[]",
    defaultDoc: "unset (every field)",
    doc: "Run fields (columns) to export.",
    example: { value: ["id", "name", "run_type", "start_time"], changed: ["id", "name", "run_type", "start_time", "inputs", "outputs"] },
  },
  {
    path: "format",
    wire: "format",
    ...replace,
    schema: z.enum(BULK_EXPORT_FORMATS, { error: `format must be one of ${BULK_EXPORT_FORMATS.join(", ")}` }),
    required: false,
    default: "Parquet",
    secret: false,
    type: BULK_EXPORT_FORMATS.map((v) => `\`${v}\``).join(" | "),
    doc: "File format.",
    example: { value: "Parquet", why: "Parquet is the only format the service supports" },
  },
  {
    path: "formatVersion",
    wire: "format_version",
    ...replace,
    schema: z.enum(BULK_EXPORT_FORMAT_VERSIONS, { error: `formatVersion must be one of ${BULK_EXPORT_FORMAT_VERSIONS.join(", ")}` }),
    required: false,
    default: "v1",
    secret: false,
    type: BULK_EXPORT_FORMAT_VERSIONS.map((v) => `\`${v}\``).join(" | "),
    doc: "Version of the file layout.",
    example: { value: "v1", changed: "v2_beta" },
  },
  {
    path: "compression",
    wire: "compression",
    ...replace,
    schema: z.enum(BULK_EXPORT_COMPRESSIONS, { error: `compression must be one of ${BULK_EXPORT_COMPRESSIONS.join(", ")}` }),
    required: false,
    default: "gzip",
    secret: false,
    type: BULK_EXPORT_COMPRESSIONS.map((v) => `\`${v}\``).join(" | "),
    doc: "Compression of the files.",
    example: { value: "gzip", changed: "snappy" },
  },
  {
    path: "waitForCompletion",
    schema: z.boolean(),
    required: false,
    unsetMeans: false,
    effect: "local",
    secret: false,
    type: "boolean",
    defaultDoc: "`false`",
    doc: "For a one-off export: create waits until it has ended, with progress lines from its runs.",
    // A scheduled export never completes: waiting applies to one-off exports only.
    example: { variant: "oneOff", value: true, changed: false },
  },
  {
    path: "completionTimeoutSeconds",
    schema: waitSeconds("completionTimeoutSeconds"),
    required: false,
    effect: "local",
    secret: false,
    type: "number (s)",
    defaultDoc: "`langsmith:deployTimeoutSeconds`, else 1800",
    doc: "Deadline of that wait.",
    example: { value: 600, changed: 900 },
  },
] as const satisfies FieldTable;

/** Validated inputs, all values known, defaults applied (as create receives them): inferred from the table. */
export type BulkExportInputs = InputsOf<typeof BULK_EXPORT_FIELDS>;
