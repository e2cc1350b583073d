/**
 * How to put an object the service already has under a stack, in the words
 * of the provider serving the call: Pulumi's own import on the native
 * provider (the engine told it the URN: `pulumi import`, or, while the
 * interrupted create is still pending, `pulumi refresh
 * --import-pending-creates`), the `adoptExistingId` input on the dynamic one
 * (which cannot serve imports).
 */
import type { OperationContext } from "../context/operation";

/**
 * One sentence (or two) telling how to take over the object `id` for the
 * resource being created, e.g. after an interrupted `pulumi up` made it.
 *
 * @param urn the resource's URN, when the engine said it (the native provider; `OperationContext.urn`).
 * @param token the resource's type token when it has no `adoptExistingId`
 *   input (a native-only resource): without a URN, the hint is then
 *   `pulumi import <token> <name> <id>`; default: the `adoptExistingId` hint.
 * @param workspaceId the workspace the object lives in, when it is not the
 *   stack's `langsmith:workspaceId` (see {@link workspaceOtherThanStack}):
 *   `pulumi import` then names it `<workspaceId>/<id>`; default the bare id.
 */
export function takeOverHint(urn: string | undefined, id: string, token?: string, workspaceId?: string): string {
  const importId = workspaceId === undefined || workspaceId === "" ? id : `${workspaceId}/${id}`;
  if (urn === undefined && token !== undefined) return `Its id is ${id}: take it into the stack with pulumi import ${token} <name> ${importId}.`;
  if (urn === undefined) return `Its id is ${id}: set adoptExistingId: "${id}" to manage it with this stack.`;
  const parts = urn.split("::");
  const type = parts[2]?.split("$").pop() ?? "";
  const name = parts[parts.length - 1] ?? "";
  return (
    `Its id is ${id}. If an interrupted pulumi up created it, take it into the stack with: ` +
    `pulumi import ${type} ${name} ${importId} --protect=false --generate-code=false, then run pulumi up ` +
    `(right after the interruption, before any other pulumi up, pulumi refresh --import-pending-creates '${urn}' --import-pending-creates ${id} does the same).`
  );
}

/**
 * The workspace of an object for {@link takeOverHint}: `workspaceId` when it
 * differs from the stack's `langsmith:workspaceId` (an object in a workspace
 * the program names, e.g. one it creates), else undefined (the bare id finds it).
 */
export function workspaceOtherThanStack(context: Pick<OperationContext, "settings">, workspaceId: string | undefined): string | undefined {
  if (workspaceId === undefined || workspaceId === "") return undefined;
  return workspaceId.toLowerCase() === (context.settings.client.workspaceId ?? "").toLowerCase() ? undefined : workspaceId;
}
