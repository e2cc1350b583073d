/**
 * The WorkspaceSecret resource: one key/value secret of a workspace (read by
 * evaluators, the playground and online evaluations by its key). Its id is
 * its key; create, update and delete are the service's one upsert.
 */
import { defineEndpoint } from "../client/endpoint";
import { zSecretUpsert } from "../client/wire/organizationAndAccess.requests";
import { zGetApiV1WorkspacesCurrentSecretsResponse, zSecretKey } from "../client/wire/organizationAndAccess.responses";
import { declareKind, workspaceIdField, type CrudEndpoints } from "../engine/kind";
import type { FieldTable, InputsOf } from "../engine/fields/fields";
import { configKeyFor, requireSecret, setSecretStep } from "../engine/fields/secretSteps";
import { z } from "zod";

/** `POST /api/v1/workspaces/current/secrets`: a list of upserts; a `null` value deletes the key. */
const UPSERT = defineEndpoint({ method: "POST", path: "/workspaces/current/secrets", request: z.array(zSecretUpsert) });

/** Create, update and delete are all the one upsert; the list answers keys only. */
export const WORKSPACE_SECRET_ENDPOINTS = {
  create: UPSERT,
  list: defineEndpoint({ method: "GET", path: "/workspaces/current/secrets", response: zGetApiV1WorkspacesCurrentSecretsResponse }),
  update: UPSERT,
  delete: UPSERT,
} satisfies CrudEndpoints;

/** The listed secrets as objects with an id: a secret's id is its key. */
export function secretsOf(answer: z.output<typeof zGetApiV1WorkspacesCurrentSecretsResponse>): z.output<typeof zSecretKey>[] {
  return answer.map((secret) => ({ id: secret.key, key: secret.key }));
}

/** The shape of a secret's key: an environment-variable-like name. */
export const SECRET_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Every input field of a WorkspaceSecret. */
export const WORKSPACE_SECRET_FIELDS = [
  workspaceIdField("secret"),
  {
    path: "key",
    wire: "key",
    refresh: "always",
    type: "string: letters, digits, `_`; not starting with a digit",
    doc: "The secret's name, e.g. `OPENAI_API_KEY` (evaluators and the playground read it by this name); unique in the workspace and its id (`pulumi import` takes it).",
    schema: z.string().min(1).max(255).regex(SECRET_KEY_PATTERN),
    reason: 'key is required: a name of letters, digits and "_" that does not start with a digit, e.g. "OPENAI_API_KEY"',
    required: true,
    effect: "replace",
    secret: false,
    example: { value: "MATRIX_OPENAI_API_KEY", changed: "MATRIX_ANTHROPIC_API_KEY", other: "MATRIX_OTHER_API_KEY" },
  },
  {
    path: "value",
    wire: "value",
    type: "string (secret)",
    doc: "The secret's value: always a Pulumi secret, kept in the state only as a salted fingerprint; the service never returns it.",
    schema: z.string().min(1),
    // An import writes `value: ""` (the service never returns a value): say how to fill it in.
    reason: (inputs) => {
      const key = configKeyFor(inputs["key"], "", "secretValue");
      return `value is required, and the service never returns it (an imported secret has none): ${setSecretStep(key, `value: ${requireSecret(key)}`)}`;
    },
    required: true,
    effect: "inPlace",
    secret: true,
    example: { value: "sk-{canary}", changed: "sk-{canary}-rotated" },
  },
] as const satisfies FieldTable;

/** A WorkspaceSecret's checked inputs. */
export type WorkspaceSecretInputs = InputsOf<typeof WORKSPACE_SECRET_FIELDS>;

/** The WorkspaceSecret, as the native provider serves it. */
export const resource = declareKind({
  token: "langsmith:index:WorkspaceSecret",
  listing: { none: "`getWorkspaceSecrets`, written before the generated list functions, lists the secrets' keys; its shape is kept." },
  kind: "secret",
  description:
    "One key/value secret of a LangSmith workspace (e.g. a model provider's key for evaluators and the playground). The value is always a Pulumi secret, kept only as a salted fingerprint, and never read back: " +
    "a value changed outside Pulumi is not seen by refresh. A new value is one upsert; a new key replaces it. A create refuses a key the workspace already has (import it: `pulumi import langsmith:index:WorkspaceSecret <name> [<workspaceId>/]<key>`, then the next up sets the value).",
  scope: "workspace",
  fields: WORKSPACE_SECRET_FIELDS,
  nameField: "key",
  naturalKey: "key",
  unique: ["key"],
  createUpserts: true,
  updateSendsAll: true,
  endpoints: WORKSPACE_SECRET_ENDPOINTS,
  object: zSecretKey,
  listItems: secretsOf,
  wrapBody: (body) => [body],
  deleteBody: (key) => [{ key, value: null }],
  idOf: (_created, inputs) => String(inputs["key"]),
  outputs: [],
});
