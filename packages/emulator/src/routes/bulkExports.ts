import type { FastifyInstance } from "fastify";
import { cancelBulkExport, createBulkExport, findBulkExport } from "../bulkExports";
import { renderBulkExport, renderBulkExportRun } from "../bulkExportWire";
import type { EmulatorContext } from "../context";
import { detailError, type FastApiValidationError } from "../errors";
import { type RawQuery, throwIfInvalid, uuidPathParam, uuidQuery } from "../params";
import { bulkExportCreateSchema, bulkExportUpdateSchema } from "../schemas";
import type { BulkExportRecord } from "../types";
import { parseBody } from "../validation";
import { restTenantOf } from "./destinations";

/** Path of the bulk exports collection. */
export const BULK_EXPORTS_PATH = "/api/v1/bulk-exports";

/**
 * Registers the bulk-export (export job) routes of the REST API: create,
 * list, read, cancel and runs. Writing needs the same permissions as
 * destinations. Static paths (`/destinations`, `/runs`) win over
 * `/{bulk_export_id}` in the router, as in the service.
 */
export function registerBulkExportRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const p = BULK_EXPORTS_PATH;
  const run = (record: BulkExportRecord, nowMs: number): Record<string, unknown> =>
    renderBulkExportRun(record, ctx.store.state.destinations.find((d) => d.id === record.destinationId), nowMs);

  app.post(p, async (request) => {
    const tenantId = restTenantOf(ctx, request, true);
    const body = parseBody(bulkExportCreateSchema, request.body);
    return renderBulkExport(createBulkExport(ctx, tenantId, body), ctx.now());
  });

  app.get(p, async (request) => {
    const tenantId = restTenantOf(ctx, request, false);
    const nowMs = ctx.now();
    return ctx.store.state.bulkExports
      .filter((b) => b.tenantId === tenantId)
      .sort((a, b) => b.createdAtMs - a.createdAtMs)
      .map((b) => renderBulkExport(b, nowMs));
  });

  app.get(`${p}/runs`, async (request) => {
    const tenantId = restTenantOf(ctx, request, false);
    const errors: FastApiValidationError[] = [];
    const sourceId = uuidQuery((request.query ?? {}) as RawQuery, "source_bulk_export_id", errors);
    throwIfInvalid(errors);
    const nowMs = ctx.now();
    return ctx.store.state.bulkExports
      .filter((b) => b.tenantId === tenantId && (b.id === sourceId || b.sourceBulkExportId === sourceId))
      .map((b) => run(b, nowMs));
  });

  app.get(`${p}/:bulk_export_id`, async (request) => {
    const tenantId = restTenantOf(ctx, request, false);
    const id = uuidPathParam(request.params, "bulk_export_id");
    return renderBulkExport(findBulkExport(ctx.store.state, tenantId, id), ctx.now());
  });

  app.patch(`${p}/:bulk_export_id`, async (request) => {
    const tenantId = restTenantOf(ctx, request, true);
    const id = uuidPathParam(request.params, "bulk_export_id");
    parseBody(bulkExportUpdateSchema, request.body);
    const record = findBulkExport(ctx.store.state, tenantId, id);
    cancelBulkExport(ctx, record);
    return renderBulkExport(record, ctx.now());
  });

  app.get(`${p}/:bulk_export_id/runs`, async (request) => {
    const tenantId = restTenantOf(ctx, request, false);
    const id = uuidPathParam(request.params, "bulk_export_id");
    return [run(findBulkExport(ctx.store.state, tenantId, id), ctx.now())];
  });

  app.get(`${p}/:bulk_export_id/runs/:run_id`, async (request) => {
    const tenantId = restTenantOf(ctx, request, false);
    const id = uuidPathParam(request.params, "bulk_export_id");
    const runId = uuidPathParam(request.params, "run_id");
    const record = findBulkExport(ctx.store.state, tenantId, id);
    if (record.runId !== runId) throw detailError(404, "Bulk export run not found");
    return run(record, ctx.now());
  });
}
