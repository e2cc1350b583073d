/**
 * The resources the native provider serves: for each, its type token, its
 * field table (inputs), its output-only properties, and the same per-resource
 * core the dynamic provider uses (check, diff, operations). Nothing here
 * re-implements a resource; it only says how the core meets the protocol.
 */
import type * as pulumi from "@pulumi/pulumi";
import { BULK_EXPORT_FIELDS } from "../bulkExport/fields";
import { diffBulkExport } from "../bulkExport/diff";
import { provider as bulkExportProvider } from "../bulkExport/index";
import { importBulkExport } from "../bulkExport/operations";
import { BULK_EXPORT_STATE_VERSION, migrateBulkExportOutputs } from "../bulkExport/state";
import { DEPLOYMENT_FIELDS } from "../deployment/fields";
import { diffDeployment } from "../deployment/diff";
import { provider as deploymentProvider } from "../deployment/index";
import { importDeployment } from "../deployment/operations";
import { DEPLOYMENT_STATE_VERSION, migrateDeploymentOutputs, needsResume } from "../deployment/state";
import { DESTINATION_FIELDS } from "../destination/fields";
import { diffDestination } from "../destination/diff";
import { provider as destinationProvider } from "../destination/index";
import { importDestination } from "../destination/operations";
import { DESTINATION_STATE_VERSION, migrateDestinationOutputs } from "../destination/state";
import type { FieldTable } from "../shared/fields";
import type { PulumiTypeSpec } from "./pulumiTypes";

/** An output-only property of a resource. */
export interface OutputSpec {
  readonly name: string;
  readonly type: PulumiTypeSpec;
  readonly doc: string;
  /** A Pulumi secret (e.g. fingerprints of secrets). */
  readonly secret?: boolean;
  /** Unknown in the preview of an update (the update may change it); otherwise kept known and reported stable. */
  readonly changesOnUpdate: boolean;
  /** The value every create and update writes, when it is known in advance (shown in previews instead of unknown). */
  readonly planned?: unknown;
}

/** A diff in the protocol's terms: the top-level result plus the effect of each changed property path. */
export interface PropertyDiff {
  readonly changes: boolean;
  readonly replaces: readonly string[];
  readonly deleteBeforeReplace: boolean;
  /** Dotted input paths changed in place (including new revisions and provider settings). */
  readonly updates: readonly string[];
  /** An earlier operation did not finish (e.g. a wait to resume): update runs even when no property changed or all changes are ignored. */
  readonly pending: boolean;
}

/** One resource of the native provider. */
export interface NativeResource {
  /** Type token, e.g. `langsmith:index:Deployment`. */
  readonly token: string;
  /** Schema description (Markdown). */
  readonly description: string;
  /** The field table: every input. */
  readonly fields: FieldTable;
  /** Top-level inputs not echoed in the outputs (secrets kept as fingerprints, create-only options). */
  readonly inputsNotInOutputs: readonly string[];
  /** Output-only properties. */
  readonly outputs: readonly OutputSpec[];
  /** The per-resource core's check, create, read, update and delete. */
  readonly core: pulumi.dynamic.ResourceProvider;
  /** The core's diff, by property. */
  diff(olds: Record<string, unknown>, news: Record<string, unknown>): PropertyDiff;
  /** `pulumi import`: the inputs and outputs of a resource the service already has, from its id alone; absent when not importable. */
  importById?: (id: string) => Promise<{ inputs: Record<string, unknown>; outputs: object } | undefined>;
}

const str: PulumiTypeSpec = { type: "string" };
const num: PulumiTypeSpec = { type: "number" };
const anyMap: PulumiTypeSpec = { type: "object", additionalProperties: { $ref: "pulumi.json#/Any" } };

const LAST_OPERATION: OutputSpec = { name: "lastOperation", type: str, doc: "What the last create or update did, in plain words.", changesOnUpdate: true };
/** The layout version of a resource's outputs: written anew by every create and update (migration may change it), so never stable. */
function stateVersionOutput(version: number): OutputSpec {
  return { name: "stateVersion", type: num, doc: "Layout version of the outputs.", changesOnUpdate: true, planned: version };
}

