/**
 * Sandbox snapshots (`/api/v2/sandboxes/snapshots`, with `X-Tenant-Id`): the
 * base images a workspace's sandboxes boot from, built from a Docker image.
 * Served by the same Go service as the sandbox registries: a malformed
 * request is a 400, every error `{"detail": {"error", "message"}}`.
 *
 * What the service does that the contract cannot say:
 * - The build is asynchronous: a create answers 201 with the snapshot
 *   `building`; `timings.snapshotBuildMs` later it is `ready` (its
 *   `image_digest` and `fs_used_bytes` known), or `failed` with a
 *   `status_message` (the emulator's control `failNextSnapshotBuild` makes
 *   the next build of a name fail, as an image the registry does not have
 *   would); the other statuses have an empty one.
 * - There is no update: a snapshot never changes once made.
 * - A snapshot is named `name:tag` (`tag` defaults to `latest`); a tag is
 *   mutable, as a Docker tag is: a new snapshot made with a taken `name:tag`
 *   takes the tag, and the one that had it keeps no tag (`tags: []`, known by
 *   id only). `tags` lists the tags that resolve to a snapshot.
 * - `GET` and `DELETE` of `/{snapshot_id}` take the id, `name:tag`, or a bare
 *   name (`name:latest`, else the newest ready snapshot of that name with no
 *   tag). `DELETE` answers 204 in any status.
 * - `registry_id` names one of the workspace's sandbox registries by id (400
 *   when it has none such: the create declares no 404); deleting the
 *   registry leaves the snapshot as it is.
 * - `fs_capacity_bytes` must be positive; `name` and `docker_image` not
 *   empty (400).
 * - The list answers `{offset, snapshots}`, newest first (`limit` 1 to 100,
 *   default 50; `offset`; `name_contains`; `status`; `label`, repeatable,
 *   `key` or `key=value`; `sort_by` name, status or created_at;
 *   `sort_direction`).
 * - `created_by` is the caller's user: an API key has none (`""`).
 * - Permissions: `sandboxes:read` to read, `sandboxes:create` and
 *   `sandboxes:delete` to write.
 */
import { createHash } from "node:crypto";
import type { EmulatorContext } from "../core/context";
import type { KindRecord } from "../core/types";
import { detailError } from "../http/errors";
import { isUuid } from "../http/params";
import { zSandboxesCreateSnapshotPayload } from "../wire/additions";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import { kindRecords } from "../kinds/records";

type Json = Record<string, unknown>;

/** The name of the kind in the state. */
export const SANDBOX_SNAPSHOTS_KIND = "sandboxSnapshots";

/** The tag a snapshot made without one, or named without one, has. */
const DEFAULT_TAG = "latest";

/** An empty name or image, or a capacity that is not positive, is refused, as the service's handler does. */
function checkSnapshot(body: Json): void {
  for (const field of ["name", "docker_image"]) {
    if (typeof body[field] !== "string" || (body[field] as string).trim() === "") throw detailError(400, `${field} is required`);
  }
  if (typeof body["tag"] === "string" && body["tag"].trim() === "") throw detailError(400, "tag must not be empty");
  if (!Number.isInteger(body["fs_capacity_bytes"]) || (body["fs_capacity_bytes"] as number) <= 0) throw detailError(400, "fs_capacity_bytes must be positive");
}

/** The tags of a stored snapshot. */
function tagsOf(record: KindRecord): string[] {
  return Array.isArray(record.wire["tags"]) ? (record.wire["tags"] as string[]) : [];
}

/** The build's outcome now: `building` until `snapshotBuildMs` has passed since the create, then `ready` or `failed`. */
function statusOf(record: KindRecord, ctx: EmulatorContext): "building" | "ready" | "failed" {
  if (ctx.now() - Number(record.wire["build_started_ms"]) < ctx.timings.snapshotBuildMs) return "building";
  return typeof record.wire["build_failure"] === "string" ? "failed" : "ready";
}

/** A new snapshot takes its `name:tag` from the one of the scope that had it; the build starts now (and fails when the control said so). */
function startBuild(body: Json, call: KindCall): Json {
  checkSnapshot(body);
  const registry = body["registry_id"];
  if (typeof registry === "string" && registry !== "") {
    const registries = kindRecords(call.ctx, "sandboxRegistries").filter((record) => record.scopeId === call.scopeId);
    if (!registries.some((record) => record.id === registry.toLowerCase())) throw detailError(400, `registry ${registry} not found`);
  }
  const name = String(body["name"]);
  const tag = typeof body["tag"] === "string" ? body["tag"] : DEFAULT_TAG;
  for (const other of kindRecords(call.ctx, SANDBOX_SNAPSHOTS_KIND)) {
    if (other.scopeId === call.scopeId && other.wire["name"] === name && tagsOf(other).includes(tag))
      other.wire["tags"] = tagsOf(other).filter((t) => t !== tag);
  }
  const failure = call.ctx.pendingSnapshotFailures.get(name);
  call.ctx.pendingSnapshotFailures.delete(name);
  return { tags: [tag], created_by: "", build_started_ms: call.ctx.now(), ...(failure !== undefined ? { build_failure: failure } : {}) };
}

