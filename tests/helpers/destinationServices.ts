/**
 * The services the BulkExportDestination provider tests run against: an
 * emulator whose test writes and export runs go to a real versitygw with
 * per-user permissions (full, no delete, read only), and the steps those
 * tests share to check and create a destination in-process.
 */
import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createClient, type LangSmithClient } from "../../provider/client";
import { provider } from "../../provider/dynamic/destination";
import { type S3Credentials, startVersitygw, type Versitygw } from "./versitygw";

/** A resource's inputs or outputs, as the dynamic provider takes and returns them. */
export type Props = Record<string, unknown>;

/** The bucket the destinations write to. */
export const BUCKET = "exports";
/** A second bucket, for a destination made outside the provider and adopted. */
export const OTHER_BUCKET = "exports-two";
/** A session token no error or progress line may contain. */
export const TOKEN_CANARY = "canary-session-token-5e2f9a";
/** A wrong secret access key no error or progress line may contain. */
export const SECRET_CANARY = "canary-wrong-secret-7c3d1b";

/** A running versitygw (with both buckets), an emulator writing to it, and a client of the emulator's default workspace. */
export interface DestinationServices {
  gw: Versitygw;
  emulator: Emulator;
  client: LangSmithClient;
}

/**
 * Starts versitygw with {@link BUCKET} and {@link OTHER_BUCKET}, and an
 * emulator that writes to it. This service can delete destinations (an
 * emulator option); the published contract's cannot.
 */
export async function startDestinationServices(): Promise<DestinationServices> {
  const gw = await startVersitygw();
  await gw.createBucket(BUCKET);
  await gw.createBucket(OTHER_BUCKET);
  const emulator = await createEmulator({ s3EndpointOverride: gw.endpoint, destinationDelete: true });
  const client = createClient({ apiUrl: `${emulator.url}/api/v1`, controlPlaneUrl: emulator.url, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID });
  return { gw, emulator, client };
}

/** The provider config (`langsmith:*`) that points at `emulator`'s default workspace. */
export function emulatorProviderConfig(emulator: Emulator): Record<string, string> {
  return {
    "langsmith:apiUrl": emulator.url,
    "langsmith:apiKey": DEFAULT_API_KEY,
    "langsmith:workspaceId": DEFAULT_WORKSPACE_ID,
  };
}

/**
 * Collects what pulumi.log.info and pulumi.log.warn print to the console
 * outside the engine: progress lines and warnings, each joined into one string.
 * Undo with `jest.restoreAllMocks()`.
 */
export function recordRuntimeLog(progress: string[], warnings: string[]): void {
  jest.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    progress.push(args.map(String).join(" "));
  });
  jest.spyOn(console, "warn").mockImplementation((...args: unknown[]) => {
    warnings.push(args.map(String).join(" "));
  });
}

/** The credentials input of a versitygw user, with `extra` fields. */
export function keys(user: S3Credentials, extra: Props = {}): Props {
  return { accessKeyId: user.accessKeyId, secretAccessKey: user.secretAccessKey, ...extra };
}

/** Runs check like the engine does and returns the checked inputs (failing on check failures). */
export async function checked(news: Props): Promise<Props> {
  const check = provider.check;
  if (!check) throw new Error("no check");
  const result = await check({}, news);
  expect(result.failures ?? []).toEqual([]);
  return result.inputs as Props;
}

/** The checked inputs of a destination "exports <prefix>" writing to {@link BUCKET}/<prefix> in us-east-1. */
export async function inputs(prefix: string, credentials: Props | undefined, extra: Props = {}): Promise<Props> {
  return checked({
    displayName: `exports ${prefix}`,
    config: { bucketName: BUCKET, prefix, region: "us-east-1" },
    ...(credentials ? { credentials } : {}),
    ...extra,
  });
}

/** Creates a destination through the provider; its id and outputs. */
export async function createOk(news: Props): Promise<{ id: string; outs: Props }> {
  const result = await provider.create(news);
  return { id: result.id, outs: result.outs as Props };
}

/** The error `promise` rejects with; throws if it resolves or rejects with something else. */
export async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error) return error;
    throw error;
  }
  throw new Error("expected a failure");
}
