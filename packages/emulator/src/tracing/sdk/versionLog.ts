/**
 * The versions of datasets: a dataset gets a version at every write to its
 * examples (created, changed or deleted, by any route), at the time of that
 * write; the examples one request writes share one version. Kept one record
 * per version under its dataset (deleted with it), for `datasetVersions.ts`.
 * Only the times and the examples written are kept, not the contents.
 */
import { randomUUID } from "node:crypto";
import type { EmulatorContext } from "../../core/context";
import { kindRecords } from "../../kinds/records";
import type { KindRecord } from "../../core/types";

/** Where the versions are kept. */
const VERSIONS_BUCKET = "datasetVersions";

/**
 * Records that `exampleId` of `datasetId` was written at `nowIso`, or
 * deleted (`deleted`); one version per dataset and time, none once the
 * dataset is gone.
 */
export function recordDatasetVersion(ctx: EmulatorContext, scopeId: string, datasetId: unknown, exampleId: string, nowIso: string, deleted = false): void {
  if (typeof datasetId !== "string" || !kindRecords(ctx, "datasets").some((r) => r.id === datasetId)) return;
  const records = kindRecords(ctx, VERSIONS_BUCKET);
  let version = records.find((r) => r.parentId === datasetId && r.wire["as_of"] === nowIso);
  if (version === undefined) {
    const id = randomUUID();
    version = { id, scopeId, parentId: datasetId, wire: { id, as_of: nowIso, example_ids: [], deleted_ids: [] } };
    records.push(version);
  }
  const ids = version.wire["example_ids"] as string[];
  if (!ids.includes(exampleId)) ids.push(exampleId);
  const deletedIds = (version.wire["deleted_ids"] ??= []) as string[];
  if (deleted && !deletedIds.includes(exampleId)) deletedIds.push(exampleId);
}

/** The examples a dataset had at `time` (ms since the epoch), by its versions up to then. */
export function examplesAt(ctx: EmulatorContext, datasetId: string, time: number): Set<string> {
  const present = new Set<string>();
  for (const version of [...datasetVersions(ctx, datasetId)].reverse()) {
    if (Date.parse(String(version.wire["as_of"])) > time) break;
    const deleted = (version.wire["deleted_ids"] as string[] | undefined) ?? [];
    for (const id of version.wire["example_ids"] as string[]) {
      if (deleted.includes(id)) present.delete(id);
      else present.add(id);
    }
  }
  return present;
}

/** The examples written (created, changed or deleted) after `from` and at or before `to`. */
export function writtenBetween(ctx: EmulatorContext, datasetId: string, from: number, to: number): Set<string> {
  const written = new Set<string>();
  for (const version of datasetVersions(ctx, datasetId)) {
    const time = Date.parse(String(version.wire["as_of"]));
    if (time > from && time <= to) for (const id of version.wire["example_ids"] as string[]) written.add(id);
  }
  return written;
}

/** A dataset's versions, newest first. */
export function datasetVersions(ctx: EmulatorContext, datasetId: string): KindRecord[] {
  return kindRecords(ctx, VERSIONS_BUCKET)
    .filter((r) => r.parentId === datasetId)
    .sort((a, b) => Date.parse(String(b.wire["as_of"])) - Date.parse(String(a.wire["as_of"])));
}
