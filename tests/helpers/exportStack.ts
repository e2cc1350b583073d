import { createEmulator, DEFAULT_API_KEY, DEFAULT_WORKSPACE_ID, type Emulator } from "../../packages/emulator/src";
import { createClient, type LangSmithClient } from "../../provider/client";
import { startVersitygw, type Versitygw } from "./versitygw";
import { destinationCalls } from "../../provider/exports/destination/endpoints";

/** An emulator whose destinations test-write to a real S3 store, with one destination made. */
export interface ExportStack {
  gw: Versitygw;
  emulator: Emulator;
  /** A client for the emulator's default workspace. */
  client: LangSmithClient;
  /** The destination made in `bucket` (prefix `traces`), with the store's full-access key pair. */
  destinationId: string;
  /** Stops the emulator and the S3 store. */
  stop(): Promise<void>;
}

/**
 * Starts versitygw with `bucket`, an emulator (control routes on) whose test
 * writes go there, and a destination named after the bucket: what every
 * bulk-export test needs before its first export.
 */
export async function startExportStack(bucket: string): Promise<ExportStack> {
  const gw = await startVersitygw();
  await gw.createBucket(bucket);
  const emulator = await createEmulator({ control: true, s3EndpointOverride: gw.endpoint });
  const client = createClient({ apiUrl: `${emulator.url}/api/v1`, controlPlaneUrl: emulator.url, apiKey: DEFAULT_API_KEY, workspaceId: DEFAULT_WORKSPACE_ID });
  const destination = await destinationCalls.create(client, {
    destination_type: "s3",
    display_name: bucket,
    config: { bucket_name: bucket, prefix: "traces", region: "us-east-1" },
    credentials: { access_key_id: gw.users.full.accessKeyId, secret_access_key: gw.users.full.secretAccessKey },
  });
  return {
    gw,
    emulator,
    client,
    destinationId: destination.id,
    async stop() {
      await emulator.close();
      await gw.stop();
    },
  };
}
