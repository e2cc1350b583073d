import { ConfigurationError } from "../../client/errors";
import type { ProviderSettings } from "./settings";

/** The configured workspace differs from the one a resource was created in. */
export class WorkspaceMismatchError extends ConfigurationError {}

/**
 * Refuses to act on a resource from another workspace. Without this guard, a
 * stack pointed at the wrong workspace would see 404s and drop every resource
 * from state as "gone".
 *
 * @param action e.g. `reading deployment "agent"`.
 * @param stateTenantId the `tenantId` output recorded at creation (may be absent in old state).
 * @param configuredWorkspaceId `langsmith:workspaceId` (or `LANGSMITH_WORKSPACE_ID`), if set.
 * @throws WorkspaceMismatchError naming both workspaces.
 */
function assertSameWorkspace(action: string, stateTenantId: unknown, configuredWorkspaceId: string | undefined): void {
  if (typeof stateTenantId !== "string" || stateTenantId === "" || configuredWorkspaceId === undefined) return;
  if (stateTenantId !== configuredWorkspaceId) {
    throw new WorkspaceMismatchError(
      `${action}: the resource belongs to workspace ${stateTenantId}, but langsmith:workspaceId is ${configuredWorkspaceId}; ` +
        "refusing to act on it (a 404 there would wrongly drop it from state). Select the stack's own workspace and retry.",
    );
  }
}

/**
 * Settings for acting on an existing resource. Refuses another workspace's
 * resource (see {@link assertSameWorkspace}); when no workspace is configured,
 * pins `X-Tenant-Id` to the workspace recorded in state, so that a key bound
 * to another workspace gets a 403 instead of a 404 that would wrongly read as
 * "gone" (dropping a live resource from state, or a delete reported as done).
 *
 * @param action e.g. `reading deployment "agent"`.
 * @param settings the current settings.
 * @param stateTenantId the `tenantId` output recorded at creation (may be absent in old state).
 * @throws WorkspaceMismatchError naming both workspaces.
 */
export function settingsForResource(action: string, settings: ProviderSettings, stateTenantId: unknown): ProviderSettings {
  assertSameWorkspace(action, stateTenantId, settings.client.workspaceId);
  if (settings.client.workspaceId !== undefined || typeof stateTenantId !== "string" || stateTenantId === "") return settings;
  return { ...settings, client: { ...settings.client, workspaceId: stateTenantId } };
}
