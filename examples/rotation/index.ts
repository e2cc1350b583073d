import * as pulumi from "@pulumi/pulumi";
// The dynamic classes (no plugin to install); `from "pulumi-langsmith"` gives the native ones, same inputs.
import { BulkExportDestination } from "pulumi-langsmith/dynamic";

// One bulk-export destination whose credentials come from one of two key
// pairs held in stack config (both as secrets). Rotating is a config change:
// add the new pair, switch `activeKeyPair`, `pulumi up` (one PATCH: the
// service test-writes with the new keys first); later, once in-flight export
// runs are done and the old keys are revoked, remove the old pair and
// `pulumi up` again (no change to the destination). See README.md.

interface KeyPair {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

const config = new pulumi.Config();
const keyPairs: Record<string, pulumi.Output<KeyPair> | undefined> = {
  a: config.getSecretObject<KeyPair>("keyPairA"),
  b: config.getSecretObject<KeyPair>("keyPairB"),
};
const active = config.get("activeKeyPair") ?? "a";
const credentials = keyPairs[active];
if (credentials === undefined) {
  throw new Error(`activeKeyPair is "${active}", but keyPair${active.toUpperCase()} is not set: set it with pulumi config set --secret --path`);
}

const destination = new BulkExportDestination("exports", {
  displayName: config.get("displayName") ?? "trace exports",
  config: {
    bucketName: config.require("bucketName"),
    prefix: config.get("prefix") ?? "langsmith/exports",
    region: config.get("region"),
    endpointUrl: config.get("endpointUrl"),
  },
  credentials,
});

/** Reference the destination by id (it stays known in previews). */
export const destinationId = destination.id;
/** What the last `pulumi up` did, e.g. `rotated credentials (access key id and secret access key changed; ...)`. */
export const lastOperation = destination.lastOperation;
/** When the credentials now in use were accepted: keep the old keys valid for one export run's maximum runtime after this. */
export const credentialsUpdatedAt = destination.credentialsUpdatedAt;
export const activeKeyPair = active;
