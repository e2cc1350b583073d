/**
 * Workspace secrets (`/api/v1/workspaces/current/secrets`): named values a
 * workspace's playground, online evaluators and agents use (model provider
 * API keys and the like), so that no value is written into a prompt or an
 * evaluator.
 *
 * What the service does that the contract cannot say:
 * - A value is write-only: `GET` answers the keys (`[{"key": ...}]`), never
 *   a value, and no other route returns one. The emulator holds values
 *   encrypted at rest (the control handle's `workspaceSecret` reads one back
 *   for tests).
 * - `POST` takes a list of `{key, value}` and applies it in order: a string
 *   value creates the key or replaces its value, `null` deletes the key (a
 *   key that does not exist is left alone). Keys not in the list are kept.
 *   It answers `null`.
 * - Reading the keys needs `workspaces:read`; writing needs
 *   `workspaces:manage-secrets` (a 403 naming it otherwise).
 */
import { zPostApiV1WorkspacesCurrentSecretsData } from "../wire/organizationAndAccess";
import { defineKind } from "../kinds/declaration";

/** The workspace secret kind (one object per key). */
export const WORKSPACE_SECRETS = defineKind({
  name: "workspaceSecrets",
  noun: "Workspace secret",
  scope: "workspace",
  collection: "/api/v1/workspaces/current/secrets",
  idParam: "secret_id",
  permissions: { read: "workspaces:read", write: "workspaces:manage-secrets" },
  upsert: {
    method: "POST",
    schema: zPostApiV1WorkspacesCurrentSecretsData.shape.body,
    key: ["key"],
    deletes: (item) => item["value"] === null,
  },
  secret: ["value"],
  hidden: ["id"],
  timestamps: false,
});
