/** The SandboxRegistry resource: the credentials of a container registry a workspace's sandboxes pull images from. */
import { defineEndpoint } from "../client/endpoint";
import { zSandboxesCreateRegistryPayloadWritable, zSandboxesUpdateRegistryPayloadWritable } from "../client/wire/additions.requests";
import {
  zGetApiV2SandboxesRegistriesByNameResponse,
  zGetApiV2SandboxesRegistriesResponse,
  zPatchApiV2SandboxesRegistriesByNameResponse,
  zPostApiV2SandboxesRegistriesResponse,
} from "../client/wire/additions.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import type { FieldTable, InputsOf } from "../engine/fields/fields";
import { configKeyFor, requireSecret, setSecretStep } from "../engine/fields/secretSteps";
import { CREATED_AT_OUTPUT, OUTPUT_TYPES } from "../engine/state/outputs";
import { z } from "zod";
import { zSandboxesRegistryResponse } from "../client/wire/additions.responses";

const ONE = "/api/v2/sandboxes/registries/{id}";

/** `/api/v2/sandboxes/registries` (create, list `{registries}`) and `/{name}` (get, PATCH, delete): a registry is named by its name. */
export const SANDBOX_REGISTRY_ENDPOINTS = {
  create: defineEndpoint({
    method: "POST",
    path: "/api/v2/sandboxes/registries",
    request: zSandboxesCreateRegistryPayloadWritable,
    response: zPostApiV2SandboxesRegistriesResponse,
  }),
  list: defineEndpoint({ method: "GET", path: "/api/v2/sandboxes/registries", response: zGetApiV2SandboxesRegistriesResponse }),
  get: defineEndpoint({ method: "GET", path: ONE, response: zGetApiV2SandboxesRegistriesByNameResponse }),
  update: defineEndpoint({
    method: "PATCH",
    path: ONE,
    request: zSandboxesUpdateRegistryPayloadWritable,
    response: zPatchApiV2SandboxesRegistriesByNameResponse,
  }),
  delete: defineEndpoint({ method: "DELETE", path: ONE }),
} satisfies CrudEndpoints;

/** How to give a credential the service never returns (an imported registry has none). */
const credentialReason = (field: "username" | "password") => (inputs: Record<string, unknown>) => {
  const key = configKeyFor(
    inputs["name"],
    field === "username" ? "RegistryUser" : "RegistryPassword",
    field === "username" ? "registryUser" : "registryPassword",
  );
  return `${field} is required, and the service never returns it (an imported registry has none): ${setSecretStep(key, `${field}: ${requireSecret(key)}`)}`;
};

/** Every input field of a SandboxRegistry. */
export const SANDBOX_REGISTRY_FIELDS = [
  workspaceIdField("sandbox registry"),
  {
    path: "name",
    wire: "name",
    refresh: "always",
    type: "string",
    doc: "The registry's name, unique in the workspace: sandboxes name it by it, and it is the resource's id (`pulumi import` takes it). The service can rename a registry, but a new name is a new id here: it replaces the registry.",
    schema: z.string().trim().min(1).max(255),
    reason: 'name is required, e.g. "ghcr"',
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "matrix-ghcr", changed: "matrix-ghcr-v2", other: "matrix-ghcr-b" },
  },
  {
    path: "url",
    wire: "url",
    refresh: "always",
    type: "string",
    doc: "The registry's address, e.g. `ghcr.io` or `https://registry.example.com`.",
    schema: z.string().trim().min(1),
    reason: 'url is required: the registry\'s address, e.g. "ghcr.io"',
    required: true,
    effect: "inPlace",
    secret: false,
    example: { value: "ghcr.io", changed: "registry.example.com" },
  },
  {
    path: "username",
    wire: "username",
    type: "string (secret)",
    doc: "The user the sandboxes sign in to the registry as: always a Pulumi secret, kept only as a salted fingerprint; the service never returns it.",
    schema: z.string().min(1),
    reason: credentialReason("username"),
    required: true,
    effect: "inPlace",
    secret: true,
    example: { value: "bot-{canary}", changed: "bot-v2-{canary}" },
  },
  {
    path: "password",
    wire: "password",
    type: "string (secret)",
    doc: "The user's password or token: always a Pulumi secret, kept only as a salted fingerprint; the service never returns it.",
    schema: z.string().min(1),
    reason: credentialReason("password"),
    required: true,
    effect: "inPlace",
    secret: true,
    example: { value: "token-{canary}", changed: "token-v2-{canary}" },
  },
] as const satisfies FieldTable;

/** A SandboxRegistry's checked inputs. */
export type SandboxRegistryInputs = InputsOf<typeof SANDBOX_REGISTRY_FIELDS>;

/** The SandboxRegistry, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:SandboxRegistry",
  listing: {
    filters: {
      nameContains: { type: "string", query: "name_contains", output: "name", match: "contains", doc: "Only registries whose name contains this text." },
    },
    paging: { by: "offset", pageSize: 100 },
  },
  kind: "sandbox registry",
  description:
    "The credentials of a container registry a LangSmith workspace's sandboxes pull images from. The username and password are always Pulumi secrets, kept only as salted fingerprints, and never read back " +
    "(a credential changed outside Pulumi is not seen by refresh). The address and credentials change in place; a new name replaces it. Import by name.",
  scope: "workspace",
  base: "origin",
  fields: SANDBOX_REGISTRY_FIELDS,
  nameField: "name",
  naturalKey: "name",
  unique: ["name"],
  endpoints: SANDBOX_REGISTRY_ENDPOINTS,
  idOf: (_created, inputs) => String(inputs["name"]),
  // A registry is known by its name; its service id is kept as `registry_id` (what a snapshot names it by).
  object: zSandboxesRegistryResponse,
  unwrap: (answer) => ({ ...answer, registry_id: answer.id }),
  listItems: (answer) => (answer.registries ?? []).map((registry) => ({ ...registry, registry_id: registry.id, id: registry.name })),
  outputs: [
    {
      name: "registryId",
      type: OUTPUT_TYPES.string,
      doc: "The registry's id in the service (a UUID), what a `SandboxSnapshot`'s `registryId` takes; the resource's own id is its name.",
      changesOnUpdate: false,
      wire: "registry_id",
    },
    { ...CREATED_AT_OUTPUT, wire: "created_at" },
  ],
});
