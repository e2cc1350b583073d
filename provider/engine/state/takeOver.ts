/**
 * How to put an object the service already has under a stack, in the words
 * of the provider serving the call: Pulumi's own import on the native
 * provider (the engine told it the URN: `pulumi import`, or, while the
 * interrupted create is still pending, `pulumi refresh
 * --import-pending-creates`), the `adoptExistingId` input on the dynamic one
 * (which cannot serve imports).
 */
/**
 * One sentence (or two) telling how to take over the object `id` for the
 * resource being created, e.g. after an interrupted `pulumi up` made it.
 *
 * @param urn the resource's URN, when the engine said it (the native provider; `OperationContext.urn`).
 * @param token the resource's type token when it has no `adoptExistingId`
 *   input (a native-only resource): without a URN, the hint is then
 *   `pulumi import <token> <name> <id>`; default: the `adoptExistingId` hint.
 */
export function takeOverHint(urn: string | undefined, id: string, token?: string): string {
  if (urn === undefined && token !== undefined) return `Its id is ${id}: take it into the stack with pulumi import ${token} <name> ${id}.`;
  if (urn === undefined) return `Its id is ${id}: set adoptExistingId: "${id}" to manage it with this stack.`;
  const parts = urn.split("::");
  const type = parts[2]?.split("$").pop() ?? "";
  const name = parts[parts.length - 1] ?? "";
  return (
    `Its id is ${id}. If an interrupted pulumi up created it, take it into the stack with: ` +
    `pulumi import ${type} ${name} ${id} --protect=false --generate-code=false, then run pulumi up ` +
    `(right after the interruption, before any other pulumi up, pulumi refresh --import-pending-creates '${urn}' --import-pending-creates ${id} does the same).`
  );
}
