/**
 * Bulk-export (export job) endpoints of the REST API (`<apiUrl>/bulk-exports`,
 * where `apiUrl` ends in `/api/v1`). There is no DELETE and no general PATCH:
 * a bulk export can only be cancelled.
 */
import { EndpointGroup, defineEndpoint, subject } from "./endpoint";
import type { RequestOptions } from "./options";
import {
  type BulkExport,
  BulkExportListSchema,
  type BulkExportRun,
  BulkExportRunListSchema,
  BulkExportSchema,
  CancelBulkExportRequestSchema,
  type CreateBulkExportRequest,
  CreateBulkExportRequestSchema,
} from "./schemas/bulkExports";

/** The endpoints of {@link BulkExportsApi}. */
export const BULK_EXPORT_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/bulk-exports", request: CreateBulkExportRequestSchema, response: BulkExportSchema }),
  list: defineEndpoint({ method: "GET", path: "/bulk-exports", response: BulkExportListSchema }),
  get: defineEndpoint({ method: "GET", path: "/bulk-exports/{bulkExportId}", response: BulkExportSchema }),
  cancel: defineEndpoint({ method: "PATCH", path: "/bulk-exports/{bulkExportId}", request: CancelBulkExportRequestSchema, response: BulkExportSchema }),
  runs: defineEndpoint({ method: "GET", path: "/bulk-exports/{bulkExportId}/runs", response: BulkExportRunListSchema }),
} as const;
const E = BULK_EXPORT_ENDPOINTS;

/** Client for bulk exports. Obtain it as `client.bulkExports`. */
export class BulkExportsApi extends EndpointGroup {
  /** `POST /bulk-exports` (200): starts a one-off export of a window, or a scheduled one with `interval_hours`. Not idempotent. */
  create(body: CreateBulkExportRequest, options?: RequestOptions): Promise<BulkExport> {
    return this.call(E.create, { action: `creating bulk export ${options?.name !== undefined ? `"${options.name}"` : `of project ${body.session_id}`}`, body, options });
  }

  /** `GET /bulk-exports`: every bulk export of the workspace (a bare array). */
  list(options?: RequestOptions): Promise<BulkExport[]> {
    return this.call(E.list, { action: "listing bulk exports", options });
  }

  /** `GET /bulk-exports/{id}`. */
  get(bulkExportId: string, options?: RequestOptions): Promise<BulkExport> {
    return this.call(E.get, { action: `reading bulk export ${subject(bulkExportId, options)}`, params: { bulkExportId }, options });
  }

  /** `PATCH /bulk-exports/{id}` with `status: Cancelled`: the only change the service allows. Not idempotent on the wire, harmless to repeat. */
  cancel(bulkExportId: string, options?: RequestOptions): Promise<BulkExport> {
    return this.call(E.cancel, { action: `cancelling bulk export ${subject(bulkExportId, options)}`, params: { bulkExportId }, body: { status: "Cancelled" }, options });
  }

  /** `GET /bulk-exports/{id}/runs`: the runs of a bulk export, one per time window. */
  runs(bulkExportId: string, options?: RequestOptions): Promise<BulkExportRun[]> {
    return this.call(E.runs, { action: `listing runs of bulk export ${subject(bulkExportId, options)}`, params: { bulkExportId }, options });
  }
}
