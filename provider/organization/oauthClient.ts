/**
 * The OAuthClient resource: an application that signs LangSmith users in
 * through LangSmith's OAuth authorization server. A confidential client's
 * secret is a secret output, shown by the service at create and at each
 * rotation only; `rotateSecretTrigger` asks for a rotation as an update.
 */
import { defineEndpoint } from "../client/endpoint";
import { zOauthCreateOAuthClientRequest, zOauthUpdateOAuthClientRequest } from "../client/wire/additions.requests";
import {
  zGetApiV1PlatformOauthClientsByIdResponse,
  zGetApiV1PlatformOauthClientsResponse,
  zOauthOAuthClientView,
  zPatchApiV1PlatformOauthClientsByIdResponse,
  zPostApiV1PlatformOauthClientsByIdRotateSecretResponse,
  zPostApiV1PlatformOauthClientsResponse,
} from "../client/wire/additions.responses";
import { logProgress } from "../engine/context/progress";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import type { UpdateRequest, Updated } from "../engine/kind/hooks";
import { isRecord } from "../engine/fields/paths";
import { emptyAsUnset, toUpdateBody, type FieldTable, type InputsOf } from "../engine/fields/fields";
import type { StateOf } from "../engine/kind/declaration";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../engine/state/outputs";
import { z } from "zod";

/** Where the workspace's OAuth clients are, at the API's origin. */
export const OAUTH_CLIENTS_PATH = "/api/v1/platform/oauth/clients";
const ONE = `${OAUTH_CLIENTS_PATH}/{id}`;

