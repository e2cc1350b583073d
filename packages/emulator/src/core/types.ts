/**
 * Records the emulator keeps in its state. Everything here is plain JSON so the
 * whole state can be written to (and read back from) the `--data-dir` file.
 * Secret material (deployment secret values, destination credentials) is held
 * only in encrypted form (see `crypto.ts`). This module imports nothing of the
 * emulator's, so every other module (auth, seeding, the kinds) can build on it.
 */

/** The six in-progress steps of a revision, in order. */
export const REVISION_STEPS = ["CREATING", "QUEUED", "AWAITING_BUILD", "BUILDING", "AWAITING_DEPLOY", "DEPLOYING"] as const;

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

/** A listener of a workspace (`GET /v2/listeners`), wire-shaped. */
export interface ListenerRecord {
  id: string;
  compute_type: "k8s";
  /** The compute infrastructure's own id, e.g. a Kubernetes cluster's name. */
  compute_id: string;
  compute_config: { k8s_namespaces: string[] | null };
  version: string | null;
  created_at: string;
  updated_at: string;
}

/** A workspace (tenant) of an organization. */
export interface WorkspaceRecord {
  /** Workspace id, sent by clients as `X-Tenant-Id`. */
  id: string;
  /** Human-readable name. */
  name: string;
  /** Listeners registered for the workspace (seeded); absent means none. */
  listeners?: ListenerRecord[];
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
  /** Its handle (`GET /api/v1/orgs/current`); absent in state saved before handles (answered from the name). */
  handle?: string;
  /** When it was made (ISO 8601); absent in state saved before (answered as the Unix epoch). */
  createdAt?: string;
  /** When false, every deployments route answers 403 "not enabled". */
  deploymentsEnabled: boolean;
  workspaces: WorkspaceRecord[];
  oauthProviders: OAuthProviderRecord[];
  /** `provider_id`s for which the current user holds tokens (`/v2/auth/tokens/exists`). */
  oauthTokenProviderIds: string[];
  /** Settings changed through `PATCH /api/v1/orgs/current/info` (wire names); absent until the first change. */
  settings?: Record<string, unknown>;
  /** Its deleted workspaces as the list answers them with `include_deleted` (their wire fields); absent until the first delete. */
  deletedWorkspaces?: Record<string, unknown>[];
}

/** How a caller authenticates. */
export type CredentialScheme = "api-key" | "bearer";

/**
 * What a key created through the API (`POST /api/v1/api-key`,
 * `POST /api/v1/orgs/current/service-keys`) reaches and may do. Its
 * permissions are its roles' at the time of each request, so a changed
 * custom role changes what the key may do.
 */
export interface KeyGrantRecord {
  /** The key's id (`api_key_id`). */
  keyId: string;
  /** Workspaces the key reaches; `null` for an organization-scoped key (every workspace of the organization). */
  workspaceIds: string[] | null;
  /** Workspace role (built-in or custom) whose permissions the key holds. */
  roleId: string;
  /** Organization role whose permissions the key holds too; `null` for none. */
  orgRoleId: string | null;
}

/** An API key or bearer token accepted by the emulator. */
export interface CallerCredentialRecord {
  scheme: CredentialScheme;
  /**
   * The key (`X-Api-Key`) or token (`Authorization: Bearer`); for a key
   * created through the API (`grant` set), the SHA-256 digest of the key in
   * hex: the key itself is shown once and never kept.
   */
  secret: string;
  organizationId: string;
  /** Workspace the credential is bound to (a created key's default workspace); `null` for an org-scoped credential. */
  workspaceId: string | null;
  /** Permissions such as `bulk-exports:manage`, `workspaces:manage`; a created key's come from its roles instead (`grant`). */
  permissions: string[];
  /** Set for a key created through the API. */
  grant?: KeyGrantRecord;
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
  /** The name shown instead of `name`, set by a PATCH; absent until one sets it. */
  displayName?: string;
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

/** A revision as stored; its status is computed from timestamps (see `../deployments/revisions.ts`). */
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
  /** The build of a revision made from an uploaded archive (`source_tarball_path`): absent for the other sources. */
  sourceBuild?: SourceBuildRecord;
}

