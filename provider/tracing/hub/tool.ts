/**
 * The Tool resource: a function of a workspace that agents may call, named
 * by its `handle` and described by a JSON Schema of its parameters. Every
 * call after the create addresses the tool by its id
 * (`/api/v1/platform/tools/id/{id}`), so nothing depends on the handle but
 * the create and an import by handle; the handle cannot change (a new one
 * replaces the tool), the rest changes in place.
 */
import type { LangSmithClient } from "../../client";
import { defineEndpoint } from "../../client/endpoint";
import { found } from "../../client/errors";
import { zToolsCreateToolPayload, zToolsUpdateToolPayload } from "../../client/wire/additions.requests";
import {
  zGetApiV1PlatformToolsByHandleResponse,
  zGetApiV1PlatformToolsIdByIdResponse,
  zGetApiV1PlatformToolsResponse,
  zPatchApiV1PlatformToolsIdByIdResponse,
  zPostApiV1PlatformToolsResponse,
  zToolsTool,
} from "../../client/wire/additions.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../../engine/kind";
import type { WireObject } from "../../engine/kind/hooks";
import { emptyMapAsUnset, type FieldTable, type InputsOf } from "../../engine/fields/fields";
import { isRecord } from "../../engine/fields/paths";
import { UUID_PATTERN } from "../../engine/fields/validators";
import { CREATED_AT_OUTPUT } from "../../engine/state/outputs";
import { z } from "zod";

/** Where the workspace's tools are, at the API's origin. */
export const TOOLS_PATH = "/api/v1/platform/tools";
const ONE = `${TOOLS_PATH}/id/{id}`;

