import { randomUUID } from "node:crypto";
import type { EmulatorContext } from "../core/context";
import { detailError, ValidationFailure } from "../http/errors";
import { resolveS3Target, type S3TargetConfig } from "./s3Client";
import { testWrite } from "./s3TestWrite";
import type { DestinationCreateBody, S3Credentials } from "./destinationSchemas";
import type { DestinationRecord, EmulatorState } from "../core/types";

/** Finds a destination of the workspace; 404 when absent or in another workspace. */
export function findDestination(state: EmulatorState, tenantId: string, id: string): DestinationRecord {
  const destination = state.destinations.find((d) => d.id === id && d.tenantId === tenantId);
  if (!destination) throw detailError(404, "Destination not found");
  return destination;
}

function credentialKeys(credentials: S3Credentials | null | undefined): string[] {
  if (!credentials) return [];
  return Object.entries(credentials)
    .filter(([, value]) => value !== undefined && value !== null)
    .map(([key]) => key);
}

/** Decrypts a destination's stored credentials (`null` when it has none). */
export function destinationCredentials(ctx: EmulatorContext, destination: DestinationRecord): S3Credentials | null {
  if (destination.encryptedCredentials === null) return null;
  return JSON.parse(ctx.secrets.decrypt(destination.encryptedCredentials)) as S3Credentials;
}

function checkEndpoint(endpointUrl: string | null | undefined): void {
  if (endpointUrl === null || endpointUrl === undefined) return;
  let url: URL | undefined;
  try {
    url = new URL(endpointUrl);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw detailError(400, `Invalid endpoint: '${endpointUrl}' is not an http(s) URL of an S3-compatible endpoint; omit endpoint_url for AWS S3.`);
  }
}

/**
 * Validates a create request, test-writes to the bucket (400 on failure) and
 * stores the destination with its credentials encrypted.
 */
export async function createDestination(ctx: EmulatorContext, tenantId: string, body: DestinationCreateBody): Promise<DestinationRecord> {
  const config = body.config;
  if (config.bucket_name === null || config.bucket_name === undefined) {
    throw new ValidationFailure([
      {
        type: "value_error",
        loc: ["body", "config"],
        msg: "Value error, bucket_name is required",
        input: config,
        ctx: { error: {} },
      },
    ]);
  }
  if (!config.endpoint_url && !config.region) {
    throw new ValidationFailure([
      {
        type: "value_error",
        loc: ["body", "config"],
        msg: "Value error, region is required for AWS S3 buckets (when endpoint_url is not set)",
        input: config,
        ctx: { error: {} },
      },
    ]);
  }
  checkEndpoint(config.endpoint_url);
  const credentials = body.credentials ?? null;
  if (!credentials && !ctx.s3.selfHosted) {
    throw detailError(400, "credentials are required: environment-based credentials are only available on self-hosted installs");
  }
  await testWrite(resolveS3Target({ ...config, bucket_name: config.bucket_name }, ctx.s3.endpointOverride), credentials, ctx.s3.timeoutMs);
  const nowMs = ctx.now();
  const stored: Record<string, unknown> = Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined));
  const destination: DestinationRecord = {
    id: randomUUID(),
    tenantId,
    destinationType: body.destination_type,
    displayName: body.display_name,
    config: stored,
    encryptedCredentials: credentials ? ctx.secrets.encrypt(JSON.stringify(credentials)) : null,
    credentialsKeys: credentialKeys(credentials),
    credentialsVersion: 1,
    createdAtMs: nowMs,
    updatedAtMs: nowMs,
  };
  ctx.store.state.destinations.push(destination);
  ctx.store.commit();
  return destination;
}

/**
 * Rotates credentials: test-writes with the new credentials and the existing
 * configuration first (400 leaves the old credentials in place), then stores them.
 */
export async function rotateCredentials(ctx: EmulatorContext, destination: DestinationRecord, credentials: S3Credentials): Promise<void> {
  await testWrite(resolveS3Target(destination.config as unknown as S3TargetConfig, ctx.s3.endpointOverride), credentials, ctx.s3.timeoutMs);
  destination.encryptedCredentials = ctx.secrets.encrypt(JSON.stringify(credentials));
  destination.credentialsKeys = credentialKeys(credentials);
  destination.credentialsVersion += 1;
  destination.updatedAtMs = ctx.now();
  ctx.store.commit();
}

/** Deletes a destination; 409 while a running export uses it. */
export function deleteDestination(ctx: EmulatorContext, destination: DestinationRecord): void {
  const state = ctx.store.state;
  const inUse =
    state.exportRuns.some((r) => r.destinationId === destination.id && r.status === "running") ||
    state.bulkExports.some((b) => b.destinationId === destination.id && b.runs.some((r) => r.finishedAtMs === null));
  if (inUse) {
    throw detailError(409, "Destination is in use by a running bulk export and cannot be deleted");
  }
  state.destinations = state.destinations.filter((d) => d !== destination);
  ctx.store.commit();
}
