import type { BulkExportRunner, ExportRunFault } from "../exports/bulkExportRunner";
import { spawnFromSchedule } from "../exports/bulkExports";
import { renderBulkExport } from "../exports/bulkExportWire";
import type { EmulatorContext, EmulatorFeatures } from "../core/context";
import { planFailure } from "../deployments/deployments";
import { acceptInvitation } from "../organization/members";
import { PROMPT_WEBHOOKS } from "../tracing/promptWebhooks";
import { unsealMasked } from "../kinds/records";
import { ORGANIZATION_TTL_SETTINGS, TTL_SETTINGS } from "../organization/ttlSettings";
import { WORKSPACE_SECRETS } from "../organization/workspaceSecrets";
import { unsealValues } from "../kinds/sealedValues";
import type { ExportRunner, ExportRunOptions } from "../exports/exportRuns";
import type { FaultRegistry, FaultRule, FaultRuleInput, RateLimiter } from "./faults";
import { type EmulatorTimings, mergeTimings, type TimingsInput } from "../core/options";
import type { RequestLog, RequestLogEntry } from "./requestLog";
import { revisionHistory, TERMINAL_REVISION_STATUSES } from "../deployments/revisions";
import { applySeed, emptyState, type SeedInput } from "../core/seed";
import { seedTraceRuns, type TraceRunInput } from "../core/traceRuns";
import {
  type BulkExportRecord,
  type EmulatorState,
  type ExportRunRecord,
  REVISION_STEPS,
  type RevisionFailureStatus,
  type RevisionStep,
  type TraceRunRecord,
} from "../core/types";

/** Which deployment's next revision fails. */
export type RevisionFailureTarget = { deploymentId: string } | { deploymentName: string };

/** A failure to inject: the status, and the step at whose end it happens. */
export interface RevisionFailureInput {
  /** `CREATE_FAILED`, `BUILD_FAILED` or `DEPLOY_FAILED`. */
  status: RevisionFailureStatus;
  /** Default: `CREATING`, `BUILDING` or `DEPLOYING` respectively. */
  atStep?: RevisionStep;
}

/** A revision's computed status and timestamped history, as in a state dump. */
export interface RevisionDump {
  id: string;
  deploymentId: string;
  status: string;
  /** Every transition with its time (ISO 8601) and epoch milliseconds. */
  history: { status: string; timestamp: string; atMs: number }[];
}

/** Everything the emulator holds, secrets as stored at rest (encrypted). */
export interface StateDump {
  state: EmulatorState;
  revisions: RevisionDump[];
  timings: EmulatorTimings;
  faults: FaultRule[];
  rateLimitPerSecond: number | null;
  features: EmulatorFeatures;
}

/** The pieces of one emulator instance that the control handle drives. */
export interface ControlDependencies {
  ctx: EmulatorContext;
  faults: FaultRegistry;
  rateLimiter: RateLimiter;
  requestLog: RequestLog;
  exportRuns: ExportRunner;
  bulkExportRunner: BulkExportRunner;
  /** Timings to restore on reset. */
  initialTimings: EmulatorTimings;
  /** Rate limit to restore on reset. */
  initialRateLimitPerSecond: number | null;
  /** Feature switches to restore on reset. */
  initialFeatures: EmulatorFeatures;
}

/**
 * In-process control handle of one emulator (the same operations the
 * `/__emulator/` routes offer over HTTP).
 */
export class EmulatorControl {
  /** @param deps the instance's state, registries and runners. */
  constructor(private readonly deps: ControlDependencies) {}

  /**
   * Forgets every resource, fault, log entry and pending failure and
   * re-applies the seed, initial timings, rate limit and feature switches.
   */
  reset(): void {
    const { ctx } = this.deps;
    const state = emptyState();
    applySeed(state, ctx.seed, ctx.now());
    this.deps.bulkExportRunner.reset();
    ctx.store.replace(state);
    ctx.timings = this.deps.initialTimings;
    ctx.pendingFailuresByName.clear();
    ctx.pendingSnapshotFailures.clear();
    ctx.uploads.clear();
    this.deps.faults.clear();
    this.deps.requestLog.clear();
    this.deps.rateLimiter.requestsPerSecond = this.deps.initialRateLimitPerSecond;
    ctx.features = { ...this.deps.initialFeatures };
  }