/** Every resource of the native provider, by token. */
export const NATIVE_RESOURCES: readonly NativeResource[] = [
  {
    token: "langsmith:index:Deployment",
    description:
      "A LangSmith deployment (an agent server). Create waits until its revision is `DEPLOYED`; an update makes exactly one new revision when a revision field changes, patches in place otherwise; a change of `name` or `source` replaces it.",
    fields: DEPLOYMENT_FIELDS,
    inputsNotInOutputs: ["secrets"],
    outputs: [
      { name: "secretsFingerprint", type: anyMap, doc: "Salted fingerprints of the secrets' values (never the values).", secret: true, changesOnUpdate: true },
      { name: "latestRevisionId", type: str, doc: "Id of the newest revision.", changesOnUpdate: true },
      { name: "latestRevisionStatus", type: str, doc: "Status of the newest revision, e.g. `DEPLOYED`.", changesOnUpdate: true },
      { name: "status", type: str, doc: "Status of the deployment, e.g. `READY`.", changesOnUpdate: true },
      { name: "tenantId", type: str, doc: "Workspace the deployment lives in.", changesOnUpdate: false },
      { name: "createdAt", type: str, doc: "ISO 8601 creation time.", changesOnUpdate: false },
      { name: "updatedAt", type: str, doc: "ISO 8601 time of the last change.", changesOnUpdate: true },
      {
        name: "revisionTimings",
        type: { type: "array", items: { $ref: "pulumi.json#/Any" } },
        doc: "How long the newest revisions took to reach `DEPLOYED`, as the provider's waits observed them (durations only); the next wait predicts from them.",
        changesOnUpdate: true,
      },
      LAST_OPERATION,
      stateVersionOutput(DEPLOYMENT_STATE_VERSION),
    ],
    core: deploymentProvider,
    importById: importDeployment,
    diff(rawOlds, news) {
      const olds = migrateDeploymentOutputs(rawOlds);
      const result = diffDeployment(olds, news);
      const updates = [...result.changed.inPlace, ...result.changed.revision, ...result.changed.local];
      const pending = needsResume(olds);
      return { changes: result.changes || pending, replaces: result.replaces, deleteBeforeReplace: result.deleteBeforeReplace, updates, pending };
    },
  },
  {
    token: "langsmith:index:BulkExportDestination",
    description:
      "An S3-compatible bucket that bulk exports write to. The service test-writes before accepting it or new credentials; a credentials change rotates them in place, any other change replaces it. The service cannot delete destinations: delete leaves it in the workspace with a warning.",
    fields: DESTINATION_FIELDS,
    inputsNotInOutputs: ["credentials", "adoptExistingId"],
    outputs: [
      { name: "credentialsFingerprint", type: anyMap, doc: "Salted fingerprints of the credentials (never the values).", secret: true, changesOnUpdate: true },
      { name: "tenantId", type: str, doc: "Workspace the destination lives in.", changesOnUpdate: false },
      { name: "createdAt", type: str, doc: "ISO 8601 creation time.", changesOnUpdate: false },
      { name: "updatedAt", type: str, doc: "ISO 8601 time of the last change.", changesOnUpdate: true },
      { name: "credentialsKeys", type: { type: "array", items: str }, doc: "Names (never values) of the credential fields the service holds.", changesOnUpdate: true },
      { name: "credentialsUpdatedAt", type: str, doc: "When the credentials were last set.", changesOnUpdate: true },
      LAST_OPERATION,
      stateVersionOutput(DESTINATION_STATE_VERSION),
    ],
    core: destinationProvider,
    importById: importDestination,
    diff(olds, news) {
      const result = diffDestination(migrateDestinationOutputs(olds), news);
      return { changes: result.changes, replaces: result.replaces, deleteBeforeReplace: result.deleteBeforeReplace, updates: result.updates, pending: false };
    },
  },
  {
    token: "langsmith:index:BulkExport",
    description:
      "A bulk export of a tracing project's runs into a destination: once for a time window (`endTime`) or every `intervalHours`. The service can only cancel an export: every change replaces it (the new one is created, then the old one cancelled), and delete cancels it.",
    fields: BULK_EXPORT_FIELDS,
    inputsNotInOutputs: [],
    outputs: [
      { name: "status", type: str, doc: "`Created`, `Running`, `IntervalScheduled`, `Completed`, `Failed`, `TimedOut` or `Cancelled`.", changesOnUpdate: true },
      { name: "tenantId", type: str, doc: "Workspace the export belongs to.", changesOnUpdate: false },
      { name: "createdAt", type: str, doc: "ISO 8601 creation time.", changesOnUpdate: false },
      { name: "updatedAt", type: str, doc: "ISO 8601 time of the last change.", changesOnUpdate: true },
      { name: "finishedAt", type: str, doc: "ISO 8601 time the export ended.", changesOnUpdate: true },
      { name: "runs", type: anyMap, doc: "Runs summary: `count`, `lastRunStatus`, `rowsWritten`, `filesWritten`, `lastExportPath`.", changesOnUpdate: true },
      LAST_OPERATION,
      stateVersionOutput(BULK_EXPORT_STATE_VERSION),
    ],
    core: bulkExportProvider,
    importById: importBulkExport,
    diff(olds, news) {
      const result = diffBulkExport(migrateBulkExportOutputs(olds), news);
      return { changes: result.changes, replaces: result.replaces, deleteBeforeReplace: result.deleteBeforeReplace, updates: result.local, pending: result.resume };
    },
  },
];

/** The resource served for `token`, if any. */
export function nativeResource(token: string): NativeResource | undefined {
  return NATIVE_RESOURCES.find((resource) => resource.token === token);
}
