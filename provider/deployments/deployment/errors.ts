/** Errors of the Deployment's operations (the client's error classes cover the service's answers). */
import { LangSmithError } from "../../client/errors";

/** `adoptExistingId` names nothing in the workspace, or a deployment that cannot become the declared one. */
export class AdoptionError extends LangSmithError {}

/** Changing `environmentVariables` must send the service's secrets back (one list), and the service did not answer their values. */
export class VariablesUnreadableError extends LangSmithError {}
