import * as pulumi from "@pulumi/pulumi";
import * as core from "../../provider/exports/invokes";
import type { BulkExportInfo, BulkExportRunInfo, GetBulkExportArgs } from "../../provider/exports/invokes";
import { invokeClient } from "./invokeClient";

export type { BulkExportInfo, BulkExportRunInfo, GetBulkExportArgs } from "../../provider/exports/invokes";

/** A bulk export by id (`GET /api/v1/bulk-exports/{id}`), or `undefined` when there is none in the workspace. */
export async function getBulkExport(args: GetBulkExportArgs): Promise<BulkExportInfo | undefined> {
  return core.getBulkExport(await invokeClient(), args);
}

/** {@link getBulkExport} as an `Output`. */
export function getBulkExportOutput(args: pulumi.Input<GetBulkExportArgs>): pulumi.Output<BulkExportInfo | undefined> {
  return pulumi.output(args).apply((resolved) => getBulkExport(resolved as GetBulkExportArgs));
}

/** The runs of a bulk export, oldest first (`GET /api/v1/bulk-exports/{id}/runs`). */
export async function getBulkExportRuns(args: GetBulkExportArgs): Promise<BulkExportRunInfo[]> {
  return core.getBulkExportRuns(await invokeClient(), args);
}

/** {@link getBulkExportRuns} as an `Output`. */
export function getBulkExportRunsOutput(args: pulumi.Input<GetBulkExportArgs>): pulumi.Output<BulkExportRunInfo[]> {
  return pulumi.output(args).apply((resolved) => getBulkExportRuns(resolved as GetBulkExportArgs));
}
