/**
 * The DatasetShare resource: a dataset's public share. `PUT
 * /datasets/{dataset_id}/share` makes a share token with which anyone can
 * read the dataset (the service's public routes,
 * `/api/v1/public/{share_token}/...`); `GET` reads it (`null` when the
 * dataset is not shared) and `DELETE` unshares, after which the token no
 * longer works. A dataset has one share, so the resource's id is the
 * dataset's id; the token is a secret output.
 */
import type { LangSmithClient } from "../../client";
import { defineEndpoint } from "../../client/endpoint";
import { found } from "../../client/errors";
import {
  zDatasetShareSchema,
  zGetApiV1DatasetsByDatasetIdShareResponse,
  zGetApiV1WorkspacesCurrentSharedResponse,
  zPutApiV1DatasetsByDatasetIdShareResponse,
  zTenantShareDatasetToken,
} from "../../client/wire/additions.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import type { WireObject } from "../../engine/kind/hooks";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { uuid } from "../../engine/fields/validators";
import { OUTPUT_TYPES } from "../../engine/state/outputs";
import { z } from "zod";

/** The share of a dataset: `{id}` is the resource's id, the dataset's. */
const SHARE = "/datasets/{id}/share";

const PUT_SHARE = defineEndpoint({ method: "PUT", path: SHARE, response: zPutApiV1DatasetsByDatasetIdShareResponse });

/** `PUT /api/v1/datasets/{dataset_id}/share` (share, and change `share_projects`), `GET` and `DELETE` of it, and the workspace's shares (`GET /api/v1/workspaces/current/shared`). */
export const DATASET_SHARE_ENDPOINTS = {
  create: PUT_SHARE,
  update: PUT_SHARE,
  get: defineEndpoint({ method: "GET", path: SHARE, response: zGetApiV1DatasetsByDatasetIdShareResponse }),
  delete: defineEndpoint({ method: "DELETE", path: SHARE }),
  list: defineEndpoint({ method: "GET", path: "/workspaces/current/shared", response: zGetApiV1WorkspacesCurrentSharedResponse }),
} satisfies CrudEndpoints;

const KIND = "dataset share";

/** Every input field of a DatasetShare. */
export const DATASET_SHARE_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "datasetId",
    wire: "dataset_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "The `Dataset` to share publicly (the share's id); another dataset replaces the share (the old dataset is unshared).",
    schema: unknownOr(uuid("datasetId")),
    reason: "datasetId is required: set it to a Dataset's id",
    required: true,
    effect: "replace",
    secret: false,
    example: { value: exampleRef("langsmith:index:Dataset"), changed: exampleRef("langsmith:index:Dataset", { other: true }) },
  },
  {
    path: "shareProjects",
    type: "boolean",
    doc: "Whether the dataset's experiments (its test projects) are shared with it; a change is one `PUT` (same token). The service answers no share with it: a refresh keeps the program's value.",
    schema: z.boolean(),
    required: false,
    unsetMeans: false,
    defaultDoc: "`false`",
    effect: "inPlace",
    secret: false,
    example: { value: true, changed: false },
  },
] as const satisfies FieldTable;

/** A DatasetShare's checked inputs. */
export type DatasetShareInputs = InputsOf<typeof DATASET_SHARE_FIELDS>;

/** The share as the reads see it: named by its dataset's id. */
const shareWire = (share: z.output<typeof zDatasetShareSchema>): WireObject => ({ ...share, id: share.dataset_id.toLowerCase() });

/** Shares the dataset (one PUT; a dataset already shared keeps its token) with `share_projects` as the inputs say. */
async function putShare(client: LangSmithClient, inputs: DatasetShareInputs, action: string): Promise<WireObject> {
  const answer = await client.resources.send(PUT_SHARE, {
    action,
    params: { id: String(inputs.datasetId) },
    query: { share_projects: inputs.shareProjects === true },
  });
  return shareWire(zDatasetShareSchema.parse(answer));
}

/** The DatasetShare, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:DatasetShare",
  listing: {
    paging: { by: "offset", pageSize: 100 },
    listedOnly: {
      datasetName: { wire: "dataset_name", type: "string", doc: "The shared dataset's name." },
      sharedAt: { wire: "created_at", type: "string", doc: "When the dataset was shared (RFC 3339)." },
    },
  },
  kind: KIND,
  description:
    "The public share of a LangSmith dataset: a share token with which anyone can read the dataset, without an API key, at the service's public routes. " +
    "`shareToken` is a Pulumi secret (whoever holds it reads the dataset). The share's id is the dataset's id; `shareProjects` changes in place (one PUT, the same token); destroy unshares, and the token stops working. " +
    "A create refuses a dataset that is already shared, with the import hint. `getDatasetShares` lists the workspace's dataset shares (without their tokens). Import by `<datasetId>`.",
  scope: "workspace",
  fields: DATASET_SHARE_FIELDS,
  endpoints: DATASET_SHARE_ENDPOINTS,
  naturalKey: "datasetId",
  // The PUT answers the existing share of a dataset shared already: a create refuses that, with the import hint.
  createUpserts: true,
  updateSendsAll: true,
  importForms: ["<datasetId>", "<workspaceId>/<datasetId>"],
  idOf: (created, inputs) => (typeof created?.["id"] === "string" ? created["id"] : String(inputs["datasetId"]).toLowerCase()),
  unwrap: (answer) => (answer === null ? undefined : shareWire(answer)),
  // The workspace's shares: a dataset's, named by the dataset's id (the service shares runs too: not this kind).
  listItems: (answer) =>
    answer.entities.flatMap((entity) => {
      const parsed = zTenantShareDatasetToken.safeParse(entity);
      return parsed.success && parsed.data.type === "dataset" ? [{ ...parsed.data, id: parsed.data.dataset_id.toLowerCase() }] : [];
    }),
  outputs: [
    {
      name: "shareToken",
      type: OUTPUT_TYPES.string,
      secret: true,
      doc: "The share token (a Pulumi secret): anyone who holds it can read the dataset, e.g. at the LangSmith app's `/public/<shareToken>/d`. It stays the same while the dataset is shared.",
      changesOnUpdate: false,
      wire: "share_token",
    },
  ],
  contractBodies: { requests: [], responses: [zDatasetShareSchema], outputWires: ["share_token"] },
  hooks: {
    create: {
      /** The dataset's share, when it is shared already. */
      async lookUp({ client, inputs, action }) {
        const answer = await found(
          client.resources.send(DATASET_SHARE_ENDPOINTS.get, { action: `${action}: reading its share`, params: { id: String(inputs["datasetId"]) } }),
        );
        const share = answer === undefined ? null : zGetApiV1DatasetsByDatasetIdShareResponse.parse(answer);
        return share === null ? undefined : shareWire(share);
      },
      post: ({ client, inputs, action }) => putShare(client, inputs, action),
    },
    update: {
      async send({ client, inputs, action }) {
        return {
          wire: await putShare(client, inputs, action),
          what: `shareProjects of ${KIND} "${String(inputs.datasetId)}" set to ${String(inputs.shareProjects === true)}`,
        };
      },
    },
  },
});