/** A log line's level, as the log endpoints answer it. */
export type LogLevel = "DEBUG" | "INFO" | "WARNING" | "ERROR" | "CRITICAL";

/** One line a build writes while it runs, before its outcome. */
export interface BuildLogLine {
  level: LogLevel;
  message: string;
}

/** What the inspection of a revision's uploaded archive found, kept with the revision. */
export interface SourceBuildRecord {
  /** The lines the build writes while `BUILDING`, in order. */
  lines: BuildLogLine[];
  /** Why the build fails (written as its last line, `ERROR`); `null` when it succeeds. */
  failure: string | null;
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

/** `BulkExportStatus` of the contract. */
export type BulkExportStatus = "Created" | "Running" | "IntervalScheduled" | "Completed" | "Failed" | "TimedOut" | "Cancelled";

/** `BulkExportRunStatus` of the contract. */
export type BulkExportRunStatus = "Created" | "Running" | "Completed" | "Failed" | "TimedOut" | "Cancelled";

/** A bulk export (an export job of the REST API) as stored; the scheduler moves its status. */
export interface BulkExportRecord {
  id: string;
  tenantId: string;
  destinationId: string;
  /** The tracing project exported; its runs are the trace runs seeded for this id. */
  sessionId: string;
  /** Start (inclusive) and end (exclusive) of the exported time range, ISO 8601 (`endTime` null: scheduled). */
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
  status: BulkExportStatus;
  createdAtMs: number;
  updatedAtMs: number;
  /** When it ended (completed, failed, timed out or cancelled); `null` while it can still run. */
  finishedAtMs: number | null;
  /** Its runs, oldest first: one for a one-off export, one per interval for a scheduled one. */
  runs: BulkExportRunRecord[];
}

/** One run of a bulk export: the rows of one time window written to the destination. */
export interface BulkExportRunRecord {
  id: string;
  status: BulkExportRunStatus;
  /** The data window exported, ISO 8601: start inclusive, end exclusive (on `start_time` of the trace runs). */
  windowStart: string;
  windowEnd: string;
  /** Key prefix the run writes under (destination prefix included). */
  prefix: string;
  /** Object keys written so far. */
  exportedFiles: string[];
  rowsWritten: number;
  /** `errors` of the wire (`{"error": ...}`), `null` when none. */
  errors: Record<string, unknown> | null;
  /** Access key id the run writes with, captured at its start (an identifier, not a secret; emulator-only). */
  accessKeyId: string | null;
  /** Credential version of the destination captured at the run's start (emulator-only). */
  credentialsVersion: number;
  createdAtMs: number;
  updatedAtMs: number;
  finishedAtMs: number | null;
}

/** One seeded trace run of a tracing project (what a bulk export writes; the run data format, reduced). */
export interface TraceRunRecord {
  id: string;
  /** The tracing project (`session_id`) the run belongs to. */
  sessionId: string;
  traceId: string;
  parentRunId: string | null;
  dottedOrder: string;
  isRoot: boolean;
  name: string;
  runType: string;
  status: string;
  /** ISO 8601. */
  startTime: string;
  endTime: string | null;
  inputs: Record<string, unknown>;
  outputs: Record<string, unknown> | null;
  error: string | null;
  extra: Record<string, unknown>;
  tags: string[];
  promptTokens: number | null;
  completionTokens: number | null;
  totalTokens: number | null;
  totalCost: number | null;
}

/** One stored object of a declared kind (`kinds/`): its wire shape plus who owns it. */
export interface KindRecord {
  /** The object's id (also `wire.id`). */
  id: string;
  /** The organization's or the workspace's id, per the kind's scope. */
  scopeId: string;
  /** The parent object's id for kinds under another (a tag value's tag key); `null` otherwise. */
  parentId: string | null;
  /** The object as the service returns it (snake_case). */
  wire: Record<string, unknown>;
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
  /** Seeded trace runs of tracing projects (what bulk exports write). */
  traceRuns: TraceRunRecord[];
  /** Objects of the declared kinds (`kinds/`), by kind name. */
  objects: Record<string, KindRecord[]>;
}
