import * as pulumi from "@pulumi/pulumi";
// The dynamic classes (no plugin to install); `from "pulumi-langsmith"` gives the native ones, same inputs.
import { BulkExport, BulkExportDestination } from "pulumi-langsmith/dynamic";

// One destination, one scheduled export of a tracing project into it, and a
// one-off backfill of the time before the schedule starts. The stack's config
// file says how often the schedule runs (Pulumi.dev.yaml: every hour,
// Pulumi.prod.yaml: every 6 hours); the program is the same for every stack.

interface Bucket {
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

const config = new pulumi.Config();
const projectId = config.require("projectId");
const scheduleStart = config.require("scheduleStart");

const destination = new BulkExportDestination("traces", {
  displayName: `trace exports ${pulumi.getStack()}`,
  config: config.requireObject<Bucket>("bucket"),
  credentials: config.requireSecretObject<KeyPair>("credentials"),
});

// Every `intervalHours` from `scheduleStart` on. Changing any of these replaces
// the export: the new one is created, then the old one cancelled.
const scheduled = new BulkExport("scheduled", {
  destinationId: destination.id,
  projectId,
  startTime: scheduleStart,
  intervalHours: config.requireNumber("intervalHours"),
});

// The window before the schedule, once; `pulumi up` waits until it is written.
const backfill = new BulkExport("backfill", {
  destinationId: destination.id,
  projectId,
  startTime: config.require("backfillStart"),
  endTime: scheduleStart,
  waitForCompletion: true,
});

export const destinationId = destination.id;
export const scheduledExportId = scheduled.id;
export const scheduledStatus = scheduled.status;
export const backfillStatus = backfill.status;
export const backfillRows = backfill.runs.apply((runs) => runs.rowsWritten);
