/**
 * The ChartSection resource: a custom chart section of a workspace (a
 * custom dashboard in LangSmith's monitoring pages), which `Chart`s are
 * placed on. Every input changes in place. The service's own read of one
 * section is a `POST` with a time window that answers its charts' data and
 * no timestamps; refresh and import read the sections' list instead, filtered
 * by id (a `GET` that answers the creation time and the chart count).
 */
import { defineEndpoint } from "../../client/endpoint";
import { found } from "../../client/errors";
import { zCustomChartsSectionCreate, zCustomChartsSectionUpdate } from "../../client/wire/additions.requests";
import {
  zCustomChartsSectionResponse,
  zGetApiV1ChartsSectionResponse,
  zPatchApiV1ChartsSectionBySectionIdResponse,
  zPostApiV1ChartsSectionResponse,
} from "../../client/wire/additions.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import { type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { UUID_PATTERN } from "../../engine/fields/validators";
import { CREATED_AT_OUTPUT } from "../../engine/state/outputs";
import { z } from "zod";

/** Where a workspace's chart sections are, below `/api/v1`. */
export const CHART_SECTIONS_PATH = "/charts/section";
const ONE = `${CHART_SECTIONS_PATH}/{id}`;

/** `POST`/`GET /api/v1/charts/section` (create; list, paged by `offset`, filtered by `ids`) and `PATCH`/`DELETE /{section_id}`. */
export const CHART_SECTION_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: CHART_SECTIONS_PATH, request: zCustomChartsSectionCreate, response: zPostApiV1ChartsSectionResponse }),
  list: defineEndpoint({ method: "GET", path: CHART_SECTIONS_PATH, response: zGetApiV1ChartsSectionResponse }),
  update: defineEndpoint({ method: "PATCH", path: ONE, request: zCustomChartsSectionUpdate, response: zPatchApiV1ChartsSectionBySectionIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

const KIND = "chart section";

/** Every input field of a ChartSection. */
export const CHART_SECTION_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "title",
    wire: "title",
    refresh: "always",
    type: "string",
    doc: "The section's title, shown as the dashboard's name.",
    schema: z.string().trim().min(1),
    reason: 'title is required, e.g. "Agent health"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "matrix dashboard", changed: "matrix dashboard v2" },
  },
  {
    path: "description",
    wire: "description",
    type: "string",
    doc: "What the section shows; default none.",
    schema: z.string(),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "declared by the conformance matrix", changed: "changed by the conformance matrix" },
  },
  {
    path: "index",
    wire: "index",
    serviceDefault: true,
    type: "integer, 0 or more",
    doc: "The section's place among the workspace's sections (lower first). Unset, the service gives the next free place, and the state records it; it cannot be unset again.",
    schema: z.number().int().min(0),
    required: false,
    defaultDoc: "the service's (the next free place)",
    effect: "inPlace",
    secret: false,
    example: { value: 5, changed: 6 },
  },
] as const satisfies FieldTable;

/** A ChartSection's checked inputs. */
export type ChartSectionInputs = InputsOf<typeof CHART_SECTION_FIELDS>;

/** The ChartSection, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:ChartSection",
  listing: {
    filters: {
      titleContains: { type: "string", query: "title_contains", output: "title", match: "contains", doc: "Only sections whose title contains this text." },
    },
    paging: { by: "offset", pageSize: 100 },
    // Facts of the moment, which move with every chart and write: listed, never recorded by the resource.
    listedOnly: {
      chartCount: { wire: "chart_count", type: "integer", doc: "How many charts the section holds, when the service listed it." },
      modifiedAt: { wire: "modified_at", type: "string", doc: "ISO 8601 time of the section's last change, when the service listed it." },
    },
  },
  kind: KIND,
  description:
    "A custom chart section of a LangSmith workspace: a dashboard of custom charts (`Chart`s name it by `sectionId`). Title, description and place (`index`) change in place. " +
    "Deleting a section deletes the charts on it. Import by id.",
  scope: "workspace",
  fields: CHART_SECTION_FIELDS,
  nameField: "title",
  endpoints: CHART_SECTION_ENDPOINTS,
  object: zCustomChartsSectionResponse,
  // A refresh reads the sections through the list (page by page, then filtered by id): the section's own read has no timestamps.
  batchRead: { by: "pages", pageSize: 100, idsQuery: "ids" },
  hooks: {
    read: {
      /** An import reads the list filtered by the id given (the whole list's first page would miss an older section). */
      async fetch({ purpose, id, client }, declared) {
        if (purpose === "refresh") return declared();
        if (!UUID_PATTERN.test(id)) return undefined;
        const answer = await found(
          client.resources.send(CHART_SECTION_ENDPOINTS.list, { action: `importing ${KIND} "${id}"`, query: { ids: [id], limit: 1 } }),
        );
        const listed = (answer ?? []) as z.output<typeof zGetApiV1ChartsSectionResponse>;
        return listed.find((section) => section.id.toLowerCase() === id.toLowerCase());
      },
    },
  },
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
