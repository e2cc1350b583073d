/**
 * Records the emulator keeps in its state. Everything here is plain JSON so the
 * whole state can be written to (and read back from) the `--data-dir` file.
 * Secret material (deployment secret values, destination credentials) is held
 * only in encrypted form (see `crypto.ts`).
 */

/** The six in-progress steps of a revision, in order. */
export const REVISION_STEPS = [
  "CREATING",
  "QUEUED",
  "AWAITING_BUILD",
  "BUILDING",
  "AWAITING_DEPLOY",
  "DEPLOYING",
] as const;

/** One in-progress revision step. */
export type RevisionStep = (typeof REVISION_STEPS)[number];

/** Time a revision spends in each in-progress step, in milliseconds. */
export type StepDurationsMs = Record<RevisionStep, number>;

/** The failure statuses the emulator can inject. */
export const REVISION_FAILURE_STATUSES = ["CREATE_FAILED", "BUILD_FAILED", "DEPLOY_FAILED"] as const;

/** A failure status a revision can end in. */
export type RevisionFailureStatus = (typeof REVISION_FAILURE_STATUSES)[number];

/** A planned failure: when the revision finishes `atStep`, it ends in `status`. */
export interface RevisionFailure {
  /** Status the revision ends in. */
  status: RevisionFailureStatus;
  /** Step at whose end the failure happens. */
  atStep: RevisionStep;
}

/** A workspace (tenant) of an organization. */
export interface WorkspaceRecord {
  /** Workspace id, sent by clients as `X-Tenant-Id`. */
  id: string;
  /** Human-readable name. */
  name: string;
}

/** An OAuth provider as the control plane returns it (snake_case, spec fields). */
export interface OAuthProviderRecord {
  id: string;
  organization_id: string;
  provider_id: string;
  name: string;
  client_id: string;
  auth_url: string;
  token_url: string;
  uses_pkce: boolean;
  code_challenge_method: string | null;
  created_at: string;
  updated_at: string;
  provider_type: string | null;
  mcp_server_url: string | null;
  token_endpoint_auth_method: string;
  authorization_params: Record<string, unknown>;
  is_dynamic_client: boolean;
  allowed_redirect_uris: string[];
}

/** An organization with its workspaces and OAuth configuration. */
export interface OrganizationRecord {
  id: string;
  name: string;
  /** When false, every deployments route answers 403 "not enabled". */
  deploymentsEnabled: boolean;
  workspaces: WorkspaceRecord[];
  oauthProviders: OAuthProviderRecord[];
  /** `provider_id`s for which the current user holds tokens (`/v2/auth/tokens/exists`). */
  oauthTokenProviderIds: string[];
}

/** How a caller authenticates. */
export type CredentialScheme = "api-key" | "bearer";

/** An API key or bearer token accepted by the emulator. */
export interface CallerCredentialRecord {
  scheme: CredentialScheme;
  /** The key (`X-Api-Key`) or token (`Authorization: Bearer`). */
  secret: string;
  organizationId: string;
  /** Workspace the credential is bound to; `null` for an org-scoped credential. */
  workspaceId: string | null;
  /** Permissions such as `bulk-exports:manage`, `workspaces:manage`. */
  permissions: string[];
}

/** A deployment secret with its value encrypted at rest. */
export interface EncryptedSecret {
  name: string;
  /** Output of `SecretBox.encrypt`. */
  encryptedValue: string;
}

/** A reference to a Kubernetes secret (`SecretReference` of the contract); holds no secret value. */
export interface SecretReferenceRecord {
  /** Environment variable name. */
  name: string;
  /** Name of the Kubernetes secret. */
  secret_name: string;
  /** Key inside that secret. */
  secret_key: string;
}

/** A deployment as stored (wire-shaped configuration in snake_case). */
export interface DeploymentRecord {
  id: string;
  tenantId: string;
  name: string;
  source: string;
  /** `source_config` as accepted (keys of the contract's `SourceConfig`). */
  sourceConfig: Record<string, unknown>;
  secrets: EncryptedSecret[];
  secretReferences: SecretReferenceRecord[];
  createdAtMs: number;
  updatedAtMs: number;
  /** When DELETE was accepted; `null` while the deployment lives. */
  deleteRequestedAtMs: number | null;
  /** How long the deployment stays `AWAITING_DELETE`, in milliseconds. */
  deleteDurationMs: number;
  /** Failure injected for the next revision of this deployment. */
  pendingFailure: RevisionFailure | null;
}

/** A revision as stored; its status is computed from timestamps (see `revisions.ts`). */
export interface RevisionRecord {
  id: string;
  deploymentId: string;
  tenantId: string;
  source: string;
  /** `repo_ref`, `langgraph_config_path`, `image_uri`, `source_tarball_path` as sent. */
  sourceRevisionConfig: Record<string, unknown>;
  /** Repository address, used to derive the resolved commit SHA. */
  repoUrl: string | null;
  createdAtMs: number;
  /** Snapshot of the step durations in force when the revision was created. */
  stepDurationsMs: StepDurationsMs;
  failure: RevisionFailure | null;
  /** When a newer revision superseded this one; `null` if never. */
  skippedAtMs: number | null;
}

/** A bulk-export destination as stored. */
export interface DestinationRecord {
  id: string;
  tenantId: string;
  destinationType: string;
  displayName: string;
  /** The `config` object as accepted (snake_case). */
  config: Record<string, unknown>;
  /** Encrypted JSON of the credentials object, `null` when none were given. */
  encryptedCredentials: string | null;
  credentialsKeys: string[];
  /** Incremented on every credential rotation. */
  credentialsVersion: number;
  createdAtMs: number;
  updatedAtMs: number;
}

/** Status of a simulated export run. */
export type ExportRunStatus = "running" | "succeeded" | "failed" | "interrupted";

/** A simulated bulk-export run. */
export interface ExportRunRecord {
  id: string;
  destinationId: string;
  tenantId: string;
  status: ExportRunStatus;
  startedAtMs: number;
  /** Planned end of the run. */
  endsAtMs: number;
  finishedAtMs: number | null;
  /** Credential version captured when the run started. */
  credentialsVersion: number;
  /** Access key id the run writes with (an identifier, not a secret). */
  accessKeyId: string | null;
  /** Keys of the objects written so far. */
  objectKeys: string[];
  /** First write error, if any. */
  error: string | null;
}

/** A bulk export (an export job of the REST API) as stored; its status is computed from timestamps. */
export interface BulkExportRecord {
  id: string;
  tenantId: string;
  destinationId: string;
  /** The tracing project exported (the emulator keeps none; any UUID is accepted). */
  sessionId: string;
  /** Start and end of the exported time range, ISO 8601 (`endTime` null: open-ended). */
  startTime: string;
  endTime: string | null;
  compression: string;
  format: string;
  formatVersion: string;
  exportFields: string[] | null;
  filter: string | null;
  /** Hours between runs of a scheduled export; `null` for a one-off export. */
  intervalHours: number | null;
  sourceBulkExportId: string | null;
  createdAtMs: number;
  /** How long its run takes, in milliseconds (snapshot at creation). */
  durationMs: number;
  /** When it was cancelled; `null` if never. */
  cancelledAtMs: number | null;
  /** Id of its single run. */
  runId: string;
}

/** The whole persisted state. */
export interface EmulatorState {
  version: 1;
  organizations: OrganizationRecord[];
  credentials: CallerCredentialRecord[];
  deployments: DeploymentRecord[];
  revisions: RevisionRecord[];
  destinations: DestinationRecord[];
  exportRuns: ExportRunRecord[];
  bulkExports: BulkExportRecord[];
}
