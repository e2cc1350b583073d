/** `check` of the BulkExport: the field table's rules plus those across fields, without any request. */
import { type CheckFailure, checkFields, withDefaults } from "../../engine/fields/fields";
import { isUnset } from "../../engine/fields/paths";
import { UNKNOWN } from "../../engine/fields/values";
import { BULK_EXPORT_FIELDS } from "./fields";

/** Reason texts of the rules across fields. */
export const BULK_EXPORT_CROSS_FIELD_REASONS = {
  windowOrder: "endTime must be after startTime",
  endOrInterval: "endTime (a one-off export of a window) and intervalHours (a scheduled export) exclude each other: set one of them",
  waitForScheduled: "waitForCompletion applies to one-off exports only: a scheduled export (intervalHours) never completes; remove waitForCompletion",
} as const;

/** Result of {@link checkBulkExport}: inputs with defaults applied, and the failures. */
export interface BulkExportCheckResult {
  readonly inputs: Record<string, unknown>;
  readonly failures: CheckFailure[];
}

const known = (value: unknown): boolean => !isUnset(value) && value !== UNKNOWN;

/** Validates raw inputs (values still unknown during a preview pass) and applies the defaults. */
export function checkBulkExport(news: Record<string, unknown>): BulkExportCheckResult {
  const failures = checkFields(BULK_EXPORT_FIELDS, news, "BulkExport");
  const failed = new Set(failures.map((failure) => failure.property));
  const { startTime, endTime, intervalHours, waitForCompletion } = news;
  if (
    known(startTime) &&
    known(endTime) &&
    !failed.has("startTime") &&
    !failed.has("endTime") &&
    Date.parse(String(endTime)) <= Date.parse(String(startTime))
  ) {
    failures.push({ property: "endTime", reason: BULK_EXPORT_CROSS_FIELD_REASONS.windowOrder });
  }
  if (known(endTime) && known(intervalHours)) failures.push({ property: "intervalHours", reason: BULK_EXPORT_CROSS_FIELD_REASONS.endOrInterval });
  if (waitForCompletion === true && known(intervalHours))
    failures.push({ property: "waitForCompletion", reason: BULK_EXPORT_CROSS_FIELD_REASONS.waitForScheduled });
  return { inputs: withDefaults(BULK_EXPORT_FIELDS, news), failures };
}
