/**
 * `diff` of the BulkExport: every change the service sees is a replacement
 * (create the new export, then cancel the old one). An export cancelled
 * outside Pulumi (seen by a refresh), or one that failed, is replaced too, so
 * `pulumi up` runs it again. A one-off export whose wait did not finish is an
 * update: it resumes the wait.
 */
import { ENDED_BULK_EXPORT_STATUSES } from "../../client/contractTypes/bulkExports";
import { diffFields } from "../../engine/fields/fields";
import type { DiffHooks } from "../../engine/kind/hooks";
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
  const replaces = [...changed.replace, ...statusReplacement(olds)];
  const resume = resumesWait(olds, news);
  return { changes: replaces.length > 0 || changed.local.length > 0 || resume, replaces, local: changed.local, deleteBeforeReplace: false, resume };
}

/** Cancelled outside Pulumi, or ended in failure: only a new export runs again (`status` replaces it). */
function statusReplacement(olds: Record<string, unknown>): string[] {
  return typeof olds["status"] === "string" && REPLACED_STATUSES.has(olds["status"]) ? ["status"] : [];
}

/** Whether a one-off export's wait did not finish: the update resumes it. */
function resumesWait(olds: Record<string, unknown>, news: Record<string, unknown>): boolean {
  return news["waitForCompletion"] === true && typeof olds["status"] === "string" && !ENDED.has(olds["status"]) && olds["intervalHours"] === undefined;
}

/** The export's hooks around the engine's Diff: the status a refresh saw may replace it, and an unfinished wait is pending. */
export const BULK_EXPORT_DIFF: DiffHooks = {
  after({ olds, news, result }) {
    const replaces = [...result.replaces, ...statusReplacement(olds)];
    const pending = resumesWait(olds, news);
    return { ...result, changes: replaces.length > 0 || result.updates.length > 0 || pending, replaces, deleteBeforeReplace: false, pending };
  },
};
