/**
 * The DatasetSplit resource: a named split of a dataset (e.g. `holdout`) and
 * the examples in it. The service keeps no split object: a split is a name
 * in each member example's `metadata.dataset_split`, written by
 * `PUT /datasets/{dataset_id}/splits` (`remove` false adds the examples,
 * true takes them out) and read through the examples list filtered by
 * `splits`. So the resource's id is `<datasetId>/<name>`, a change of
 * membership is one PUT per direction, and destroy takes every current
 * member out, which leaves no split of that name.
 */
import type { LangSmithClient } from "../client";
import { defineEndpoint } from "../client/endpoint";
import { found, NotFoundError } from "../client/errors";
import { zBodyUpdateDatasetSplitsApiV1DatasetsDatasetIdSplitsPut } from "../client/wire/additions.requests";
import { zGetApiV1DatasetsByDatasetIdSplitsResponse, zPutApiV1DatasetsByDatasetIdSplitsResponse } from "../client/wire/additions.responses";
import { logProgress } from "../engine/context/progress";
import { declareKind, settingsInScope, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import type { WireObject } from "../engine/kind/hooks";
import { exampleRef, unknownOr, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { uuid } from "../engine/fields/validators";
import { EXAMPLE_ENDPOINTS } from "./example";
import { z } from "zod";

const SPLITS = "/datasets/{datasetId}/splits";

/** `GET /api/v1/datasets/{dataset_id}/splits` (the names in use) and `PUT` of it (adds examples to a split, or removes them). */
export const DATASET_SPLIT_ENDPOINTS = {
  create: defineEndpoint({
    method: "PUT",
    path: SPLITS,
    request: zBodyUpdateDatasetSplitsApiV1DatasetsDatasetIdSplitsPut,
    response: zPutApiV1DatasetsByDatasetIdSplitsResponse,
  }),
  list: defineEndpoint({ method: "GET", path: SPLITS, response: zGetApiV1DatasetsByDatasetIdSplitsResponse }),
} satisfies CrudEndpoints;

/** The split the service gives every example that has no other: an `Example`'s `split` input, not configuration of its own. */
export const BASE_SPLIT = "base";

/** Examples one page of the members' read asks for (the list's largest page). */
const MEMBERS_PAGE_SIZE = 100;

/** Most pages the members' read follows: a bound on a runaway service (100 000 examples). */
const MAX_MEMBER_PAGES = 1_000;

const KIND = "dataset split";

/** Every input field of a DatasetSplit. */
export const DATASET_SPLIT_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "datasetId",
    wire: "dataset_id",
    refresh: "always",
    type: "string (UUID)",
    doc: "The `Dataset` whose examples the split groups; another dataset replaces the split.",
    schema: unknownOr(uuid("datasetId")),
    reason: "datasetId is required: set it to a Dataset's id",
    required: true,
    effect: "replace",
    secret: false,
    // The same datasets the Example the split names is in, at each step of the matrix.
    example: { value: exampleRef("langsmith:index:Dataset"), changed: exampleRef("langsmith:index:Dataset", { other: true }) },
  },
  {
    path: "name",
    wire: "split_name",
    refresh: "always",
    type: "string",
    doc: "The split's name, e.g. `holdout`; unique in its dataset (`pulumi import` takes `<datasetId>/<name>`). Another name replaces the split.",
    schema: z.string().trim().min(1).max(255),
    reason: 'name is required, e.g. "holdout"',
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "holdout", changed: "regression" },
  },
  {
    path: "exampleIds",
    wire: "examples",
    refresh: "always",
    unordered: true,
    type: "list of string (UUID), at least 1",
    doc: "The examples in the split, each an `Example` of the dataset. A change adds the new ones and then takes out the dropped ones (two requests at most), so the split is never empty in between.",
    schema: z.array(unknownOr(uuid("exampleIds"))).min(1),
    reason: "exampleIds is required: the ids of one or more Examples of the dataset",
    required: true,
    effect: "inPlace",
    secret: false,
    example: {
      value: [exampleRef("langsmith:index:Example")],
      why: "the change step replaces that Example into the other Dataset (its datasetId changes, as the split's does), so the list names the new example there; a change of membership alone is the integration test's (tests/integration/datasetSplits.test.ts)",
    },
  },
] as const satisfies FieldTable;

/** A DatasetSplit's checked inputs. */
export type DatasetSplitInputs = InputsOf<typeof DATASET_SPLIT_FIELDS>;

