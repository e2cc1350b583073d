/**
 * Versions of a dataset and their tags, as the SDKs read and tag them
 * (`list_dataset_versions`, `read_dataset_version`, `update_dataset_tag`):
 *
 * - `GET /api/v1/datasets/{dataset_id}/versions` (`search`: in a tag's
 *   name; `example`: the versions that changed that example; `limit` 1..100,
 *   default 100; `offset`): `[{as_of, tags}]`, newest first.
 * - `GET /api/v1/datasets/{dataset_id}/version` (`as_of`, or `tag`): the
 *   version a tag names, or the newest at or before `as_of` (404 when none).
 * - `GET /api/v1/datasets/{dataset_id}/versions/diff` (`from_version`,
 *   `to_version`: a tag, `latest` or a date-time; 404 for a name that is
 *   none): `{examples_added, examples_removed, examples_modified}` between
 *   the dataset as it was at each (modified: there at both, written between).
 * - `PUT /api/v1/datasets/{dataset_id}/tags` `{as_of, tag}`: moves the tag
 *   (a name unique in the dataset) to the version at exactly `as_of`, or the
 *   newest for `"latest"` (404 when the dataset has no such version); answers
 *   that version.
 *
 * What the emulator keeps of versions (`versionLog.ts`): the time of each
 * write to the dataset's examples and the examples it wrote; their contents
 * at each write are kept per example (`../exampleVersions.ts`), which a
 * list of examples `as_of` a time or a tag reads. Reading needs `datasets:read`, tagging `datasets:update`;
 * a dataset of another workspace is 404.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import { randomUUID } from "node:crypto";
import type { EmulatorContext } from "../../core/context";
import { detailError, type FastApiValidationError, ValidationFailure } from "../../http/errors";
import { intQuery, type RawQuery, requiredQuery, stringQuery, throwIfInvalid, uuidPathParam, uuidQuery } from "../../http/params";
import { kindRecords } from "../../kinds/records";
import { authenticateFor } from "../../kinds/scopeAuth";
import { datasetVersions, examplesAt, writtenBetween } from "./versionLog";

type Json = Record<string, unknown>;

/** Where the tags are kept: one record per tag, under its dataset. */
const TAGS_BUCKET = "datasetVersionTags";

/** The dataset the path names, in the caller's workspace (404 otherwise), with `permission`. */
export function datasetCall(ctx: EmulatorContext, request: FastifyRequest, permission: string): { datasetId: string; scopeId: string; nowIso: string } {
  const { scopeId } = authenticateFor(ctx, request, "workspace", permission);
  const datasetId = uuidPathParam(request.params, "dataset_id");
  if (!kindRecords(ctx, "datasets").some((r) => r.id === datasetId && r.scopeId === scopeId)) throw detailError(404, "Dataset not found");
  return { datasetId, scopeId, nowIso: new Date(ctx.now()).toISOString() };
}

/** The examples of a dataset. */
export function datasetExamples(ctx: EmulatorContext, datasetId: string): Json[] {
  return kindRecords(ctx, "examples")
    .filter((r) => r.wire["dataset_id"] === datasetId)
    .map((r) => r.wire);
}

/** The times of a dataset's versions (ms since the epoch), newest first; `exampleId` keeps those that wrote that example. */
function versionTimes(ctx: EmulatorContext, datasetId: string, exampleId?: string): number[] {
  return datasetVersions(ctx, datasetId)
    .filter((v) => exampleId === undefined || (v.wire["example_ids"] as string[]).includes(exampleId))
    .map((v) => Date.parse(String(v.wire["as_of"])));
}

/**
 * The time of the version `tag` names among the tags of `datasetIds` (of the
 * workspace `scopeId`; all its datasets when none is named), for a list's
 * `as_of`: undefined when none of them has the tag, or more than one does.
 */
export function versionTagTime(ctx: EmulatorContext, scopeId: string, datasetIds: readonly string[], tag: string): number | undefined {
  const found = kindRecords(ctx, TAGS_BUCKET).filter(
    (r) => r.scopeId === scopeId && r.wire["tag"] === tag && (datasetIds.length === 0 || datasetIds.includes(String(r.parentId))),
  );
  return found.length === 1 ? Date.parse(String(found[0]?.wire["as_of"])) : undefined;
}

function tagsOf(ctx: EmulatorContext, datasetId: string): { tag: string; asOf: number; record: Json }[] {
  return kindRecords(ctx, TAGS_BUCKET)
    .filter((r) => r.parentId === datasetId)
    .map((r) => ({ tag: String(r.wire["tag"]), asOf: Date.parse(String(r.wire["as_of"])), record: r.wire }));
}

function versionAt(ctx: EmulatorContext, datasetId: string, time: number): Json {
  const tags = tagsOf(ctx, datasetId)
    .filter((t) => t.asOf === time)
    .map((t) => t.tag)
    .sort();
  return { as_of: new Date(time).toISOString(), tags };
}

