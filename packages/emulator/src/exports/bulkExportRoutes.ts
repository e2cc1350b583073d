import type { FastifyInstance } from "fastify";
import type { BulkExportRunner } from "./bulkExportRunner";
import { cancelBulkExport, createBulkExport, findBulkExport } from "./bulkExports";
import { renderBulkExport, renderBulkExportRun } from "./bulkExportWire";
import type { EmulatorContext } from "../core/context";
import { detailError, type FastApiValidationError } from "../http/errors";
import { type RawQuery, throwIfInvalid, uuidPathParam, uuidQuery } from "../http/params";
import { bulkExportCreateSchema, bulkExportUpdateSchema } from "./bulkExportSchemas";
import { parseBody } from "../http/validation";
import { restTenantOf } from "./destinationRoutes";

/** Path of the bulk exports collection. */
export const BULK_EXPORTS_PATH = "/api/v1/bulk-exports";

/**
 * Registers the bulk-export (export job) routes of the REST API: create,
 * list, read, cancel and runs. Writing needs the same permissions as
 * destinations. Static paths (`/destinations`, `/runs`) win over
 * `/{bulk_export_id}` in the router, as in the service.
 */
export function registerBulkExportRoutes(app: FastifyInstance, ctx: EmulatorContext, runner: BulkExportRunner): void {
  const p = BULK_EXPORTS_PATH;

  app.post(p, async (request) => {
    const tenantId = restTenantOf(ctx, request, true);
    const body = parseBody(bulkExportCreateSchema, request.body);
    return renderBulkExport(createBulkExport(ctx, runner, tenantId, body));
  });

  app.get(p, async (request) => {
    const tenantId = restTenantOf(ctx, request, false);
    return ctx.store.state.bulkExports
      .filter((b) => b.tenantId === tenantId)
      .sort((a, b) => b.createdAtMs - a.createdAtMs)
      .map((b) => renderBulkExport(b));
  });

  app.get(`${p}/runs`, async (request) => {
    const tenantId = restTenantOf(ctx, request, false);
    const errors: FastApiValidationError[] = [];
    const sourceId = uuidQuery((request.query ?? {}) as RawQuery, "source_bulk_export_id", errors);
    throwIfInvalid(errors);
    return ctx.store.state.bulkExports
      .filter((b) => b.tenantId === tenantId && (b.id === sourceId || b.sourceBulkExportId === sourceId))
      .flatMap((b) => b.runs.map((r) => renderBulkExportRun(b, r)));
  });

  app.get(`${p}/:bulk_export_id`, async (request) => {
    const tenantId = restTenantOf(ctx, request, false);
    const id = uuidPathParam(request.params, "bulk_export_id");
    return renderBulkExport(findBulkExport(ctx.store.state, tenantId, id));
  });

  app.patch(`${p}/:bulk_export_id`, async (request) => {
    const tenantId = restTenantOf(ctx, request, true);
    const id = uuidPathParam(request.params, "bulk_export_id");
    parseBody(bulkExportUpdateSchema, request.body);
    const record = findBulkExport(ctx.store.state, tenantId, id);
    cancelBulkExport(ctx, runner, record);
    return renderBulkExport(record);
  });

  app.get(`${p}/:bulk_export_id/runs`, async (request) => {
    const tenantId = restTenantOf(ctx, request, false);
    const id = uuidPathParam(request.params, "bulk_export_id");
    const record = findBulkExport(ctx.store.state, tenantId, id);
    return record.runs.map((r) => renderBulkExportRun(record, r));
  });

  app.get(`${p}/:bulk_export_id/runs/:run_id`, async (request) => {
    const tenantId = restTenantOf(ctx, request, false);
    const id = uuidPathParam(request.params, "bulk_export_id");
    const runId = uuidPathParam(request.params, "run_id");
    const record = findBulkExport(ctx.store.state, tenantId, id);
    const found = record.runs.find((r) => r.id === runId);
    if (!found) throw detailError(404, "Bulk export run not found");
    return renderBulkExportRun(record, found);
  });
}
