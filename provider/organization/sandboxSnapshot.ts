/**
 * The SandboxSnapshot resource: a base image of a workspace's sandboxes,
 * built by the service from a Docker image. The build is asynchronous:
 * create waits until it is `ready`. A snapshot never changes: every input
 * replaces it.
 */
import { defineEndpoint } from "../client/endpoint";
import { found } from "../client/errors";
import { zSandboxesCreateSnapshotPayload } from "../client/wire/additions.requests";
import {
  zGetApiV2SandboxesSnapshotsBySnapshotIdResponse,
  zGetApiV2SandboxesSnapshotsResponse,
  zPostApiV2SandboxesSnapshotsResponse,
  zSandboxesSnapshotResponse,
} from "../client/wire/additions.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import type { StatusLifecycle } from "../engine/kind/lifecycle";
import type { DiffHooks, ReadRequest, WireObject } from "../engine/kind/hooks";
import { emptyAsUnset, emptyMapAsUnset, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { UUID_PATTERN } from "../engine/fields/validators";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../engine/state/outputs";
import { z } from "zod";

/** Where a workspace's sandbox snapshots are, at the API's origin. */
export const SANDBOX_SNAPSHOTS_PATH = "/api/v2/sandboxes/snapshots";
const ONE = `${SANDBOX_SNAPSHOTS_PATH}/{id}`;

/** The collection (create: 201, the build started; list `{snapshots, offset}`) and `/{snapshot_id}` (get and delete 204, by id or `name:tag`); there is no update. */
export const SANDBOX_SNAPSHOT_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: SANDBOX_SNAPSHOTS_PATH,
    request: zSandboxesCreateSnapshotPayload,
    response: zPostApiV2SandboxesSnapshotsResponse,
  }),
  list: defineEndpoint({ method: "GET", path: SANDBOX_SNAPSHOTS_PATH, response: zGetApiV2SandboxesSnapshotsResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetApiV2SandboxesSnapshotsBySnapshotIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

/** The tag a snapshot is made with when the program sets none (the service's default). */
export const DEFAULT_SNAPSHOT_TAG = "latest";

/** A snapshot's statuses: see {@link StatusLifecycle}. A build takes seconds to many minutes, with the image's size. */
export const SANDBOX_SNAPSHOT_LIFECYCLE: StatusLifecycle = {
  status: "status",
  message: "status_message",
  ready: ["ready"],
  busy: ["building"],
  deleting: ["deleting"],
  deletableToo: ["failed"],
  timeoutSeconds: { create: 1800, update: 1800, delete: 600 },
  pollIntervalMs: 5_000,
};

const replaced = { effect: "replace", secret: false } as const;

/** Every input field of a SandboxSnapshot. */
export const SANDBOX_SNAPSHOT_FIELDS = [
  workspaceIdField("sandbox snapshot"),
  {
    ...replaced,
    path: "name",
    wire: "name",
    refresh: "always",
    type: "string",
    doc: "The snapshot's name in the workspace: sandboxes name a snapshot `name:tag`. Replaces the snapshot.",
    schema: z.string().trim().min(1).max(255),
    reason: 'name is required, e.g. "python-base"',
    required: true,
    example: { value: "matrix-base", changed: "matrix-base-v2", other: "matrix-base-b" },
  },
  {
    ...replaced,
    path: "tag",
    wire: "tag",
    type: "string",
    doc:
      "The tag sandboxes name it by after its name (`name:tag`); default `latest`. As with a Docker tag, a new snapshot made with the same name and tag takes the tag: " +
      "one made outside Pulumi leaves this snapshot with no tag, and the next `pulumi up` makes it anew (refresh sees it in `tags`). Replaces the snapshot.",
    schema: z.string().trim().min(1).max(128),
    reason: 'tag must be a non-empty string, e.g. "v1"',
    required: false,
    default: DEFAULT_SNAPSHOT_TAG,
    example: { value: "v1", changed: "v2" },
  },
  {
    ...replaced,
    path: "dockerImage",
    wire: "docker_image",
    refresh: "always",
    type: "string",
    doc: "The Docker image the snapshot is built from, e.g. `python:3.12-slim` or `ghcr.io/acme/agent-base:1.4` (a private one through `registryId`). Replaces the snapshot.",
    schema: z.string().trim().min(1),
    reason: 'dockerImage is required: an image reference, e.g. "python:3.12-slim"',
    required: true,
    example: { value: "python:3.12-slim", changed: "python:3.13-slim" },
  },
  {
    ...replaced,
    path: "fsCapacityBytes",
    wire: "fs_capacity_bytes",
    refresh: "always",
    type: "integer (bytes)",
    doc: "Size of the filesystem of the sandboxes booted from it, in bytes, e.g. `10737418240` (10 GiB). Replaces the snapshot.",
    schema: z.number().int().positive(),
    reason: "fsCapacityBytes is required: a positive number of bytes, e.g. 10737418240 (10 GiB)",
    required: true,
    example: { value: 4_294_967_296, changed: 8_589_934_592 },
  },
  {
    ...replaced,
    path: "labels",
    wire: "labels",
    fromWire: emptyMapAsUnset,
    type: "map of string",
    doc: "Labels of the snapshot (`key: value`), over any of the same key the image carries; the list's `label` filter finds snapshots by them. Default none. Replaces the snapshot.",
    schema: z.record(z.string().min(1), z.string()),
    reason: "labels must map strings to strings",
    required: false,
    example: { value: { team: "platform" }, changed: { team: "platform", python: "3.13" } },
  },
  {
    ...replaced,
    path: "registryId",
    wire: "registry_id",
    fromWire: emptyAsUnset,
    type: "string (UUID)",
    doc:
      "The sandbox registry the image is pulled from, by its service id: a `SandboxRegistry`'s `registryId` output (that resource's own id is its name). " +
      "Default none: a public image. Replaces the snapshot.",
    schema: z.string().regex(UUID_PATTERN),
    reason: "registryId must be a SandboxRegistry's registryId (a UUID)",
    required: false,
    example: { notSet: "needs a SandboxRegistry of the same workspace; the integration tests set one" },
  },
] as const satisfies FieldTable;

/** A SandboxSnapshot's checked inputs. */
export type SandboxSnapshotInputs = InputsOf<typeof SANDBOX_SNAPSHOT_FIELDS>;

/** The tag the program wants, as recorded. */
const wantedTag = (props: Record<string, unknown>): string => (typeof props["tag"] === "string" && props["tag"] !== "" ? props["tag"] : DEFAULT_SNAPSHOT_TAG);

/** Why a recorded snapshot must be made anew: a build that failed, or a tag another snapshot has taken; `undefined` when neither. */
export function remakeReason(olds: Record<string, unknown>): "status" | "tags" | undefined {
  if (olds["status"] === "failed") return "status";
  const tags = olds["tags"];
  return Array.isArray(tags) && !tags.includes(wantedTag(olds)) ? "tags" : undefined;
}

/** The snapshot's hooks around the engine's Diff: a failed build or a lost tag replaces it; a build still going on is waited for by the next update. */
const SANDBOX_SNAPSHOT_DIFF: DiffHooks = {
  after({ olds, result }) {
    const remake = remakeReason(olds);
    const replaces = remake === undefined || result.replaces.includes(remake) ? result.replaces : [...result.replaces, remake];
    const pending = olds["status"] === "building";
    return { ...result, changes: replaces.length > 0 || result.updates.length > 0 || pending, replaces, pending };
  },
};

/** The answer's `tag`, which the service gives as the list `tags`: the recorded one while it still resolves to this snapshot; an import's, the first. */
function withTag(request: ReadRequest, wire: WireObject): WireObject {
  const tags = Array.isArray(wire["tags"]) ? (wire["tags"] as string[]) : [];
  if (request.purpose === "refresh") return { ...wire, tag: wantedTag(request.props) };
  return tags[0] === undefined ? wire : { ...wire, tag: tags[0] };
}

/** The SandboxSnapshot, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:SandboxSnapshot",
  listing: {
    filters: {
      nameContains: { type: "string", query: "name_contains", output: "name", match: "contains", doc: "Only snapshots whose name contains this text." },
      status: {
        type: "string",
        query: "status",
        output: "status",
        match: "equals",
        doc: "Only snapshots in this status: `building`, `ready`, `failed` or `deleting`.",
      },
    },
    paging: { by: "offset", pageSize: 100 },
  },
  kind: "sandbox snapshot",
  description:
    "A base image of a LangSmith workspace's sandboxes, built by the service from a Docker image (a private one pulled through a `SandboxRegistry`). " +
    "Create waits until the build is `ready` (up to 30 minutes, or the resource's `customTimeouts`); a failed build names the service's reason, stays in the stack, and the next `pulumi up` builds it anew. " +
    "A snapshot never changes: every input replaces it (the new one is built before the old one is deleted). Import by id or by `name:tag`.",
  scope: "workspace",
  base: "origin",
  fields: SANDBOX_SNAPSHOT_FIELDS,
  nameField: "name",
  endpoints: SANDBOX_SNAPSHOT_ENDPOINTS,
  lifecycle: SANDBOX_SNAPSHOT_LIFECYCLE,
  object: zSandboxesSnapshotResponse,
  // A listed snapshot's tag is the first of its tags, as an import's is (the service answers no single tag).
  listItems: (answer) => (answer.snapshots ?? []).map((item) => (item.tags?.[0] === undefined ? item : { ...item, tag: item.tags[0] })),
  hooks: {
    diff: SANDBOX_SNAPSHOT_DIFF,
    read: {
      /** An import by `name:tag` (or a bare name) asks the service, which resolves it as sandboxes do. */
      async fetch(request, declared) {
        if (request.purpose === "refresh" || UUID_PATTERN.test(request.id)) return declared();
        const answer = await found(
          request.client.originResources.send(SANDBOX_SNAPSHOT_ENDPOINTS.get, {
            action: `importing sandbox snapshot "${request.id}"`,
            params: { id: request.id },
          }),
        );
        return (answer ?? undefined) as WireObject | undefined;
      },
      answer: async (request, wire) => withTag(request, wire),
    },
  },
  outputs: [
    {
      name: "status",
      type: OUTPUT_TYPES.string,
      doc: "The build's status: `building`, `ready`, `failed` or `deleting`; `ready` once a create has finished.",
      changesOnUpdate: true,
      wire: "status",
    },
    { name: "statusMessage", type: OUTPUT_TYPES.string, doc: "Why the build failed, when it did.", changesOnUpdate: true, wire: "status_message" },
    {
      name: "imageDigest",
      type: OUTPUT_TYPES.string,
      doc: "The digest of the image the snapshot was built from (`sha256:...`).",
      changesOnUpdate: true,
      wire: "image_digest",
    },
    { name: "fsUsedBytes", type: OUTPUT_TYPES.number, doc: "Bytes of the filesystem the image fills.", changesOnUpdate: true, wire: "fs_used_bytes" },
    {
      name: "tags",
      type: OUTPUT_TYPES.stringList,
      doc: "The tags that resolve to this snapshot now: empty once another snapshot of the same name took its tag.",
      changesOnUpdate: true,
      wire: "tags",
    },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});
