/**
 * The BulkExport's endpoints (`<apiUrl>/bulk-exports`, where `apiUrl` ends
 * in `/api/v1`), declared like every kind's over the generated wire types
 * (`client/contractTypes/bulkExports.ts` names the response relaxations), and
 * {@link bulkExportCalls}: each as a typed call with the action its errors
 * name. There is no DELETE and no general PATCH: an export can only be
 * cancelled.
 */
import type { LangSmithClient } from "../../client/client";
import { defineEndpoint, subject } from "../../client/endpoint";
import type { RequestOptions } from "../../client/options";
import {
  type BulkExport,
  BulkExportListSchema,
  type BulkExportRun,
  BulkExportRunListSchema,
  BulkExportSchema,
  CancelBulkExportRequestSchema,
  type CreateBulkExportRequest,
  CreateBulkExportRequestSchema,
} from "../../client/contractTypes/bulkExports";

/** The BulkExport's endpoints, below the REST API URL (`client.resources`). */
export const BULK_EXPORT_ENDPOINTS = {
  create: defineEndpoint({ method: "POST", path: "/bulk-exports", request: CreateBulkExportRequestSchema, response: BulkExportSchema }),
  list: defineEndpoint({ method: "GET", path: "/bulk-exports", response: BulkExportListSchema }),
  get: defineEndpoint({ method: "GET", path: "/bulk-exports/{bulkExportId}", response: BulkExportSchema }),
  cancel: defineEndpoint({ method: "PATCH", path: "/bulk-exports/{bulkExportId}", request: CancelBulkExportRequestSchema, response: BulkExportSchema }),
  runs: defineEndpoint({ method: "GET", path: "/bulk-exports/{bulkExportId}/runs", response: BulkExportRunListSchema }),
} as const;
const E = BULK_EXPORT_ENDPOINTS;

/** The BulkExport's endpoints as typed calls: each takes the client first; `options.name` names the export in messages. */
export const bulkExportCalls = {
  /** `POST /bulk-exports` (200): starts a one-off export of a window, or a scheduled one with `interval_hours`. Not idempotent. */
  create(client: LangSmithClient, body: CreateBulkExportRequest, options?: RequestOptions): Promise<BulkExport> {
    return client.resources.call(E.create, {
      action: `creating bulk export ${options?.name !== undefined ? `"${options.name}"` : `of project ${body.session_id}`}`,
      body,
      options,
    });
  },

  /** `GET /bulk-exports`: every bulk export of the workspace (a bare array). */
  list(client: LangSmithClient, options?: RequestOptions): Promise<BulkExport[]> {
    return client.resources.call(E.list, { action: "listing bulk exports", options });
  },

  /** `GET /bulk-exports/{id}`. */
  get(client: LangSmithClient, bulkExportId: string, options?: RequestOptions): Promise<BulkExport> {
    return client.resources.call(E.get, { action: `reading bulk export ${subject(bulkExportId, options)}`, params: { bulkExportId }, options });
  },

  /** `PATCH /bulk-exports/{id}` with `status: Cancelled`: the only change the service allows. Not idempotent on the wire, harmless to repeat. */
  cancel(client: LangSmithClient, bulkExportId: string, options?: RequestOptions): Promise<BulkExport> {
    const action = `cancelling bulk export ${subject(bulkExportId, options)}`;
    return client.resources.call(E.cancel, { action, params: { bulkExportId }, body: { status: "Cancelled" }, options });
  },

  /** `GET /bulk-exports/{id}/runs`: the runs of a bulk export, one per time window. */
  runs(client: LangSmithClient, bulkExportId: string, options?: RequestOptions): Promise<BulkExportRun[]> {
    return client.resources.call(E.runs, { action: `listing runs of bulk export ${subject(bulkExportId, options)}`, params: { bulkExportId }, options });
  },
};
