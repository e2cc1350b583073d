import * as pulumi from "@pulumi/pulumi";
import { BulkExport, BulkExportDestination, Deployment } from "pulumi-langsmith";

// One deployment and one bulk-export destination per stack. The stack's
// config file (Pulumi.dev.yaml, Pulumi.prod.yaml) says which branch, which
// deployment type, which secrets and which bucket; the program is the same
// for every environment.
const config = new pulumi.Config();
const stack = pulumi.getStack();

/** Deployment secrets: environment variable name -> config key holding the value (set with --secret). */
const secretKeys = config.getObject<Record<string, string>>("deploymentSecrets") ?? {};

const agent = new Deployment("agent", {
  name: `quickstart-agent-${stack}`,
  source: "github",
  sourceConfig: {
    integrationId: config.require("integrationId"),
    repoUrl: config.get("repoUrl") ?? "https://github.com/acme/quickstart-agent",
    deploymentType: config.get("deploymentType") ?? "dev",
    buildOnPush: false,
  },
  sourceRevisionConfig: { repoRef: config.get("branch") ?? "main", graphConfigPath: "langgraph.json" },
  secrets: Object.entries(secretKeys).map(([name, key]) => ({ name, value: config.requireSecret(key) })),
});

interface ExportsConfig {
  bucketName: string;
  prefix: string;
  region?: string;
  endpointUrl?: string;
  addressingStyle?: "virtual" | "path" | "auto";
}
interface KeyPair {
  accessKeyId: string;
  secretAccessKey: string;
}

const exportsConfig = config.requireObject<ExportsConfig>("exports");
const exportsDestination = new BulkExportDestination("exports", {
  displayName: `quickstart exports ${stack}`,
  config: exportsConfig,
  credentials: config.requireSecretObject<KeyPair>("exportCredentials"),
});

/** Optional one-off export of a window of a tracing project into the destination (`exportBackfill` in the stack's config). */
interface BackfillConfig {
  projectId: string;
  startTime: string;
  endTime: string;
}
const backfill = config.getObject<BackfillConfig>("exportBackfill");
const backfillExport = backfill
  ? new BulkExport("backfill", {
      destinationId: exportsDestination.id,
      projectId: backfill.projectId,
      startTime: backfill.startTime,
      endTime: backfill.endTime,
      waitForCompletion: true,
    })
  : undefined;

export const deploymentId = agent.id;
export const revisionStatus = agent.latestRevisionStatus;
export const deploymentLastOperation = agent.lastOperation;
export const destinationId = exportsDestination.id;
export const destinationLastOperation = exportsDestination.lastOperation;
export const backfillStatus = backfillExport?.status;
export const backfillRuns = backfillExport?.runs;