/** The resource's id: `<datasetId>/<name>` (a split has no id of its own). */
export const datasetSplitId = (datasetId: string, name: string): string => `${datasetId.toLowerCase()}/${name}`;

/** The dataset and the name an id names (for a state that lacks the inputs). */
function partsOf(id: string): { datasetId: string; name: string } {
  const slash = id.indexOf("/");
  return slash < 0 ? { datasetId: "", name: id } : { datasetId: id.slice(0, slash), name: id.slice(slash + 1) };
}

/** The split as the reads see it: its dataset, name and members (sorted). */
function splitWire(datasetId: string, name: string, exampleIds: readonly string[]): WireObject {
  return {
    id: datasetSplitId(datasetId, name),
    dataset_id: datasetId.toLowerCase(),
    split_name: name,
    examples: [...new Set(exampleIds.map((id) => id.toLowerCase()))].sort(),
  };
}

/** The ids of the examples of the dataset in the split, every page; `undefined` when the dataset is gone. */
export async function splitMembers(client: LangSmithClient, datasetId: string, name: string, action: string): Promise<string[] | undefined> {
  const ids: string[] = [];
  for (let page = 0; page < MAX_MEMBER_PAGES; page++) {
    const examples = await found(
      client.resources.send(EXAMPLE_ENDPOINTS.list, {
        action: `${action}: reading the split's examples`,
        query: { dataset: datasetId, splits: [name], limit: MEMBERS_PAGE_SIZE, offset: page * MEMBERS_PAGE_SIZE },
      }),
    );
    if (examples === undefined) return undefined;
    const got = examples as { id: string }[];
    ids.push(...got.map((example) => example.id));
    if (got.length < MEMBERS_PAGE_SIZE) break;
  }
  return ids;
}

/** Adds the examples to the split (`remove` false) or takes them out (true): one PUT. */
async function putSplit(
  client: LangSmithClient,
  datasetId: string,
  name: string,
  exampleIds: readonly string[],
  remove: boolean,
  action: string,
): Promise<void> {
  await client.resources.send(DATASET_SPLIT_ENDPOINTS.create, {
    action: remove ? `${action}: taking ${exampleIds.length} example(s) out` : `${action}: adding ${exampleIds.length} example(s)`,
    params: { datasetId },
    body: { split_name: name, examples: [...exampleIds], remove },
  });
}

/** The ids of `ids` that `others` does not hold (case aside). */
const missingFrom = (ids: readonly string[], others: readonly string[]): string[] => {
  const known = new Set(others.map((id) => id.toLowerCase()));
  return ids.filter((id) => !known.has(id.toLowerCase()));
};