/** The collection (create 201; list `{tools, total, next_offset}`, paged) and `/id/{id}` (get, PATCH, delete 204). */
export const TOOL_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: TOOLS_PATH, request: zToolsCreateToolPayload, response: zPostApiV1PlatformToolsResponse }),
  list: defineEndpoint({ method: "GET", path: TOOLS_PATH, response: zGetApiV1PlatformToolsResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetApiV1PlatformToolsIdByIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: ONE, request: zToolsUpdateToolPayload, response: zPatchApiV1PlatformToolsIdByIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

/** `GET /api/v1/platform/tools/{handle}`: one tool by its handle (an import by handle, and a create's look-up). */
export const TOOL_BY_HANDLE = defineEndpoint({ method: "GET", path: `${TOOLS_PATH}/{handle}`, response: zGetApiV1PlatformToolsByHandleResponse });

/** A handle: a path segment, so no `/` and no white space. */
export const TOOL_HANDLE_PATTERN = /^[^\s/]+$/;

const KIND = "tool";

/** An optional JSON object of the tool, `{}` (the service's unset) when not given. */
const objectRow = (path: string, doc: string, example: { value: Record<string, unknown>; changed: Record<string, unknown> }) =>
  ({
    path,
    wire: path,
    type: "map of any (JSON object)",
    doc,
    schema: z.record(z.string(), z.unknown()),
    fromWire: emptyMapAsUnset,
    required: false,
    clearWith: {},
    effect: "inPlace",
    secret: false,
    example,
  }) as const;

/** Every input field of a Tool. */
export const TOOL_FIELDS = [
  workspaceIdField(KIND),
  {
    path: "handle",
    wire: "handle",
    updateWire: null,
    refresh: "always",
    type: "string",
    doc: "The tool's handle, unique in its workspace (`pulumi import` takes it in place of the id); no `/` and no white space. The service cannot change it: another handle replaces the tool.",
    schema: z.string().max(255).regex(TOOL_HANDLE_PATTERN),
    reason: 'handle is required: a name without "/" or white space, e.g. "web-search"',
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "matrix-search", changed: "matrix-search-v2" },
  },
  {
    path: "name",
    wire: "name",
    refresh: "always",
    type: "string",
    doc: "The tool's name, as a model sees it.",
    schema: z.string().trim().min(1),
    reason: 'name is required, e.g. "web_search"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "search", changed: "search_web" },
  },
  {
    path: "description",
    wire: "description",
    refresh: "always",
    type: "string",
    doc: "What the tool does, as a model reads it to decide when to call it.",
    schema: z.string().trim().min(1),
    reason: 'description is required, e.g. "Searches the web for a query"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "Searches the documentation.", changed: "Searches the documentation and the changelog." },
  },
  {
    path: "parameters",
    wire: "parameters",
    refresh: "always",
    type: "map of any (a JSON Schema object)",
    doc: 'The JSON Schema of the tool\'s arguments, e.g. `{type: "object", properties: {query: {type: "string"}}, required: ["query"]}`.',
    schema: z.record(z.string(), z.unknown()),
    reason: "parameters is required: a JSON Schema object of the tool's arguments",
    required: true,
    effect: "inPlace",
    secret: false,
    example: {
      value: { type: "object", properties: { query: { type: "string" } }, required: ["query"] },
      changed: { type: "object", properties: { query: { type: "string" }, limit: { type: "integer" } }, required: ["query"] },
    },
  },
  objectRow("returns", "The JSON Schema of what the tool returns; default none.", {
    value: { type: "string" },
    changed: { type: "array", items: { type: "string" } },
  }),
  objectRow("metadata", "Your own key-value data about the tool; default none.", { value: { team: "search" }, changed: { team: "search", tier: "beta" } }),
  {
    path: "enabled",
    wire: "enabled",
    type: "boolean",
    doc: "Whether agents may call the tool.",
    schema: z.boolean(),
    required: false,
    unsetMeans: true,
    defaultDoc: "`true` (service's)",
    effect: "inPlace",
    secret: false,
    example: { value: false, changed: true },
  },
] as const satisfies FieldTable;

/** A Tool's checked inputs. */
export type ToolInputs = InputsOf<typeof TOOL_FIELDS>;

/** The workspace's tool with this handle, or `undefined` when it has none. */
async function toolByHandle(client: LangSmithClient, handle: string, action: string): Promise<WireObject | undefined> {
  const answer: unknown = await found(client.originResources.send(TOOL_BY_HANDLE, { action, params: { handle } }));
  return isRecord(answer) ? answer : undefined;
}

/** The Tool, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:Tool",
  listing: {
    filters: {
      query: {
        type: "string",
        query: "query",
        doc: "Only tools whose handle, name or description holds this text (the service's search).",
        matrix: { hit: (recorded) => recorded["handle"], miss: () => "no-tool-has-this-text" },
      },
    },
    paging: { by: "offset", pageSize: 100 },
  },
  kind: KIND,
  description:
    "A tool of a LangSmith workspace: a function agents may call, with the JSON Schema of its parameters (and optionally of what it returns). " +
    "The handle names it in its workspace and cannot change (another handle replaces the tool); the name, description, schemas, metadata and `enabled` change in place. " +
    "After the create every call names the tool by its id. Import by id or by handle.",
  scope: "workspace",
  base: "origin",
  fields: TOOL_FIELDS,
  nameField: "handle",
  naturalKey: "handle",
  unique: ["handle"],
  endpoints: TOOL_ENDPOINTS,
  object: zToolsTool,
  listItems: (answer) => answer.tools ?? [],
  hooks: {
    create: {
      /** The tool that has the handle: after a lost create answer, and for a refused create's import hint. */
      lookUp: ({ client, inputs, action }) => toolByHandle(client, inputs.handle, `${action}: looking it up by handle`),
    },
    read: {
      /** An import by handle reads `/tools/{handle}`; by id, and every refresh, `/tools/id/{id}`. */
      async fetch({ purpose, id, client }, declared) {
        if (purpose === "import" && !UUID_PATTERN.test(id)) return toolByHandle(client, id, `importing ${KIND} "${id}"`);
        return declared();
      },
    },
  },
  outputs: [{ ...CREATED_AT_OUTPUT, wire: "created_at" }],
});
