import type { SecretBox } from "./crypto";
import type { EmulatorTimings } from "./options";
import type { SeedInput } from "./seed";
import type { SourceUploads } from "../deployments/sourceUploads";
import type { Store } from "./store";
import type { RevisionFailure } from "./types";

/** Settings of the emulator's S3 calls. */
export interface S3Settings {
  /** Endpoint for AWS-style destinations (region, no `endpoint_url`); undefined means real AWS. */
  endpointOverride: string | undefined;
  /** Timeout of each S3 call, in milliseconds. */
  timeoutMs: number;
  /** Whether destinations may omit credentials (self-hosted behaviour). */
  selfHosted: boolean;
}

/** Emulator behaviours that go beyond the real service, switchable at runtime. */
export interface EmulatorFeatures {
  /**
   * Serve `DELETE /api/v1/bulk-exports/destinations/{id}` (204, 404, 409).
   * Off (the default), it answers 405 as the real service does.
   */
  destinationDelete: boolean;
  /**
   * Accept each organization invitation the moment it is made, as an invitee
   * who signs in at once would (see `acceptInvite`). Off by default: an
   * invitation stays pending until accepted through the control routes.
   */
  acceptInvitations: boolean;
  /**
   * Every workspace is on composite feedback v2: `DELETE` of a feedback
   * formula answers 410, as the service answers its v2 tenants. Off by default
   * (a v1 tenant, whose formulas are deleted as any object).
   */
  compositeFeedbackV2: boolean;
}

/**
 * Everything a route needs, created once per emulator instance (there are no
 * module-level singletons).
 */
export interface EmulatorContext {
  store: Store;
  secrets: SecretBox;
  /** Clock, epoch milliseconds. */
  now: () => number;
  /** Current timings; new revisions snapshot `stepDurationsMs`. */
  timings: EmulatorTimings;
  /** The seed applied on reset. */
  seed: SeedInput;
  s3: S3Settings;
  /** Current feature switches (see {@link EmulatorFeatures}). */
  features: EmulatorFeatures;
  /** Most rows a bulk-export run writes into one Parquet file. */
  exportRowsPerFile: number;
  /** Failures to inject into the next revision of a deployment with a given name. */
  pendingFailuresByName: Map<string, RevisionFailure>;
  /** Failure messages for the next build of a sandbox snapshot with a given name. */
  pendingSnapshotFailures: Map<string, string>;
  /** Signed upload URLs and the source archives uploaded through them (never in the saved state). */
  uploads: SourceUploads;
}