/** The snapshot a path names: its id, `name:tag`, or a bare name (`name:latest`, else the newest ready untagged one of that name). */
function resolveSnapshot(value: string, candidates: readonly KindRecord[], call: KindCall): KindRecord | undefined {
  if (isUuid(value)) return candidates.find((record) => record.id === value.toLowerCase());
  const colon = value.lastIndexOf(":");
  const name = colon < 0 ? value : value.slice(0, colon);
  const tag = colon < 0 ? DEFAULT_TAG : value.slice(colon + 1);
  const tagged = candidates.find((record) => record.wire["name"] === name && tagsOf(record).includes(tag));
  if (tagged !== undefined || colon >= 0) return tagged;
  const untagged = candidates.filter((record) => record.wire["name"] === name && tagsOf(record).length === 0 && statusOf(record, call.ctx) === "ready");
  return untagged.sort((a, b) => String(b.wire["created_at"]).localeCompare(String(a.wire["created_at"])))[0];
}

/** The `label` filter: every `key` (present) or `key=value` (equal) given must hold. */
function labelFilter(query: KindCall["query"], name: string): ((object: Json) => boolean) | undefined {
  const raw = query[name];
  const wanted = raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
  if (wanted.length === 0) return undefined;
  return (object) => {
    const labels = (object["labels"] ?? {}) as Record<string, string>;
    return wanted.every((entry) => {
      const equals = entry.indexOf("=");
      return equals < 0 ? entry in labels : labels[entry.slice(0, equals)] === entry.slice(equals + 1);
    });
  };
}

/** What the build has made known by now; the fields it has not, as a Go service answers them (`""`, `0`; the memory size `null`: a snapshot built from an image has no memory state). */
function renderBuild(record: KindRecord, ctx: EmulatorContext): Json {
  const status = statusOf(record, ctx);
  const capacity = Number(record.wire["fs_capacity_bytes"]);
  const ready = status === "ready";
  return {
    status,
    status_message: status === "failed" ? String(record.wire["build_failure"]) : "",
    image_digest: ready ? `sha256:${createHash("sha256").update(String(record.wire["docker_image"])).digest("hex")}` : "",
    fs_used_bytes: ready ? Math.min(capacity, 512 * 1024 * 1024) : 0,
    memory_snapshot_size_bytes: null,
    registry_id: typeof record.wire["registry_id"] === "string" ? record.wire["registry_id"] : "",
    source_sandbox_id: "",
  };
}

/** The sandbox snapshot kind. */
export const SANDBOX_SNAPSHOTS = defineKind({
  name: SANDBOX_SNAPSHOTS_KIND,
  noun: "Snapshot",
  scope: "workspace",
  collection: "/api/v2/sandboxes/snapshots",
  idParam: "snapshot_id",
  itemKey: { resolve: resolveSnapshot },
  errors: "goDetail",
  permissions: { read: "sandboxes:read", write: "sandboxes:create", create: "sandboxes:create", delete: "sandboxes:delete" },
  create: {
    schema: zSandboxesCreateSnapshotPayload,
    status: 201,
    defaults: { labels: {} },
    derive: (body, call) => startBuild(body, call),
  },
  transient: ["tag"],
  get: true,
  delete: { answer: "none" },
  hidden: ["build_started_ms", "build_failure"],
  render: renderBuild,
  newestFirst: true,
  listQuery: {
    name_contains: { type: "search", fields: ["name"] },
    status: { type: "string", filters: "status" },
    label: { type: "custom", read: (query, name) => labelFilter(query, name) },
    created_by: { type: "string" },
    sort_by: { type: "sortBy", fields: { name: ["name"], status: ["status"], created_at: ["created_at"] }, default: "created_at", descending: ["created_at"] },
    sort_direction: { type: "direction", default: "desc" },
    offset: { type: "offset" },
    limit: { type: "limit", default: 50, max: 100 },
  },
  listAnswer: (objects, call) => ({ offset: Number(call.query["offset"] ?? 0), snapshots: objects }),
});