/** The collection (create answers `{client, client_secret}`, 201; list `{clients}`, not paged) and `/{id}` (get, PATCH, delete 204). */
export const OAUTH_CLIENT_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: OAUTH_CLIENTS_PATH,
    request: zOauthCreateOAuthClientRequest,
    response: zPostApiV1PlatformOauthClientsResponse,
  }),
  list: defineEndpoint({ method: "GET", path: OAUTH_CLIENTS_PATH, response: zGetApiV1PlatformOauthClientsResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetApiV1PlatformOauthClientsByIdResponse }),
  update: defineEndpoint({ method: "PATCH", path: ONE, request: zOauthUpdateOAuthClientRequest, response: zPatchApiV1PlatformOauthClientsByIdResponse }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

/** `POST /{id}/rotate-secret`: a new secret for a confidential client (the old one stops working), answered once with the client. */
export const ROTATE_OAUTH_CLIENT_SECRET = defineEndpoint({
  method: "POST",
  path: `${ONE}/rotate-secret`,
  response: zPostApiV1PlatformOauthClientsByIdRotateSecretResponse,
});

/** A URI of the client's consent screen: optional, `""` (the service's unset) when not given. */
const uriRow = (path: string, wire: string, what: string, example: { value: string; changed: string }) =>
  ({
    path,
    wire,
    fromWire: emptyAsUnset,
    type: "string (URL)",
    doc: `${what}, shown on the consent screen; default none.`,
    schema: z.string(),
    required: false,
    default: "",
    effect: "inPlace",
    secret: false,
    example,
  }) as const;

/** Every input field of an OAuthClient. */
export const OAUTH_CLIENT_FIELDS = [
  workspaceIdField("OAuth client"),
  {
    path: "clientName",
    wire: "client_name",
    refresh: "always",
    type: "string",
    doc: "The application's name, shown to users when they authorize it.",
    schema: z.string().trim().min(1),
    reason: 'clientName is required, e.g. "internal eval dashboard"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "matrix dashboard", changed: "matrix dashboard v2" },
  },
  {
    path: "clientType",
    wire: "client_type",
    updateWire: null,
    type: "`confidential` \\| `public`",
    doc: "`confidential`: a server-side application that holds a secret (`clientSecret`); `public`: one that cannot keep a secret (a browser or CLI app, with PKCE), and has none. The service cannot change it: a change replaces the client.",
    schema: z.enum(["confidential", "public"]),
    reason: 'clientType must be "confidential" or "public"',
    required: false,
    default: "confidential",
    effect: "replace",
    secret: false,
    example: { value: "confidential", changed: "public" },
  },
  {
    path: "grantTypes",
    wire: "grant_types",
    updateWire: null,
    serviceDefault: true,
    unordered: true,
    type: "list of strings",
    doc: "The OAuth grants the client may use, e.g. `authorization_code`, `refresh_token`; default the service's. The service cannot change them: a change replaces the client.",
    schema: z.array(z.string().min(1)),
    required: false,
    effect: "replace",
    secret: false,
    example: { value: ["authorization_code"], changed: ["authorization_code", "refresh_token"] },
  },
  {
    path: "redirectUris",
    wire: "redirect_uris",
    type: "list of strings (URLs)",
    doc: "Where the authorization server may send users back to; default none.",
    schema: z.array(z.string().min(1)),
    required: false,
    default: [],
    clearWith: [],
    effect: "inPlace",
    secret: false,
    example: { value: ["https://dashboard.example.com/callback"], changed: ["https://dashboard.example.com/oauth/callback"] },
  },
  {
    path: "allowedScopes",
    wire: "allowed_scopes",
    unordered: true,
    type: "list of strings",
    serviceDefault: true,
    doc: "The scopes the client may ask for; default the service's (the community Terraform provider reads it back as computed, so the service may fill it).",
    schema: z.array(z.string().min(1)),
    required: false,
    clearWith: [],
    effect: "inPlace",
    secret: false,
    example: { value: ["openid"], changed: ["openid", "email"] },
  },
  uriRow("clientUri", "client_uri", "The application's home page", { value: "https://dashboard.example.com", changed: "https://dashboard.example.com/home" }),
  uriRow("logoUri", "logo_uri", "The application's logo", {
    value: "https://dashboard.example.com/logo.png",
    changed: "https://dashboard.example.com/logo-v2.png",
  }),
  uriRow("policyUri", "policy_uri", "The application's privacy policy", {
    value: "https://dashboard.example.com/privacy",
    changed: "https://dashboard.example.com/privacy-v2",
  }),
  uriRow("tosUri", "tos_uri", "The application's terms of service", {
    value: "https://dashboard.example.com/terms",
    changed: "https://dashboard.example.com/terms-v2",
  }),
  {
    path: "disabled",
    wire: "disabled",
    createWire: null,
    type: "boolean",
    doc: "Whether the client is turned off (it can then sign no one in). The service's create cannot take it: a new client that sets it is written by an update right after.",
    schema: z.boolean(),
    required: false,
    unsetMeans: false,
    defaultDoc: "`false`",
    effect: "inPlace",
    secret: false,
    example: { value: true, changed: false },
  },
  {
    path: "rotateSecretTrigger",
    type: "string",
    doc: "Any value; when it changes, the client's secret is rotated in place (the service makes a new `clientSecret` and the old one stops working; `clientId` stays). Never sent to the service. A public client has no secret to rotate: a change is refused.",
    schema: z.string(),
    required: false,
    effect: "inPlace",
    secret: false,
    example: { value: "2026-11", changed: "2026-12" },
  },
] as const satisfies FieldTable;

/** An OAuthClient's checked inputs. */
export type OAuthClientInputs = InputsOf<typeof OAUTH_CLIENT_FIELDS>;

/** Why a public client's rotation is refused before any request. */
export class PublicClientRotationError extends Error {
  constructor(action: string) {
    super(
      `${action}: a public OAuth client has no secret to rotate; remove the rotateSecretTrigger change, or make the client confidential (which replaces it)`,
    );
    this.name = "PublicClientRotationError";
  }
}

/** The update: a PATCH of the changed fields the service takes, then the rotation when `rotateSecretTrigger` changed. */
async function sendOAuthClientUpdate(request: UpdateRequest<OAuthClientInputs, StateOf<OAuthClientInputs>>): Promise<Updated<unknown> | undefined> {
  const { context, client, action, name, id, inputs, olds, changed } = request;
  const rotate = changed.inPlace.includes("rotateSecretTrigger");
  const patched = changed.inPlace.filter((path) => path !== "rotateSecretTrigger");
  if (rotate && (inputs.clientType ?? olds.clientType) === "public") throw new PublicClientRotationError(action);
  let wire: Record<string, unknown> | undefined;
  if (patched.length > 0) {
    const body = toUpdateBody(OAUTH_CLIENT_FIELDS, inputs, { ...changed, inPlace: patched });
    const answer: unknown = await client.originResources.send(OAUTH_CLIENT_ENDPOINTS.update, { action, params: { id }, body });
    wire = isRecord(answer) ? answer : {};
  }
  if (rotate) {
    logProgress(context, "OAuth client", name, "rotating its secret");
    const answer: unknown = await client.originResources.send(ROTATE_OAUTH_CLIENT_SECRET, { action: `${action}: rotating its secret`, params: { id } });
    const rotated = isRecord(answer) ? answer : {};
    wire = { ...(isRecord(rotated["client"]) ? rotated["client"] : {}), client_secret: rotated["client_secret"] };
  }
  if (wire === undefined) return undefined;
  const what = [...patched, ...(rotate ? ["the secret (rotated)"] : [])];
  return { wire, what: `updated ${what.join(", ")} of OAuth client "${name}"` };
}

/** The OAuthClient, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:OAuthClient",
  // The rotation trigger is the program's own value, never sent: a listed client has none.
  listing: { paging: { by: "none" }, leftOut: ["rotateSecretTrigger"] },
  kind: "OAuth client",
  description:
    "An OAuth client of a LangSmith workspace: an application that signs LangSmith users in through LangSmith's authorization server. A confidential client's `clientSecret` is a Pulumi secret the service shows at create and at each rotation only; " +
    "change `rotateSecretTrigger` to rotate it in place (same `clientId`). The name, URIs, scopes and `disabled` change in place; `clientType` and `grantTypes` replace it. " +
    "The service answers 404 in an organization without the OAuth feature. Import by id (an imported client has no `clientSecret` until its next rotation).",
  scope: "workspace",
  base: "origin",
  fields: OAUTH_CLIENT_FIELDS,
  nameField: "clientName",
  endpoints: OAUTH_CLIENT_ENDPOINTS,
  object: zOauthOAuthClientView,
  // The create answers `{client, client_secret}`; a public client's secret is empty: it has none.
  unwrap: (answer) =>
    "client" in answer && answer.client !== undefined
      ? { ...answer.client, ...(answer.client_secret !== undefined && answer.client_secret !== "" ? { client_secret: answer.client_secret } : {}) }
      : answer,
  listItems: (answer) => answer.clients ?? [],
  hooks: { update: { send: sendOAuthClientUpdate } },
  outputs: [
    {
      name: "clientId",
      type: OUTPUT_TYPES.string,
      doc: "The client's public identifier, which the application sends as `client_id`.",
      changesOnUpdate: false,
      wire: "client_id",
    },
    {
      name: "clientSecret",
      type: OUTPUT_TYPES.string,
      secret: true,
      doc: "The client's secret (a Pulumi secret), for a confidential client. The service shows it at create and at each rotation only: an imported client has none until `rotateSecretTrigger` changes.",
      changesOnUpdate: true,
      wire: "client_secret",
      onlyAtCreate: true,
    },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});
