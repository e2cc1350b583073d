import * as pulumi from "@pulumi/pulumi";
import { BULK_EXPORT_OUTPUT_SPECS } from "../../provider/exports/bulkExport/outputs";
import { unsetOutputs } from "../../provider/engine/state/outputs";
import { providerShim } from "./providerShim";

/** Inputs of {@link BulkExport}. Every input the service sees replaces the export when it changes (create the new one, then cancel the old one). */
export interface BulkExportArgs {
  /** Destination to write to, usually a `BulkExportDestination`'s `id` (a UUID). */
  destinationId: pulumi.Input<string>;
  /** Tracing project whose runs are exported (a UUID; the API's `session_id`). */
  projectId: pulumi.Input<string>;
  /** Start of the exported window, ISO 8601 with a zone (e.g. `2026-11-01T00:00:00Z`); for a scheduled export, when the schedule starts. */
  startTime: pulumi.Input<string>;
  /** End of the window of a one-off export, ISO 8601. Default: unset (up to now, or scheduled). Excludes `intervalHours`. */
  endTime?: pulumi.Input<string>;
  /** Export every this many hours (1 to 168, a week): a scheduled export. Default: unset (one-off). Excludes `endTime`. */
  intervalHours?: pulumi.Input<number>;
  /** Which runs to export, in LangSmith's filter language, e.g. `eq(run_type, "llm")`. Default: every run. */
  filter?: pulumi.Input<string>;
  /** Run fields (columns) to export. Default: every field. */
  exportFields?: pulumi.Input<pulumi.Input<string>[]>;
  /** File format. Default `"Parquet"` (the only one). */
  format?: pulumi.Input<"Parquet">;
  /** File layout version. Default `"v1"`. */
  formatVersion?: pulumi.Input<"v1" | "v2_beta">;
  /** Compression of the files. Default `"gzip"`. */
  compression?: pulumi.Input<"none" | "gzip" | "snappy" | "zstandard">;
  /** One-off exports only: create waits until the export has ended, logging its runs' progress. Default `false`. */
  waitForCompletion?: pulumi.Input<boolean>;
  /** Deadline of that wait, in seconds. Default: `langsmith:deployTimeoutSeconds`, else 1800. */
  completionTimeoutSeconds?: pulumi.Input<number>;
}

/** What the runs of an export add up to. */
export interface BulkExportRunsSummary {
  /** Number of runs (time windows) so far. */
  count: number;
  /** Status of the newest run. */
  lastRunStatus?: string;
  /** Rows written by all runs. */
  rowsWritten: number;
  /** Files written by all runs. */
  filesWritten: number;
  /** Where the newest run wrote. */
  lastExportPath?: string;
}

/**
 * A LangSmith bulk export: the runs of a tracing project written into a
 * destination, once for a time window or every `intervalHours`. The service
 * cannot change an export, only cancel it: every change of an input is a
 * replacement (the new export is created, then the old one cancelled), and
 * delete cancels it (an export that already ended is only dropped from the
 * stack). The resource id is the export's id.
 */
export class BulkExport extends pulumi.dynamic.Resource {
  declare readonly destinationId: pulumi.Output<string>;
  declare readonly projectId: pulumi.Output<string>;
  declare readonly startTime: pulumi.Output<string>;
  declare readonly endTime: pulumi.Output<string | undefined>;
  declare readonly intervalHours: pulumi.Output<number | undefined>;
  declare readonly filter: pulumi.Output<string | undefined>;
  declare readonly exportFields: pulumi.Output<string[] | undefined>;
  declare readonly format: pulumi.Output<string>;
  declare readonly formatVersion: pulumi.Output<string>;
  declare readonly compression: pulumi.Output<string>;
  /** `Created`, `Running`, `IntervalScheduled`, `Completed`, `Failed`, `TimedOut` or `Cancelled`, when last observed. */
  declare readonly status: pulumi.Output<string>;
  /** The runs so far: count, newest status, rows and files written, newest export path. */
  declare readonly runs: pulumi.Output<BulkExportRunsSummary>;
  /** Workspace the export belongs to. */
  declare readonly tenantId: pulumi.Output<string | null>;
  /** Creation time (ISO 8601). */
  declare readonly createdAt: pulumi.Output<string | null>;
  /** Time of the last change seen (ISO 8601). */
  declare readonly updatedAt: pulumi.Output<string | null>;
  /** When the export ended (ISO 8601), if it has. */
  declare readonly finishedAt: pulumi.Output<string | null>;
  /** What the last create or update did, in plain words. */
  declare readonly lastOperation: pulumi.Output<string>;
  /** Version of the state layout. */
  declare readonly stateVersion: pulumi.Output<number>;

  constructor(name: string, args: BulkExportArgs, opts?: pulumi.CustomResourceOptions) {
    const props: Record<string, unknown> = {
      ...args,
      // Every output of the resource, unset until the provider answers (provider/bulkExport/outputs.ts).
      ...unsetOutputs(BULK_EXPORT_OUTPUT_SPECS),
    };
    super(providerShim("bulkExport"), name, props, opts, "langsmith", "BulkExport");
  }
}
