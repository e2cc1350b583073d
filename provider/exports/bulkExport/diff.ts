/**
 * `diff` of the BulkExport: every change the service sees is a replacement
 * (create the new export, then cancel the old one). An export cancelled
 * outside Pulumi (seen by a refresh), or one that failed, is replaced too, so
 * `pulumi up` runs it again. A one-off export whose wait did not finish is an
 * update: it resumes the wait.
 */
import { ENDED_BULK_EXPORT_STATUSES } from "../../client/contractTypes/bulkExports";
import { diffFields } from "../../engine/fields/fields";
import { BULK_EXPORT_FIELDS } from "./fields";

/** Statuses after which the export is replaced: cancelled (outside Pulumi, since Pulumi's own cancellation removes it), failed or timed out. */
const REPLACED_STATUSES = new Set(["Cancelled", "Failed", "TimedOut"]);
const ENDED = new Set<string>(ENDED_BULK_EXPORT_STATUSES);

/** Result of {@link diffBulkExport}. */
export interface BulkExportDiff {
  /** Always explicit: false means the engine shows no change. */
  readonly changes: boolean;
  /** Fields forcing a replacement; `status` when the export was cancelled outside Pulumi. */
  readonly replaces: string[];
  /** Provider settings that changed (state only). */
  readonly local: string[];
  /** Always false: the new export is created before the old one is cancelled. */
  readonly deleteBeforeReplace: false;
  /** A one-off export's wait did not finish: the update resumes it. */
  readonly resume: boolean;
}

/**
 * Compares previous outputs (migrated; they echo every input) with new inputs.
 * Values unknown during a preview count as changed.
 */
export function diffBulkExport(olds: Record<string, unknown>, news: Record<string, unknown>): BulkExportDiff {
  const changed = diffFields(BULK_EXPORT_FIELDS, olds, news);
  const replaces = [...changed.replace];
  // Cancelled outside Pulumi, or ended in failure: only a new export runs again.
  if (typeof olds["status"] === "string" && REPLACED_STATUSES.has(olds["status"])) replaces.push("status");
  const resume = news["waitForCompletion"] === true && typeof olds["status"] === "string" && !ENDED.has(olds["status"]) && olds["intervalHours"] === undefined;
  return { changes: replaces.length > 0 || changed.local.length > 0 || resume, replaces, local: changed.local, deleteBeforeReplace: false, resume };
}
