/** Errors of the BulkExport's operations (the client's error classes cover the service's answers). */
import { LangSmithError } from "../client/errors";

/** A one-off export that ended `Failed` or `TimedOut`, or whose wait ran out: it stays in state (see {@link BulkExportPartialFailure}). */
export class BulkExportFailedError extends LangSmithError {}

/**
 * The rejection a dynamic provider gives for a resource that exists but did
 * not reach the state asked for: the engine records it with an
 * initialization error instead of forgetting it.
 */
export interface BulkExportPartialFailure {
  message: string;
  id: string;
  properties: Record<string, unknown>;
  reasons: string[];
}
