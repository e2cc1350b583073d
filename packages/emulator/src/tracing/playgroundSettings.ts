/**
 * Playground settings (`/api/v1/playground-settings`, with `X-Tenant-Id`):
 * saved model configurations of a workspace (provider, model and
 * parameters in `settings`), offered in the playground, evaluators and the
 * other places their `available_in_*` flags name.
 *
 * What the service does that the contract cannot say:
 * - Several may share a name, or have none.
 * - `scope` (`workspace`, the default, or `organization`) is taken at the
 *   create only and not kept as such: the answers carry `organization_id`,
 *   the organization's id for an organization's configuration, `null` for a
 *   workspace's. (The emulator keeps an organization's configuration with
 *   the workspace it was made in.)
 * - The item's id is a plain string in the path: an id that is not one of
 *   the workspace's (a UUID or not) answers 404, never 422.
 * - The server fills `settings_type` (`complex`), the `available_in_*`
 *   flags (playground and evaluators yes, the others no) and
 *   `created_by_ls_user_id` / `updated_by_ls_user_id` (`null`: API keys
 *   have no user).
 * - `oauth_client_secret` is a secret: held encrypted, answered as `****`
 *   once set (never the value; `null` while unset).
 * - A `PATCH` changes the fields it sends; a field sent as `null` is left
 *   as it is. `DELETE` answers `null`.
 * - Permissions: `workspaces:read` to read,
 *   `workspaces:manage-model-configs` to write.
 */
import { zPlaygroundSettingsCreateRequest, zPlaygroundSettingsUpdateRequest } from "../wire/tracingAndEvaluation";
import { defineKind } from "../kinds/declaration";
import type { KindCall } from "../kinds/kindCall";

/** Saved options as the service answers them: every field present (`null` when not given). */
function completeOptions(fields: Record<string, unknown>): Record<string, unknown> {
  const options = fields["options"];
  return options !== null && typeof options === "object" ? { options: { requests_per_second: null, ...options } } : {};
}

/** The organization an organization's configuration belongs to (`scope`, taken at the create only). */
function scopeOf(body: Record<string, unknown>, call: KindCall): Record<string, unknown> {
  return { organization_id: body["scope"] === "organization" ? call.auth.organization.id : null };
}

/** The playground settings kind. */
export const PLAYGROUND_SETTINGS = defineKind({
  name: "playgroundSettings",
  noun: "Playground settings",
  scope: "workspace",
  collection: "/api/v1/playground-settings",
  idParam: "playground_settings_id",
  itemKey: { resolve: (value, candidates) => candidates.find((r) => r.id === value.toLowerCase()) },
  permissions: { read: "workspaces:read", write: "workspaces:manage-model-configs" },
  create: {
    schema: zPlaygroundSettingsCreateRequest,
    defaults: {
      name: null,
      description: null,
      options: null,
      settings_type: "complex",
      created_by_ls_user_id: null,
      updated_by_ls_user_id: null,
      available_in_playground: true,
      available_in_evaluators: true,
      available_in_agent_builder: false,
      available_in_polly: false,
      available_in_insights_heavy: false,
      available_in_insights_light: false,
      oauth_enabled: null,
      oauth_token_url: null,
      oauth_client_id: null,
      oauth_client_secret: null,
      oauth_token_endpoint_auth_method: null,
      oauth_params: null,
      oauth_headers: null,
      organization_id: null,
    },
    derive: (body, call) => ({ ...completeOptions(body), ...scopeOf(body, call) }),
  },
  transient: ["scope"],
  get: true,
  patch: { schema: zPlaygroundSettingsUpdateRequest, ignoreNull: true, derive: completeOptions },
  delete: { answer: "empty" },
  masked: ["oauth_client_secret"],
});
