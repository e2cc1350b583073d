/**
 * The versions of datasets: a dataset gets a version at every write to its
 * examples (created, changed or deleted, by any route), at the time of that
 * write; the examples one request writes share one version. Kept one record
 * per version under its dataset (deleted with it), for `datasetVersions.ts`.
 * Only the times and the examples written are kept, not the contents.
 */
import { randomUUID } from "node:crypto";
import type { EmulatorContext } from "../context";
import { kindRecords } from "../kinds/records";
import type { KindRecord } from "../types";

/** Where the versions are kept. */
const VERSIONS_BUCKET = "datasetVersions";

/** Records that `exampleId` of `datasetId` was written at `nowIso` (one version per dataset and time; none once the dataset is gone). */
export function recordDatasetVersion(ctx: EmulatorContext, scopeId: string, datasetId: unknown, exampleId: string, nowIso: string): void {
  if (typeof datasetId !== "string" || !kindRecords(ctx, "datasets").some((r) => r.id === datasetId)) return;
  const records = kindRecords(ctx, VERSIONS_BUCKET);
  const same = records.find((r) => r.parentId === datasetId && r.wire["as_of"] === nowIso);
  if (same !== undefined) {
    const ids = same.wire["example_ids"] as string[];
    if (!ids.includes(exampleId)) ids.push(exampleId);
    return;
  }
  const id = randomUUID();
  records.push({ id, scopeId, parentId: datasetId, wire: { id, as_of: nowIso, example_ids: [exampleId] } });
}

/** A dataset's versions, newest first. */
export function datasetVersions(ctx: EmulatorContext, datasetId: string): KindRecord[] {
  return kindRecords(ctx, VERSIONS_BUCKET)
    .filter((r) => r.parentId === datasetId)
    .sort((a, b) => Date.parse(String(b.wire["as_of"])) - Date.parse(String(a.wire["as_of"])));
}
