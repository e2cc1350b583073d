/**
 * A dataset's public share (`/api/v1/datasets/{dataset_id}/share`, with
 * `X-Tenant-Id`) and the workspace's shares (`/api/v1/workspaces/current/shared`):
 * a share token anyone can read the dataset with, at the service's public
 * routes (`/api/v1/public/{share_token}/...`).
 *
 * What the service does that the contract cannot say (the emulator's
 * choices where nothing public says it):
 * - `PUT .../share` shares the dataset and answers `{dataset_id,
 *   share_token}`; a dataset already shared keeps its token (the PUT is
 *   idempotent) and takes the new `share_projects` (default false: whether
 *   its experiments are shared too), which no answer carries.
 * - `GET .../share` answers the share, or `null` for a dataset not shared;
 *   `DELETE .../share` unshares (the token stops working) and answers
 *   `null`, shared or not. Each answers 404 for a dataset the workspace does
 *   not have; deleting the dataset unshares it.
 * - The workspace's list answers `{entities}`: each dataset share as
 *   `{type: "dataset", share_token, created_at, dataset_id, dataset_name}`,
 *   oldest first, paged by `limit` (1..100, default 50) and `offset`. The
 *   emulator shares no runs.
 * - Permissions: `datasets:read` to read; `datasets:share` (or
 *   `datasets:update`) to share and unshare; `workspaces:read` for the list.
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import type { KindRecord } from "../../core/types";
import { detailError, type FastApiValidationError } from "../../http/errors";
import { boolQuery, intQuery, type RawQuery, throwIfInvalid, uuidPathParam } from "../../http/params";
import { kindRecords } from "../../kinds/records";
import { authenticateFor } from "../../kinds/scopeAuth";
import { DATASETS } from "../datasets";

/** Where the shares are kept: one record per shared dataset, under the dataset (deleting it deletes the share). */
const SHARES_KIND = "datasetShares";

const WRITE = ["datasets:share", "datasets:update"] as const;

/** The dataset the path names in the caller's workspace (404 otherwise). */
function datasetOf(ctx: EmulatorContext, scopeId: string, params: unknown): KindRecord {
  const id = uuidPathParam(params, "dataset_id");
  const dataset = kindRecords(ctx, DATASETS.name).find((record) => record.id === id && record.scopeId === scopeId);
  if (dataset === undefined) throw detailError(404, `Dataset ${id} not found`);
  return dataset;
}

/** The dataset's share, if it is shared. */
function shareOf(ctx: EmulatorContext, dataset: KindRecord): KindRecord | undefined {
  return kindRecords(ctx, SHARES_KIND).find((record) => record.parentId === dataset.id);
}

/** A share as `GET` and `PUT` answer it. */
const answerOf = (share: KindRecord): Record<string, unknown> => ({ dataset_id: share.parentId, share_token: share.wire["share_token"] });

/** Registers the share routes of a dataset and the workspace's list of shares. */
export function registerDatasetShareRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const path = "/api/v1/datasets/:dataset_id/share";
  app.get(path, async (request) => {
    const { scopeId } = authenticateFor(ctx, request, "workspace", "datasets:read");
    const share = shareOf(ctx, datasetOf(ctx, scopeId, request.params));
    return share === undefined ? null : answerOf(share);
  });
  app.put(path, async (request) => {
    const { scopeId } = authenticateFor(ctx, request, "workspace", WRITE);
    const dataset = datasetOf(ctx, scopeId, request.params);
    const errors: FastApiValidationError[] = [];
    const shareProjects = boolQuery((request.query ?? {}) as RawQuery, "share_projects", errors) ?? false;
    throwIfInvalid(errors);
    let share = shareOf(ctx, dataset);
    if (share === undefined) {
      const token = randomUUID();
      share = { id: token, scopeId, parentId: dataset.id, wire: { share_token: token, created_at: new Date(ctx.now()).toISOString() } };
      kindRecords(ctx, SHARES_KIND).push(share);
    }
    share.wire["share_projects"] = shareProjects;
    ctx.store.commit();
    return answerOf(share);
  });
  app.delete(path, async (request) => {
    const { scopeId } = authenticateFor(ctx, request, "workspace", WRITE);
    const dataset = datasetOf(ctx, scopeId, request.params);
    ctx.store.state.objects[SHARES_KIND] = kindRecords(ctx, SHARES_KIND).filter((record) => record.parentId !== dataset.id);
    ctx.store.commit();
    return null;
  });
  app.get("/api/v1/workspaces/current/shared", async (request) => {
    const { scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:read");
    const query = (request.query ?? {}) as RawQuery;
    const errors: FastApiValidationError[] = [];
    const limit = intQuery(query, "limit", { defaultValue: 50, ge: 1, le: 100 }, errors);
    const offset = intQuery(query, "offset", { defaultValue: 0, ge: 0 }, errors);
    throwIfInvalid(errors);
    const datasets = kindRecords(ctx, DATASETS.name);
    const entities = kindRecords(ctx, SHARES_KIND)
      .filter((share) => share.scopeId === scopeId)
      .map((share) => ({
        type: "dataset",
        share_token: share.wire["share_token"],
        created_at: share.wire["created_at"],
        dataset_id: share.parentId,
        dataset_name: datasets.find((dataset) => dataset.id === share.parentId)?.wire["name"] ?? null,
      }));
    return { entities: entities.slice(offset, offset + limit) };
  });
}