/** Reads a date-time query or body value (422 as pydantic reads a malformed one). */
function dateTime(value: unknown, loc: (string | number)[]): number {
  const time = typeof value === "string" ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    const error: FastApiValidationError = { type: "datetime_from_date_parsing", loc, msg: "Input should be a valid datetime", input: value ?? null };
    throw new ValidationFailure([error]);
  }
  return time;
}

/** The time a version names: a tag's, `latest` (now), or a date-time (404 for an unknown tag, 422 for neither). */
function versionTime(ctx: EmulatorContext, datasetId: string, text: string, name: string): number {
  if (text === "latest") return Number.POSITIVE_INFINITY;
  const tag = tagsOf(ctx, datasetId).find((t) => t.tag === text);
  if (tag !== undefined) return tag.asOf;
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw detailError(404, `Dataset version ${text} (${name}) not found: not a tag of the dataset nor a date-time`);
  return time;
}

/** Registers the dataset version routes. */
export function registerDatasetVersionRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/api/v1/datasets/:dataset_id/versions", async (request) => {
    const { datasetId } = datasetCall(ctx, request, "datasets:read");
    const query = (request.query ?? {}) as RawQuery;
    const errors: FastApiValidationError[] = [];
    const limit = intQuery(query, "limit", { defaultValue: 100, ge: 1, le: 100 }, errors);
    const offset = intQuery(query, "offset", { defaultValue: 0, ge: 0 }, errors);
    const example = stringQuery(query, "example") === undefined ? undefined : uuidQuery(query, "example", errors);
    throwIfInvalid(errors);
    const search = stringQuery(query, "search")?.toLowerCase();
    const versions = versionTimes(ctx, datasetId, example)
      .map((time) => versionAt(ctx, datasetId, time))
      .filter((v) => search === undefined || (v["tags"] as string[]).some((tag) => tag.toLowerCase().includes(search)));
    return versions.slice(offset, offset + limit);
  });

  app.get("/api/v1/datasets/:dataset_id/version", async (request) => {
    const { datasetId } = datasetCall(ctx, request, "datasets:read");
    const query = (request.query ?? {}) as RawQuery;
    const tag = stringQuery(query, "tag");
    if (tag !== undefined) {
      const found = tagsOf(ctx, datasetId).find((t) => t.tag === tag);
      if (found === undefined) throw detailError(404, `Dataset version tag ${tag} not found`);
      return versionAt(ctx, datasetId, found.asOf);
    }
    const asOf = stringQuery(query, "as_of");
    const limit = asOf === undefined ? Number.POSITIVE_INFINITY : dateTime(asOf, ["query", "as_of"]);
    const time = versionTimes(ctx, datasetId).find((t) => t <= limit);
    if (time === undefined) throw detailError(404, "Dataset version not found");
    return versionAt(ctx, datasetId, time);
  });

  app.get("/api/v1/datasets/:dataset_id/versions/diff", async (request) => {
    const { datasetId } = datasetCall(ctx, request, "datasets:read");
    const query = (request.query ?? {}) as RawQuery;
    const errors: FastApiValidationError[] = [];
    const fromText = requiredQuery(query, "from_version", errors);
    const toText = requiredQuery(query, "to_version", errors);
    throwIfInvalid(errors);
    const from = versionTime(ctx, datasetId, String(fromText), "from_version");
    const to = versionTime(ctx, datasetId, String(toText), "to_version");
    const before = examplesAt(ctx, datasetId, from);
    const after = examplesAt(ctx, datasetId, to);
    const written = writtenBetween(ctx, datasetId, from, to);
    return {
      examples_modified: [...after].filter((id) => before.has(id) && written.has(id)),
      examples_added: [...after].filter((id) => !before.has(id)),
      examples_removed: [...before].filter((id) => !after.has(id)),
    };
  });

  app.put("/api/v1/datasets/:dataset_id/tags", async (request) => {
    const { datasetId, scopeId } = datasetCall(ctx, request, "datasets:update");
    const body = (request.body ?? {}) as Json;
    const missing = ["as_of", "tag"].filter((field) => body[field] === undefined);
    if (missing.length > 0)
      throw new ValidationFailure(missing.map((field) => ({ type: "missing", loc: ["body", field], msg: "Field required", input: body })));
    if (typeof body["tag"] !== "string")
      throw new ValidationFailure([{ type: "string_type", loc: ["body", "tag"], msg: "Input should be a valid string", input: body["tag"] }]);
    const times = versionTimes(ctx, datasetId);
    const time = body["as_of"] === "latest" ? times[0] : times.find((t) => t === dateTime(body["as_of"], ["body", "as_of"]));
    if (time === undefined) throw detailError(404, `Dataset version ${String(body["as_of"])} not found`);
    const records = kindRecords(ctx, TAGS_BUCKET);
    const existing = records.find((r) => r.parentId === datasetId && r.wire["tag"] === body["tag"]);
    const asOf = new Date(time).toISOString();
    if (existing !== undefined) existing.wire["as_of"] = asOf;
    else {
      const id = randomUUID();
      records.push({ id, scopeId, parentId: datasetId, wire: { id, tag: body["tag"], as_of: asOf } });
    }
    ctx.store.commit();
    return versionAt(ctx, datasetId, time);
  });
}
