/** Errors of the Deployment's operations (the client's error classes cover the service's answers). */
import { LangSmithError } from "../client/errors";

/** A deployment with the requested name already exists in the workspace; adopt it or choose another name. */
export class NameTakenError extends LangSmithError {}

/** `adoptExistingId` names nothing in the workspace, or a deployment that cannot become the declared one. */
export class AdoptionError extends LangSmithError {}

/**
 * A create or update whose deployment exists but whose revision failed or
 * did not reach `DEPLOYED` in time. The engine records the resource with an
 * initialization error instead of forgetting it (the shape it expects from a
 * dynamic provider's rejection); the next `pulumi up` resumes.
 */
export interface PartialFailure {
  message: string;
  id: string;
  properties: Record<string, unknown>;
  reasons: string[];
}
