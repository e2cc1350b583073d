/**
 * The DatasetVersionTag resource: a named pointer (e.g. `prod`) at one
 * version of a dataset, so evaluations can read the dataset as of that tag.
 * `PUT /datasets/{dataset_id}/tags` `{as_of, tag}` puts the tag on the
 * version at `as_of` (or the newest, `latest`), moving it from wherever it
 * was; `GET /datasets/{dataset_id}/version?tag=` reads the version it names.
 * The service has no request that removes a tag: destroy leaves it, with a
 * warning.
 */
import type { LangSmithClient } from "../client";
import { defineEndpoint } from "../client/endpoint";
import { found, LangSmithError } from "../client/errors";
import { zPutDatasetVersionsSchema } from "../client/wire/additions.requests";
import {
  zDatasetVersion,
  zGetApiV1DatasetsByDatasetIdVersionResponse,
  zGetApiV1DatasetsByDatasetIdVersionsResponse,
  zPutApiV1DatasetsByDatasetIdTagsResponse,
} from "../client/wire/additions.responses";
import { declareKind, settingsInScope, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import type { WireObject } from "../engine/kind/hooks";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { uuid } from "../engine/fields/validators";
import { OUTPUT_TYPES } from "../engine/state/outputs";
import { z } from "zod";

const PUT_TAG = defineEndpoint({
  method: "PUT",
  path: "/datasets/{datasetId}/tags",
  request: zPutDatasetVersionsSchema,
  response: zPutApiV1DatasetsByDatasetIdTagsResponse,
});

/** `PUT /api/v1/datasets/{dataset_id}/tags` (create and move) and `GET .../versions` (the versions, each with its tags); no delete. */
export const DATASET_VERSION_TAG_ENDPOINTS = {
  create: PUT_TAG,
  update: PUT_TAG,
  list: defineEndpoint({ method: "GET", path: "/datasets/{datasetId}/versions", response: zGetApiV1DatasetsByDatasetIdVersionsResponse }),
} satisfies CrudEndpoints;

/** `GET /api/v1/datasets/{dataset_id}/version?tag=`: the version a tag names (404 when it names none). */
const GET_TAGGED_VERSION = defineEndpoint({ method: "GET", path: "/datasets/{datasetId}/version", response: zGetApiV1DatasetsByDatasetIdVersionResponse });

/** `asOf`'s word for the dataset's newest version at the time the tag is put. */
export const LATEST = "latest";

/** Versions one page of the listing asks for (the list's largest page). */
const VERSIONS_PAGE_SIZE = 100;

/** Most pages the listing follows: a bound on a runaway service. */
const MAX_VERSION_PAGES = 1_000;

const KIND = "dataset version tag";

/** A tag the service answered 200 for without putting it on a version (its `as_of` names none): the write did nothing. */
export class DatasetVersionTagNotAppliedError extends LangSmithError {}

/** Every input field of a DatasetVersionTag. */
export const DATASET_VERSION_TAG_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "datasetId",
    type: "string (UUID)",
    doc: "The `Dataset` whose version the tag names; another dataset replaces the tag (the old one stays on its dataset: the service cannot remove a tag).",
    schema: unknownOr(uuid("datasetId")),
    reason: "datasetId is required: set it to a Dataset's id",
    required: true,
    effect: "replace",
    secret: false,
    // The same datasets the Example whose time the tag names is in, at each step of the matrix.
    example: { value: exampleRef("langsmith:index:Dataset"), changed: exampleRef("langsmith:index:Dataset", { other: true }) },
  },
  {
    path: "tag",
    wire: "tag",
    type: "string",
    doc: "The tag, e.g. `prod`; unique in its dataset (`pulumi import` takes `<datasetId>/<tag>`). Another tag replaces the resource.",
    schema: z.string().trim().min(1).max(255),
    reason: 'tag is required, e.g. "prod"',
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "prod", changed: "candidate" },
  },
  {
    path: "asOf",
    wire: "as_of",
    // Compared as an instant by the read hook below: `latest` and another spelling of the same time are no drift.
    refresh: "never",
    type: "`latest` \\| string (RFC 3339 time)",
    doc:
      "The version the tag names: the time of one of the dataset's versions (e.g. an `Example`'s `createdAt`), or `latest`, the newest version when the tag is put " +
      "(it does not follow later changes of the dataset). A change moves the tag (one PUT). A time that is no version of the dataset is refused.",
    // The service takes any string here (a time, or `latest`) and decides; a time that is no version is refused after the PUT.
    schema: z.string().trim().min(1),
    reason: 'asOf is required: "latest" or the RFC 3339 time of one of the dataset\'s versions',
    required: true,
    effect: "inPlace",
    secret: false,
    example: {
      value: exampleRef("langsmith:index:Example", { output: "createdAt" }),
      why: "the change step replaces that Example into the other Dataset (as the tag's datasetId changes), so the time is of the new example's version there; moving a tag alone is the integration test's (tests/integration/datasetVersionTags.test.ts)",
    },
  },
] as const satisfies FieldTable;

/** A DatasetVersionTag's checked inputs. */
export type DatasetVersionTagInputs = InputsOf<typeof DATASET_VERSION_TAG_FIELDS>;

/** The tag and the version it names, as the reads see it. */
function tagWire(tag: string, version: { as_of: string; tags?: string[] | null }): WireObject {
  return { id: tag, tag, as_of: version.as_of, tags: version.tags ?? [] };
}

/** Whether two spellings name the same instant (`latest` is only itself). */
function sameInstant(a: unknown, b: unknown): boolean {
  if (typeof a !== "string" || typeof b !== "string") return false;
  if (a === b) return true;
  const [left, right] = [Date.parse(a), Date.parse(b)];
  return !Number.isNaN(left) && left === right;
}

