/**
 * Tools of a workspace (`/api/v1/platform/tools`, with `X-Tenant-Id`): a
 * function an agent may call, described by a JSON Schema of its parameters.
 * Served by a Go service: a malformed request is a 400, every error
 * `{"error": "..."}`.
 *
 * What the service does that the contract cannot say (the emulator's choices
 * where nothing public says it):
 * - `handle` names the tool in its workspace (409 when taken) and in the
 *   paths `/tools/{handle}`; it cannot change (the update has none). The
 *   emulator refuses an empty handle and one holding `/` or white space
 *   (400): it is a path segment. `name`, `description` and `parameters` are
 *   required (400 when missing or empty).
 * - `/tools/id/{id}` reads, changes (`PATCH`: the fields sent) and deletes
 *   (204) a tool by its id; `/tools/{handle}` reads one by its handle.
 *   `enabled` defaults to true; `returns` and `metadata` to `{}`.
 * - The list answers `{tools, total, next_offset}`, newest last, paged by
 *   `limit` (default 20, at most 100) and `offset`; `query` searches the
 *   handle, name and description; `next_offset` is 0 on the last page.
 * - Permissions: `prompts:read` to read, `prompts:update` to write.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { HttpError } from "../../http/errors";
import { zToolsCreateToolPayload, zToolsUpdateToolPayload } from "../../wire/additions";
import { defineKind } from "../../kinds/declaration";
import { goErrorHandler } from "../../kinds/goErrors";
import { kindRecords, renderRecord } from "../../kinds/records";
import { authenticateFor } from "../../kinds/scopeAuth";

const KIND_NAME = "tools";
const COLLECTION = "/api/v1/platform/tools";
const PAGE_DEFAULT = 20;

/** Refuses what the service's handler refuses beyond the schema: an empty required text, a handle that is no path segment. */
function checkTool(body: Record<string, unknown>, creating: boolean): void {
  for (const field of ["name", "description"]) {
    if ((creating || field in body) && (typeof body[field] !== "string" || body[field].trim() === ""))
      throw new HttpError(400, { error: `${field} is required` });
  }
  if (creating && (typeof body["handle"] !== "string" || !/^[^\s/]+$/.test(body["handle"]))) {
    throw new HttpError(400, { error: `handle ${JSON.stringify(body["handle"])} must be a non-empty string without '/' or white space` });
  }
}

/** The tool kind. */
export const TOOLS = defineKind({
  name: KIND_NAME,
  noun: "Tool",
  scope: "workspace",
  collection: COLLECTION,
  idParam: "id",
  paths: { item: `${COLLECTION}/id/:id` },
  errors: "go",
  permissions: { read: "prompts:read", write: "prompts:update" },
  create: {
    schema: zToolsCreateToolPayload,
    status: 201,
    defaults: { enabled: true, returns: {}, metadata: {} },
    derive: (body, call) => {
      checkTool(body, true);
      return { tenant_id: call.scopeId };
    },
  },
  get: true,
  patch: { schema: zToolsUpdateToolPayload, check: (body) => checkTool(body, false) },
  delete: { answer: "none" },
  unique: ["handle"],
  listQuery: {
    query: { type: "search", fields: ["handle", "name", "description"] },
    offset: { type: "offset" },
    limit: { type: "limit", default: PAGE_DEFAULT, max: 100 },
  },
  listAnswer: (tools, call, total) => {
    const offset = Number(call.query["offset"] ?? 0);
    const next = offset + tools.length;
    return { tools, total, next_offset: next < total ? next : 0 };
  },
});

/** Registers `GET <collection>/:handle`: one tool of the workspace by its handle (404 when none has it). */
export function registerToolByHandle(app: FastifyInstance, ctx: EmulatorContext): void {
  app.route({
    method: "GET",
    url: `${COLLECTION}/:handle`,
    errorHandler: goErrorHandler("go"),
    handler: async (request) => {
      const { scopeId } = authenticateFor(ctx, request, "workspace", TOOLS.permissions.read);
      const handle = String((request.params as Record<string, unknown>)["handle"]);
      const record = kindRecords(ctx, KIND_NAME).find((candidate) => candidate.scopeId === scopeId && candidate.wire["handle"] === handle);
      if (record === undefined) throw new HttpError(404, { error: `tool ${handle} not found` });
      return renderRecord(TOOLS, record, ctx);
    },
  });
}
