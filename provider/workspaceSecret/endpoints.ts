/** The WorkspaceSecret's endpoints (workspace-scoped), declared with the schemas generated from the contract. */
import { defineEndpoint } from "../client/endpoint";
import { zSecretUpsert } from "../client/wire/organizationAndAccess.requests";
import { zGetApiV1WorkspacesCurrentSecretsResponse } from "../client/wire/organizationAndAccess.responses";
import type { CrudEndpoints } from "../shared/crud";
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
export function secretsOf(answer: unknown): Record<string, unknown>[] {
  return (Array.isArray(answer) ? (answer as { key: string }[]) : []).map((secret) => ({ id: secret.key, key: secret.key }));
}
