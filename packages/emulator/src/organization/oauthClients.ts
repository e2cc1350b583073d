/**
 * OAuth clients (`/api/v1/platform/oauth/clients`, with `X-Tenant-Id`):
 * applications that sign LangSmith users in through LangSmith's own OAuth
 * authorization server. Served by a Go service: a malformed request is a 400,
 * every error `{"error": "..."}`.
 *
 * What the service does that the contract cannot say (the emulator's choices
 * where nothing public says it):
 * - `client_name` is required (400 when missing or empty); `client_type` is
 *   `confidential` (the default) or `public` (400 otherwise).
 * - The create answers 201 `{client, client_secret}`: the secret is shown
 *   this once, and only a confidential client has one (a public client's
 *   answer carries `""`, as a Go struct without `omitempty` answers an unset
 *   string); the emulator keeps its SHA-256 digest only. `POST /{id}/rotate-secret` makes a new secret
 *   (the old one stops working), answered the same way, with the same
 *   `client_id`; a public client has none to rotate (400).
 * - `client_id` is the public identifier the service makes; `id` names the
 *   client in the paths.
 * - `client_type` and `grant_types` cannot be changed (the update has
 *   neither); `disabled` is set by the update only (default false). URIs the
 *   create leaves out are `""`, lists `[]`; `grant_types` defaults to
 *   `["authorization_code", "refresh_token"]`.
 * - The list answers `{clients}`, every client of the workspace, not paged;
 *   `DELETE` answers 204.
 * - Permissions: `workspaces:read` to read, `workspaces:manage` to write.
 */
import { createHash, randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../core/context";
import type { KindRecord } from "../core/types";
import { HttpError } from "../http/errors";
import { zOauthCreateOAuthClientRequest, zOauthUpdateOAuthClientRequest } from "../wire/additions";
import { defineKind } from "../kinds/declaration";
import { goErrorHandler } from "../kinds/goErrors";
import { kindRecords, renderRecord } from "../kinds/records";
import { authenticateFor } from "../kinds/scopeAuth";

type Json = Record<string, unknown>;

const COLLECTION = "/api/v1/platform/oauth/clients";
const KIND_NAME = "oauthClients";

/** A new secret for a confidential client: its digest is kept on the record, the secret answered once. */
function issueSecret(record: KindRecord): Json {
  if (record.wire["client_type"] !== "confidential") return {};
  const secret = `lsoc_${randomBytes(24).toString("hex")}`;
  record.wire["secret_digest"] = createHash("sha256").update(secret).digest("hex");
  return { client_secret: secret };
}

/** Refuses an empty name, as the service's handler does. */
function checkName(body: Json): void {
  if ("client_name" in body && (typeof body["client_name"] !== "string" || body["client_name"].trim() === "")) {
    throw new HttpError(400, { error: "client_name is required" });
  }
}

/** The OAuth client kind. */
export const OAUTH_CLIENTS = defineKind({
  name: KIND_NAME,
  noun: "OAuth client",
  scope: "workspace",
  collection: COLLECTION,
  idParam: "id",
  errors: "go",
  permissions: { read: "workspaces:read", write: "workspaces:manage" },
  create: {
    schema: zOauthCreateOAuthClientRequest,
    status: 201,
    defaults: {
      client_type: "confidential",
      client_uri: "",
      logo_uri: "",
      policy_uri: "",
      tos_uri: "",
      redirect_uris: [],
      allowed_scopes: [],
      grant_types: ["authorization_code", "refresh_token"],
      disabled: false,
    },
    derive: (body) => {
      checkName({ client_name: body["client_name"] ?? "" });
      const type = body["client_type"] ?? "confidential";
      if (type !== "confidential" && type !== "public")
        throw new HttpError(400, { error: `client_type must be "public" or "confidential", not ${JSON.stringify(type)}` });
      return { client_id: `lsc_${randomBytes(12).toString("hex")}` };
    },
    answerExtras: issueSecret,
  },
  get: true,
  patch: { schema: zOauthUpdateOAuthClientRequest, check: (body) => checkName(body) },
  delete: { answer: "none" },
  hidden: ["secret_digest"],
  answers: {
    create: (object) => {
      const { client_secret: secret, ...client } = object;
      return { client, client_secret: secret ?? "" };
    },
  },
  listAnswer: (objects) => ({ clients: objects }),
});

/** Registers `POST <collection>/:id/rotate-secret`: a new secret for a confidential client, answered once. */
export function registerOAuthClientRotation(app: FastifyInstance, ctx: EmulatorContext): void {
  app.route({
    method: "POST",
    url: `${COLLECTION}/:id/rotate-secret`,
    errorHandler: goErrorHandler("go"),
    handler: async (request, reply) => {
      const { scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:manage");
      const id = String((request.params as Json)["id"]).toLowerCase();
      const record = kindRecords(ctx, KIND_NAME).find((candidate) => candidate.id === id && candidate.scopeId === scopeId);
      if (record === undefined) throw new HttpError(404, { error: `OAuth client ${id} not found` });
      if (record.wire["client_type"] !== "confidential") throw new HttpError(400, { error: "a public client has no secret to rotate" });
      const extras = issueSecret(record);
      record.wire["updated_at"] = new Date(ctx.now()).toISOString();
      ctx.store.commit();
      return reply.code(200).send({ client: renderRecord(OAUTH_CLIENTS, record, ctx), ...extras });
    },
  });
}