  /** Adds organizations, workspaces, OAuth providers, keys and tokens (see `SeedInput`). */
  seed(seed: SeedInput): void {
    applySeed(this.deps.ctx.store.state, seed, this.deps.ctx.now());
    this.deps.ctx.store.commit();
  }

  /** Registers a fault for the next matching requests (see `FaultRuleInput`). */
  injectFault(rule: FaultRuleInput): FaultRule {
    return this.deps.faults.add(rule);
  }

  /** Removes every fault. */
  clearFaults(): void {
    this.deps.faults.clear();
  }

  /** The faults still armed. */
  listFaults(): FaultRule[] {
    return this.deps.faults.list();
  }

  /** The API requests answered so far, oldest first (control routes excluded). */
  requestLog(): RequestLogEntry[] {
    return this.deps.requestLog.list();
  }

  /** Empties the request log. */
  clearRequestLog(): void {
    this.deps.requestLog.clear();
  }

  /** A deep copy of the state (secrets encrypted, as at rest) with computed revision histories. */
  dumpState(): StateDump {
    const { ctx } = this.deps;
    const nowMs = ctx.now();
    const state = JSON.parse(JSON.stringify(ctx.store.state)) as EmulatorState;
    const revisions = state.revisions.map((r) => {
      const history = revisionHistory(r, nowMs).map((t) => ({
        status: t.status,
        timestamp: new Date(t.atMs).toISOString(),
        atMs: t.atMs,
      }));
      return { id: r.id, deploymentId: r.deploymentId, status: history[history.length - 1]?.status ?? "CREATING", history };
    });
    return {
      state,
      revisions,
      timings: { ...ctx.timings, stepDurationsMs: { ...ctx.timings.stepDurationsMs } },
      faults: this.deps.faults.list(),
      rateLimitPerSecond: this.deps.rateLimiter.requestsPerSecond,
      features: { ...ctx.features },
    };
  }

  /**
   * Makes the next build of a sandbox snapshot with this name (created after
   * this call) end `failed`, with `message` as its `status_message` (default
   * a registry's answer for an image it does not have).
   */
  failNextSnapshotBuild(name: string, message = `failed to pull image: manifest unknown`): void {
    this.deps.ctx.pendingSnapshotFailures.set(name, message);
  }

  /**
   * Makes the next revision of a deployment fail. By `deploymentId` the failure
   * is stored with the deployment (throws when it does not exist); by
   * `deploymentName` it applies to the next revision of any deployment with that
   * name, including the first revision of one not created yet.
   */
  failNextRevision(target: RevisionFailureTarget, failure: RevisionFailureInput): void {
    const { ctx } = this.deps;
    const planned = planFailure(failure.status, failure.atStep);
    if ("deploymentName" in target) {
      ctx.pendingFailuresByName.set(target.deploymentName, planned);
      return;
    }
    const deployment = ctx.store.state.deployments.find((d) => d.id === target.deploymentId);
    if (!deployment) throw new Error(`unknown deployment ${target.deploymentId}`);
    deployment.pendingFailure = planned;
    ctx.store.commit();
  }

