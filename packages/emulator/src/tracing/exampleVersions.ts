/**
 * The versions of a workspace's examples, for the list's `as_of`: the
 * service versions a dataset by the time of each change to its examples (a
 * create, an update, a delete), and `as_of` reads the examples as they were
 * then ("only modifications made on or before this time are included";
 * `latest`, the default, is now; docs.langchain.com, "Manage datasets",
 * "Version a dataset").
 *
 * - `as_of` is `latest`, a time (RFC 3339; a date alone is its midnight, a
 *   time without an offset UTC), or a version tag (set by `PUT
 *   /datasets/{id}/tags`, `sdk/datasetVersions.ts`): the version of that
 *   name of the list's `dataset` (of any of the workspace's datasets when
 *   the list names none), read as its time. A tag no such dataset has, or
 *   that more than one has when the list names none, answers 404.
 * - Each change is kept as the example's wire after it (`null` after a
 *   delete), with its time, in a records bucket of the state (not a kind: no
 *   route serves it); a workspace's are deleted with it. An example stored
 *   with no kept version (an older state) counts from its `created_at`.
 */
import type { EmulatorContext } from "../core/context";
import { detailError } from "../http/errors";
import { stringQuery } from "../http/params";
import { versionTagTime } from "./sdk/datasetVersions";
import type { KindRecord } from "../core/types";
import type { KindCall } from "../kinds/kindCall";
import { kindRecords } from "../kinds/records";

/** The records bucket of the versions (one record per change of an example). */
const VERSIONS = "exampleVersions";

/** Keeps an example as it is after a change made at `at` (`gone`: it was deleted). */
export function recordExampleVersion(ctx: EmulatorContext, example: KindRecord, at: string, gone = false): void {
  const versions = kindRecords(ctx, VERSIONS);
  versions.push({
    id: `${example.id}@${versions.length}`,
    scopeId: example.scopeId,
    parentId: null,
    wire: { example_id: example.id, at, example: gone ? null : structuredClone(example.wire) },
  });
}

/** The instant an `as_of` time names, or undefined for a version tag. */
function instantOf(asOf: string): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?)?$/i.exec(asOf.trim());
  if (match === null) return undefined;
  const [, date, time, offset] = match;
  const instant = Date.parse(`${date}T${time ?? "00:00:00"}${offset ?? "Z"}`);
  return Number.isNaN(instant) ? undefined : instant;
}

/**
 * The examples a list reads (`stored`: the workspace's now): as they were
 * at the list's `as_of`, deleted ones included; `stored` itself for
 * `latest`. 404 for a version tag the list's datasets do not have.
 */
export function examplesAsOf(call: KindCall, stored: readonly KindRecord[]): readonly KindRecord[] {
  const asOf = stringQuery(call.query, "as_of");
  if (asOf === undefined || asOf === "latest") return stored;
  const raw = call.query["dataset"];
  const datasets = (raw === undefined ? [] : Array.isArray(raw) ? raw : [raw]).map((id) => String(id).toLowerCase());
  const instant = instantOf(asOf) ?? versionTagTime(call.ctx, call.scopeId, datasets, asOf);
  if (instant === undefined) throw detailError(404, `Dataset version with tag ${asOf} not found`);
  const versions = kindRecords(call.ctx, VERSIONS).filter((v) => v.scopeId === call.scopeId);
  const kept = new Set(versions.map((v) => String(v.wire["example_id"])));
  const then = new Map<string, KindRecord | null>();
  // Examples kept with no version count from their creation.
  for (const record of stored) if (!kept.has(record.id) && Date.parse(String(record.wire["created_at"])) <= instant) then.set(record.id, record);
  for (const version of versions) {
    if (Date.parse(String(version.wire["at"])) > instant) continue;
    const id = String(version.wire["example_id"]);
    const wire = version.wire["example"] as Record<string, unknown> | null;
    then.set(id, wire === null ? null : { id, scopeId: version.scopeId, parentId: null, wire: structuredClone(wire) });
  }
  return [...then.values()].filter((record): record is KindRecord => record !== null);
}
