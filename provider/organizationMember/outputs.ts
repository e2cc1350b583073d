/** The outputs of a member (organization or workspace): its state and current identity (zod-free). */
import { LAST_OPERATION_OUTPUT, OUTPUT_TYPES, type OutputSpec, stateVersionOutput } from "../shared/outputs";

/** Version of a member's output layout. */
export const MEMBER_STATE_VERSION = 1;

/** The outputs every member reports. */
export const MEMBER_OUTPUTS: readonly OutputSpec[] = [
  { name: "status", type: OUTPUT_TYPES.string, doc: "`pending` (invited, not accepted yet) or `active`.", changesOnUpdate: true },
  { name: "identityId", type: OUTPUT_TYPES.string, doc: "The member's current identity id (a new one when an invitation is accepted).", changesOnUpdate: true },
  { name: "roleName", type: OUTPUT_TYPES.string, doc: "Name of the member's role, as the service reports it.", changesOnUpdate: true },
  LAST_OPERATION_OUTPUT,
  stateVersionOutput(MEMBER_STATE_VERSION),
];