  /**
   * Makes every unfinished revision reach its outcome `withinMs` milliseconds
   * from now (default 0): the step it is in ends then and the steps after it
   * take no time, so it turns `DEPLOYED`, or fails where a failure was
   * injected. A test that interrupts a long build uses it so the resumed wait
   * does not sit out the rest of that build. Revisions created later keep the
   * current timings. Answers how many revisions it changed.
   */
  finishRevisionsWithin(withinMs = 0): number {
    const { ctx } = this.deps;
    const nowMs = ctx.now();
    let changed = 0;
    for (const revision of ctx.store.state.revisions) {
      const history = revisionHistory(revision, nowMs);
      const current = history[history.length - 1];
      if (current === undefined || TERMINAL_REVISION_STATUSES.has(current.status)) continue;
      const index = REVISION_STEPS.indexOf(current.status as RevisionStep);
      if (index < 0) continue;
      const stepDurationsMs = { ...revision.stepDurationsMs };
      REVISION_STEPS.forEach((step, i) => {
        if (i === index) stepDurationsMs[step] = nowMs - current.atMs + withinMs;
        if (i > index) stepDurationsMs[step] = 0;
      });
      revision.stepDurationsMs = stepDurationsMs;
      changed += 1;
    }
    if (changed > 0) ctx.store.commit();
    return changed;
  }

  /** The current timings. */
  timings(): EmulatorTimings {
    return this.deps.ctx.timings;
  }

  /** Changes timings for revisions and deletes started from now on; returns the result. */
  setTimings(timings: TimingsInput): EmulatorTimings {
    const { ctx } = this.deps;
    ctx.timings = mergeTimings(ctx.timings, timings);
    return ctx.timings;
  }

  /** The current feature switches (a copy). */
  features(): EmulatorFeatures {
    return { ...this.deps.ctx.features };
  }

  /**
   * Changes feature switches (the fields given; others stay) and returns the
   * result, e.g. `setFeatures({ destinationDelete: true })`. Reset restores
   * the values the emulator was started with.
   */
  setFeatures(features: Partial<EmulatorFeatures>): EmulatorFeatures {
    const { ctx } = this.deps;
    ctx.features = { ...ctx.features, ...Object.fromEntries(Object.entries(features).filter(([, v]) => v !== undefined)) };
    return { ...ctx.features };
  }

  /** Sets (or with `null` removes) the API rate limit, in requests per second. */
  setRateLimit(requestsPerSecond: number | null): void {
    this.deps.rateLimiter.requestsPerSecond = requestsPerSecond;
  }

  /** Starts a simulated export run on a destination (see `ExportRunOptions`). */
  startExportRun(destinationId: string, options?: ExportRunOptions): ExportRunRecord {
    return this.deps.exportRuns.start(destinationId, options);
  }

  /** A run by id, or undefined. */
  exportRun(runId: string): ExportRunRecord | undefined {
    return this.deps.exportRuns.get(runId);
  }

  /** Resolves once the run has finished. */
  waitForExportRun(runId: string): Promise<ExportRunRecord> {
    return this.deps.exportRuns.wait(runId);
  }

  /**
   * Seeds trace runs of a tracing project (`session_id`), what bulk exports of
   * that project write; a run whose id is already seeded is replaced. Returns
   * the stored runs with their defaults filled in.
   */
  seedTraceRuns(sessionId: string, runs: readonly TraceRunInput[]): TraceRunRecord[] {
    const stored = seedTraceRuns(this.deps.ctx.store.state, sessionId, runs);
    this.deps.ctx.store.commit();
    return stored.map((r) => structuredClone(r));
  }

  /** Makes the next bulk-export run started for project `sessionId` end `Failed` or `TimedOut` (after writing its files). */
  failNextExportRun(sessionId: string, fault: ExportRunFault): void {
    this.deps.bulkExportRunner.injectFault(sessionId, fault);
  }

  /**
   * Accepts an invitation to an organization as its invitee would (the API
   * cannot): the pending identity `pendingIdentityId` (the `id` that
   * `POST /api/v1/orgs/current/members` answered) becomes an active member
   * with a new identity id, keeping its organization role, and joins each
   * invited workspace that still exists with the invited workspace role.
   *
   * @returns the member as `GET /api/v1/orgs/current/members/active` lists it.
   * @throws Error when no invitation has that id.
   */
  acceptInvite(pendingIdentityId: string): Record<string, unknown> {
    return acceptInvitation(this.deps.ctx, pendingIdentityId.toLowerCase());
  }

