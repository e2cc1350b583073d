/**
 * Service accounts of the organization (`/api/v1/service-accounts`):
 * non-human identities that join workspaces with a role. Created and listed
 * on the collection, deleted at `/{service_account_id}` (the answer is the
 * deleted account); the service cannot change one. Each joins the
 * workspaces it names (each a workspace of the organization, 400
 * otherwise) with a workspace role (`role_id`, a `WORKSPACE_*` or custom
 * role; default Workspace Admin); its default workspace is the first of
 * them (`null` without any). Its identity in the organization
 * (`organization_identity_id`) is answered by the create only; the
 * workspaces it joined are not answered back.
 */
import { randomUUID } from "node:crypto";
import { detailError } from "../http/errors";
import { zServiceAccountCreateRequest } from "../wire/organizationAndAccess";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";
import { defaultWorkspaceRoleId, requireRole } from "./roles";

type Json = Record<string, unknown>;

function serviceAccountFields(body: Json, call: KindCall): Json {
  const organization = call.auth.organization;
  const assignments = (body["workspaces"] as { workspace_id: string; role_id?: string | null }[]).map((a) => ({
    workspace_id: a.workspace_id.toLowerCase(),
    role_id: requireRole(call.ctx.store.state, organization.id, a.role_id ?? defaultWorkspaceRoleId(false), "workspace", "workspaces[].role_id").id,
  }));
  const unknown = assignments.filter((a) => !organization.workspaces.some((w) => w.id === a.workspace_id)).map((a) => a.workspace_id);
  if (unknown.length > 0) throw detailError(400, `workspaces names workspaces this organization does not have: ${unknown.join(", ")}`);
  return {
    workspaces: assignments,
    organization_id: organization.id,
    default_workspace_id: assignments[0]?.workspace_id ?? null,
    organization_identity_id: randomUUID(),
  };
}

/** The service account kind. */
export const SERVICE_ACCOUNTS = defineKind({
  name: "serviceAccounts",
  noun: "Service account",
  scope: "organization",
  collection: "/api/v1/service-accounts",
  idParam: "service_account_id",
  permissions: { read: "organization:read", write: "organization:manage" },
  create: {
    schema: zServiceAccountCreateRequest,
    derive: serviceAccountFields,
    answerExtras: (record) => ({ organization_identity_id: record.wire["organization_identity_id"] }),
  },
  delete: { answer: "object" },
  hidden: ["workspaces", "organization_identity_id"],
});
