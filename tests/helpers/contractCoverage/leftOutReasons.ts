/** The reasons several kinds give for what they leave out of the contract (./leftOut.ts, ./configurationLeftOut.ts). */

/** A reason shared by several kinds. */
export const MADE_BY_SERVICE = "the service makes the id; a program adopts an existing object with `pulumi import`";
/** A reason shared by several kinds. */
export const CHANGED_AT =
  "the service's bookkeeping: the time of the last write, which moves with every change (as an output it would show a change after every update)";
/** A reason shared by several kinds. */
export const CREATED_AT = "the service's bookkeeping: when it made the object";
/** A reason shared by several kinds. */
export const ORGANIZATION = "the organization of the stack's API key: the same for every object of a stack";
/** A reason shared by several kinds. */
export const IN_PATH = "the object's parent, named by an input that is in the request's path, not its body";
/** A reason shared by several kinds. */
export const DEPRECATED = "deprecated in the contract (roles took its place)";
/** A reason shared by several kinds. */
export const TENANT_HEADER = "the workspace is the request's `X-Tenant-Id` header (the `workspaceId` input), not a body field";
