/**
 * The ScimToken resource: a bearer token an identity provider uses to
 * provision the organization's users and groups over SCIM. The token is a
 * secret output, known from the create answer only; the description changes
 * in place.
 */
import { defineEndpoint } from "../client/endpoint";
import { zScimCreateScimTokenPayload, zScimUpdateScimTokenPayload } from "../client/wire/additions.requests";
import {
  zGetApiV1PlatformOrgsCurrentScimTokensByScimTokenIdResponse,
  zGetApiV1PlatformOrgsCurrentScimTokensResponse,
  zPatchApiV1PlatformOrgsCurrentScimTokensByScimTokenIdResponse,
  zPostApiV1PlatformOrgsCurrentScimTokensResponse,
  zScimScimTokenResponse,
} from "../client/wire/additions.responses";
import { declareKind, type CrudEndpoints } from "../engine/kind";
import { emptyAsUnset, type FieldTable, type InputsOf } from "../engine/fields/fields";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../engine/state/outputs";
import { z } from "zod";

/** Where the organization's SCIM tokens are, at the API's origin. */
export const SCIM_TOKENS_PATH = "/api/v1/platform/orgs/current/scim/tokens";
const ONE = `${SCIM_TOKENS_PATH}/{id}`;

/** The collection (create: the token is in this answer only, 201; list: every token, not paged) and `/{scim_token_id}` (get, PATCH of the description, delete 204). */
export const SCIM_TOKEN_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: SCIM_TOKENS_PATH,
    request: zScimCreateScimTokenPayload,
    response: zPostApiV1PlatformOrgsCurrentScimTokensResponse,
  }),
  list: defineEndpoint({ method: "GET", path: SCIM_TOKENS_PATH, response: zGetApiV1PlatformOrgsCurrentScimTokensResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetApiV1PlatformOrgsCurrentScimTokensByScimTokenIdResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: ONE,
    request: zScimUpdateScimTokenPayload,
    response: zPatchApiV1PlatformOrgsCurrentScimTokensByScimTokenIdResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

/** Every input field of a ScimToken. */
export const SCIM_TOKEN_FIELDS = [
  {
    path: "description",
    wire: "description",
    fromWire: emptyAsUnset,
    type: "string",
    doc: 'What the token is for, e.g. the identity provider that holds it; default none (`""`). Changes in place: the token stays the same.',
    schema: z.string().max(1000),
    reason: "description must be a string of at most 1000 characters",
    required: false,
    default: "",
    effect: "inPlace",
    secret: false,
    example: { value: "Okta provisioning", changed: "Okta provisioning (production tenant)" },
  },
] as const satisfies FieldTable;

/** A ScimToken's checked inputs. */
export type ScimTokenInputs = InputsOf<typeof SCIM_TOKEN_FIELDS>;

/** The ScimToken, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:ScimToken",
  listing: { paging: { by: "none" } },
  kind: "SCIM token",
  description:
    "A SCIM bearer token of the LangSmith organization, for an identity provider (Okta, Entra ID, ...) to provision users and groups. The `token` output is a Pulumi secret the service shows once, at create; " +
    "the description changes in place. The service cannot rotate a token: to rotate, replace the resource (e.g. `pulumi up --replace <urn>`; the new token is made before the old one is deleted). " +
    "Needs an organization-scoped API key. Import by id (an imported token has no `token`).",
  scope: "organization",
  base: "origin",
  fields: SCIM_TOKEN_FIELDS,
  nameField: "description",
  endpoints: SCIM_TOKEN_ENDPOINTS,
  object: zScimScimTokenResponse,
  outputs: [
    {
      name: "token",
      type: OUTPUT_TYPES.string,
      secret: true,
      doc: "The bearer token itself (a Pulumi secret). The service shows it once, at create: an imported token has none.",
      changesOnUpdate: false,
      wire: "token",
      onlyAtCreate: true,
    },
    {
      name: "shortToken",
      type: OUTPUT_TYPES.string,
      doc: "The token's visible prefix and last characters, as LangSmith lists it.",
      changesOnUpdate: false,
      wire: "short_token",
    },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});