/** The DatasetSplit, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:DatasetSplit",
  listing: {},
  kind: KIND,
  description:
    "A split of a LangSmith dataset (e.g. `holdout`) and the examples in it, for evaluating on part of a dataset. " +
    "The service keeps a split as a name on each member example, so the split's id is `<datasetId>/<name>`; a change of `exampleIds` adds and removes examples in place, " +
    "and destroy takes every example out of the split, which leaves no split of that name. A create refuses a name the dataset already uses. " +
    "An `Example`'s own `split` input is its first split; a DatasetSplit adds further ones, so name a split no `Example` of the stack sets. " +
    "Import by `<datasetId>/<name>`.",
  scope: "workspace",
  fields: DATASET_SPLIT_FIELDS,
  nameField: "name",
  naturalKey: "name",
  // A create would add to a split someone else keeps: refused with the import hint when the name is in use.
  createUpserts: true,
  importForms: ["<datasetId>/<name>", "<workspaceId>/<datasetId>/<name>"],
  endpoints: DATASET_SPLIT_ENDPOINTS,
  idOf: (created, inputs) => (typeof created?.["id"] === "string" ? created["id"] : datasetSplitId(String(inputs["datasetId"]), String(inputs["name"]))),
  contractBodies: {
    requests: [zBodyUpdateDatasetSplitsApiV1DatasetsDatasetIdSplitsPut],
    responses: [zPutApiV1DatasetsByDatasetIdSplitsResponse, zGetApiV1DatasetsByDatasetIdSplitsResponse],
    outputWires: [],
  },
  hooks: {
    create: {
      /** The split, when the dataset already uses the name. */
      async lookUp({ client, inputs, action }) {
        const datasetId = String(inputs["datasetId"]);
        const name = String(inputs["name"]);
        const names = (await client.resources.send(DATASET_SPLIT_ENDPOINTS.list, {
          action: `${action}: reading the dataset's splits`,
          params: { datasetId },
        })) as string[];
        if (!names.includes(name)) return undefined;
        const members = (await splitMembers(client, datasetId, name, action)) ?? [];
        return splitWire(datasetId, name, members);
      },
      async post({ client, inputs, action }) {
        const datasetId = String(inputs["datasetId"]);
        const name = String(inputs["name"]);
        const exampleIds = (inputs["exampleIds"] as string[]) ?? [];
        await putSplit(client, datasetId, name, exampleIds, false, action);
        return splitWire(datasetId, name, exampleIds);
      },
    },
    read: {
      /** The members, through the examples list filtered by the split; none means the split is gone. */
      async fetch({ id, props, client, purpose }) {
        const fromId = partsOf(id);
        const datasetId = typeof props["datasetId"] === "string" && props["datasetId"] !== "" ? props["datasetId"] : fromId.datasetId;
        // An import is given the name (its dataset is the parent before it); a refresh, the recorded inputs.
        const name = purpose === "import" ? id : typeof props["name"] === "string" ? props["name"] : fromId.name;
        if (datasetId === "" || name === "") return undefined;
        const action = `${purpose === "refresh" ? "reading" : "importing"} ${KIND} "${datasetSplitId(datasetId, name)}"`;
        const members = await splitMembers(client, datasetId, name, action);
        return members === undefined || members.length === 0 ? undefined : splitWire(datasetId, name, members);
      },
    },
    update: {
      /** Adds the new examples first, then takes out the dropped ones, so the split is never empty in between. */
      async send({ client, olds, inputs, action }) {
        const datasetId = String(inputs["datasetId"]);
        const name = String(inputs["name"]);
        const wanted = (inputs["exampleIds"] as string[]) ?? [];
        const had = (olds["exampleIds"] as string[] | undefined) ?? [];
        const added = missingFrom(wanted, had);
        const dropped = missingFrom(had, wanted);
        if (added.length > 0) await putSplit(client, datasetId, name, added, false, action);
        if (dropped.length > 0) await putSplit(client, datasetId, name, dropped, true, action);
        return { wire: splitWire(datasetId, name, wanted), what: `added ${added.length} and took out ${dropped.length} example(s)` };
      },
    },
    /** Takes every example the split has now out of it (the split is then gone); a dataset already gone is done. */
    async delete(context, id, outputs) {
      const fromId = partsOf(id);
      const datasetId = typeof outputs["datasetId"] === "string" ? outputs["datasetId"] : fromId.datasetId;
      const name = typeof outputs["name"] === "string" ? outputs["name"] : fromId.name;
      const action = `deleting ${KIND} "${id}"`;
      const client = await context.client(settingsInScope(context, "workspace", action, outputs));
      try {
        const members = await splitMembers(client, datasetId, name, action);
        if (members === undefined || members.length === 0) {
          logProgress(context, KIND, id, "the split (or its dataset) was already gone");
          return;
        }
        await putSplit(client, datasetId, name, members, true, action);
        logProgress(context, KIND, id, `took ${members.length} example(s) out of the split`);
      } catch (error) {
        if (!(error instanceof NotFoundError)) throw error;
        logProgress(context, KIND, id, "the dataset or an example was already gone (404)");
      }
    },
    /** The names the dataset's examples use, each as `[<workspaceId>/]<datasetId>/<name>`; `base`, the service's own split, is left out of adoption. */
    async list(context, scope) {
      const datasetId = scope.parents["datasetId"] ?? "";
      const action = `listing ${KIND}s`;
      const props = scope.workspaceId !== undefined ? { workspaceId: scope.workspaceId } : {};
      const client = await context.client(settingsInScope(context, "workspace", action, props));
      const names = ((await found(client.resources.send(DATASET_SPLIT_ENDPOINTS.list, { action, params: { datasetId } }))) as string[] | undefined) ?? [];
      const prefix = [...(scope.workspaceId !== undefined ? [scope.workspaceId] : []), datasetId];
      return names.map((name) => ({
        importId: [...prefix, name].join("/"),
        id: datasetSplitId(datasetId, name),
        name,
        ...(name === BASE_SPLIT
          ? { leftOutBecause: "`base` is the split the service gives every example with no other: an Example's `split` input sets it, not a DatasetSplit" }
          : {}),
      }));
    },
  },
});
