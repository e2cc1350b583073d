/**
 * Listeners: what runs a workspace's deployments in a cluster of its own
 * (hybrid and self-hosted LangSmith). The emulator serves those seeded for a
 * workspace (`listeners` of a seeded workspace); it creates none through the API.
 */
import type { EmulatorState, ListenerRecord } from "../core/types";

/** A workspace's listeners, oldest first; none for an unknown workspace. */
export function listenersOf(state: EmulatorState, tenantId: string): ListenerRecord[] {
  for (const organization of state.organizations) {
    const workspace = organization.workspaces.find((w) => w.id === tenantId);
    if (workspace !== undefined) return workspace.listeners ?? [];
  }
  return [];
}