/**
 * Puts the tag on the version `asOf` names (one PUT) and answers that
 * version; refuses an answer that does not carry the tag (the service
 * answers 200 and does nothing for a time that is no version).
 */
async function putTag(client: LangSmithClient, datasetId: string, tag: string, asOf: string, action: string): Promise<WireObject> {
  const version = zDatasetVersion.parse(await client.resources.send(PUT_TAG, { action, params: { datasetId }, body: { as_of: asOf, tag } }));
  if (!(version.tags ?? []).includes(tag))
    throw new DatasetVersionTagNotAppliedError(
      `${action}: the service did not put the tag on a version: asOf "${asOf}" names no version of dataset ${datasetId}`,
    );
  return tagWire(tag, version);
}

/** The DatasetVersionTag, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:DatasetVersionTag",
  listing: {},
  kind: KIND,
  description:
    "A tag (e.g. `prod`) naming one version of a LangSmith dataset, so an evaluation can read the dataset as of the tag. " +
    "`asOf` is the version's time, or `latest` (the newest version when the tag is put); a change of it moves the tag, one PUT. " +
    "The `versionAsOf` output is the time of the version the tag names, as the service reports it. " +
    "Destroy leaves the tag on its version, with a warning: the service has no request that removes one. Import by `<datasetId>/<tag>`.",
  scope: "workspace",
  fields: DATASET_VERSION_TAG_FIELDS,
  nameField: "tag",
  naturalKey: "tag",
  // The PUT moves a tag the dataset already has: a create refuses that, with the import hint.
  createUpserts: true,
  updateSendsAll: true,
  importForms: ["<datasetId>/<tag>", "<workspaceId>/<datasetId>/<tag>"],
  endpoints: DATASET_VERSION_TAG_ENDPOINTS,
  idOf: (_created, inputs) => String(inputs["tag"]),
  leftOnDestroy: "the tag stays on its version of the dataset (the service has no request that removes a tag; deleting the dataset removes its tags)",
  outputs: [
    {
      name: "versionAsOf",
      type: OUTPUT_TYPES.string,
      doc: "Time of the version the tag names, as the service reports it (RFC 3339).",
      changesOnUpdate: true,
      wire: "as_of",
    },
  ],
  contractBodies: {
    requests: [zPutDatasetVersionsSchema],
    responses: [zPutApiV1DatasetsByDatasetIdTagsResponse],
    outputWires: ["as_of"],
  },
  hooks: {
    create: {
      /** The tag, when the dataset already has it. */
      async lookUp({ client, inputs, action }) {
        const datasetId = String(inputs["datasetId"]);
        const tag = String(inputs["tag"]);
        const version = await found(client.resources.send(GET_TAGGED_VERSION, { action: `${action}: reading the tag`, params: { datasetId }, query: { tag } }));
        return version === undefined ? undefined : tagWire(tag, zDatasetVersion.parse(version));
      },
      post: ({ client, inputs, action }) => putTag(client, String(inputs["datasetId"]), String(inputs["tag"]), String(inputs["asOf"]), action),
    },
    update: {
      async send({ client, inputs, action }) {
        const wire = await putTag(client, String(inputs["datasetId"]), String(inputs["tag"]), String(inputs["asOf"]), action);
        return { wire, what: `moved ${KIND} "${String(inputs["tag"])}" to the version of ${String(wire["as_of"])}` };
      },
    },
    read: {
      /** The version the tag names; none (404) means the tag or its dataset is gone. */
      async fetch({ id, props, client, purpose }) {
        const datasetId = typeof props["datasetId"] === "string" ? props["datasetId"] : "";
        if (datasetId === "") return undefined;
        const action = `${purpose === "refresh" ? "reading" : "importing"} ${KIND} "${id}"`;
        const version = await found(client.resources.send(GET_TAGGED_VERSION, { action, params: { datasetId }, query: { tag: id } }));
        return version === undefined ? undefined : tagWire(id, zDatasetVersion.parse(version));
      },
      /** `asOf` stays as the program wrote it while the tag names that version (`latest`: while it names any); a tag moved elsewhere is drift. */
      refreshed({ props }, wire, outputs) {
        const recorded = props["asOf"];
        const unchanged = recorded === LATEST || sameInstant(recorded, wire["as_of"]);
        return { ...outputs, asOf: unchanged ? recorded : wire["as_of"] };
      },
    },
    /** Every tag of the dataset's versions, each as `[<workspaceId>/]<datasetId>/<tag>`. */
    async list(context, scope) {
      const datasetId = scope.parents["datasetId"] ?? "";
      const action = `listing ${KIND}s`;
      const props = scope.workspaceId !== undefined ? { workspaceId: scope.workspaceId } : {};
      const client = await context.client(settingsInScope(context, "workspace", action, props));
      const tags: string[] = [];
      for (let page = 0; page < MAX_VERSION_PAGES; page++) {
        const versions =
          (await found(
            client.resources.send(DATASET_VERSION_TAG_ENDPOINTS.list, {
              action,
              params: { datasetId },
              query: { limit: VERSIONS_PAGE_SIZE, offset: page * VERSIONS_PAGE_SIZE },
            }),
          )) ?? [];
        const got = zGetApiV1DatasetsByDatasetIdVersionsResponse.parse(versions);
        tags.push(...got.flatMap((version) => version.tags ?? []));
        if (got.length < VERSIONS_PAGE_SIZE) break;
      }
      const prefix = [...(scope.workspaceId !== undefined ? [scope.workspaceId] : []), datasetId];
      return tags.map((tag) => ({ importId: [...prefix, tag].join("/"), id: tag, name: tag }));
    },
  },
});