  /**
   * Makes the export the service spawns from the scheduled export `sourceId`
   * for its next interval (`source_bulk_export_id` naming the source), as a
   * one-off export whose run is planned at once (`../exports/bulkExports.ts`,
   * `spawnFromSchedule`).
   *
   * @returns the spawned export as `GET /api/v1/bulk-exports/{id}` answers it.
   * @throws Error when there is no scheduled export `sourceId`.
   */
  spawnScheduledExport(sourceId: string): Record<string, unknown> {
    return renderBulkExport(spawnFromSchedule(this.deps.ctx, this.deps.bulkExportRunner, sourceId.toLowerCase()));
  }

  /**
   * A copy of a bulk export with its runs, including what the wire does not
   * show (the access key id each run wrote with); undefined when unknown.
   */
  bulkExport(id: string): BulkExportRecord | undefined {
    const record = this.deps.ctx.store.state.bulkExports.find((b) => b.id === id);
    return record ? structuredClone(record) : undefined;
  }

  /** Resolves once no run of the bulk export is executing (at once when none is). */
  async bulkExportIdle(id: string): Promise<void> {
    const record = this.deps.ctx.store.state.bulkExports.find((b) => b.id === id);
    if (record) await this.deps.bulkExportRunner.idle(record);
  }

  /**
   * The value of a workspace secret, decrypted (the API never returns one);
   * undefined when the workspace has no secret with that key.
   */
  workspaceSecret(workspaceId: string, key: string): string | undefined {
    const { ctx } = this.deps;
    const record = ctx.store.state.objects[WORKSPACE_SECRETS.name]?.find((r) => r.scopeId === workspaceId.toLowerCase() && r.wire["key"] === key);
    const sealed = record?.wire["value"];
    return typeof sealed === "string" ? ctx.secrets.decrypt(sealed) : undefined;
  }

  /**
   * A copy of the TTL settings stored for a workspace, or for the organization
   * when `scope` is `"organization"`; undefined while nobody has set them (the
   * API then answers the system's default).
   */
  storedTtlSettings(scope: "organization" | "workspace", scopeId: string): Record<string, unknown> | undefined {
    const name = scope === "organization" ? ORGANIZATION_TTL_SETTINGS.name : TTL_SETTINGS.name;
    const record = this.deps.ctx.store.state.objects[name]?.find((r) => r.scopeId === scopeId.toLowerCase());
    return record ? structuredClone(record.wire) : undefined;
  }

  /**
   * The headers of a workspace's prompt webhook, decrypted (the API answers
   * each value as `****`); `null` when it has none, undefined when the
   * workspace has no webhook with that id.
   */
  promptWebhookHeaders(workspaceId: string, webhookId: string): Record<string, unknown> | null | undefined {
    const { ctx } = this.deps;
    const record = ctx.store.state.objects[PROMPT_WEBHOOKS.name]?.find((r) => r.scopeId === workspaceId.toLowerCase() && r.id === webhookId.toLowerCase());
    if (record === undefined) return undefined;
    return (unsealMasked(ctx, record.wire["headers"]) as Record<string, unknown> | null | undefined) ?? null;
  }

  /**
   * The secrets inside the notification targets of a workspace's alert rule
   * (`alertRules`: webhook headers, PagerDuty integration keys) or automation
   * rule (`runRules`: webhook headers, PagerDuty routing keys), decrypted, by
   * their path in the object (`actions.0.config.integration_key`); the API
   * answers each as `****`. Undefined when the workspace has no such object.
   */
  notificationSecrets(workspaceId: string, kind: "alertRules" | "runRules", id: string): Record<string, string> | undefined {
    const { ctx } = this.deps;
    const record = ctx.store.state.objects[kind]?.find((r) => r.scopeId === workspaceId.toLowerCase() && r.id === id.toLowerCase());
    return record === undefined ? undefined : unsealValues(ctx, record.wire);
  }

  /** The file holding the source archive uploaded under `objectPath` (a deployment's `source_tarball_path`), for a test to read; undefined when none was. */
  sourceArchiveFile(objectPath: string): string | undefined {
    return this.deps.ctx.uploads.archive(objectPath)?.file;
  }
}
