/**
 * The paged lists of the control plane, `GET /v2/deployments` and
 * `GET /v2/deployments/{id}/revisions`: query parameters read as the contract
 * declares them (422 otherwise), filters applied, and `{resources, offset}`
 * answered with `offset` the offset of the next page.
 */
import type { EmulatorContext } from "../core/context";
import { renderDeployment, renderRevision, statusOfDeployment } from "./deploymentWire";
import { deploymentRevisions, workspaceDeployments } from "./deploymentStore";
import type { FastApiValidationError } from "../http/errors";
import { boolQuery, enumQuery, intQuery, type RawQuery, stringQuery, throwIfInvalid } from "../http/params";
import { currentTransition } from "./revisions";
import { DEPLOYMENT_TYPES } from "./deploymentSchemas";
import type { DeploymentRecord, RevisionRecord } from "../core/types";

/** Default page size of the deployments and revisions lists. */
export const DEFAULT_PAGE_LIMIT = 20;
/** Largest accepted `limit`. */
export const MAX_PAGE_LIMIT = 100;

/** A page of a list, as the service answers it. */
export interface Page {
  /** The items of this page. */
  resources: Record<string, unknown>[];
  /** Offset of the next page (the request's offset plus the number of items). */
  offset: number;
}

function pageParams(query: RawQuery, errors: FastApiValidationError[]): { limit: number; offset: number } {
  const limit = intQuery(query, "limit", { defaultValue: DEFAULT_PAGE_LIMIT, ge: 1, le: MAX_PAGE_LIMIT }, errors);
  const offset = intQuery(query, "offset", { defaultValue: 0, ge: 0 }, errors);
  return { limit, offset };
}

function page<T>(items: T[], limit: number, offset: number, render: (item: T) => Record<string, unknown>): Page {
  const slice = items.slice(offset, offset + limit);
  return { resources: slice.map(render), offset: offset + slice.length };
}

/**
 * `remote_reconciled`: every emulated deployment and revision counts as
 * reconciled with its remote, so `false` matches nothing.
 */
function reconciledFilter(query: RawQuery, errors: FastApiValidationError[]): boolean {
  return boolQuery(query, "remote_reconciled", errors) !== false;
}

type DeploymentFilter = (deployment: DeploymentRecord) => boolean;

function deploymentFilters(ctx: EmulatorContext, query: RawQuery, errors: FastApiValidationError[]): DeploymentFilter[] {
  // `name` (exact match) is NOT in the published contract: it is a
  // non-contract extension kept for clients written against the spec, which
  // the real service would ignore. `name_contains` is the contract's filter.
  const name = stringQuery(query, "name");
  const nameContains = stringQuery(query, "name_contains")?.toLowerCase();
  const status = stringQuery(query, "status");
  const imageVersion = stringQuery(query, "image_version");
  const deploymentType = enumQuery(query, "deployment_type", DEPLOYMENT_TYPES, errors);
  // A comma-separated string in the contract (not a repeated parameter).
  const ids = stringQuery(query, "deployment_ids")
    ?.split(",")
    .map((id) => id.trim().toLowerCase())
    .filter((id) => id !== "");
  // The emulator keeps no tags: filtering by any tag value matches nothing.
  const tagValueIds = stringQuery(query, "tag_value_ids")?.trim();
  const reconciled = reconciledFilter(query, errors);
  return [
    () => reconciled,
    () => tagValueIds === undefined || tagValueIds === "",
    (d) => name === undefined || d.name === name,
    (d) => nameContains === undefined || d.name.toLowerCase().includes(nameContains),
    (d) => deploymentType === undefined || d.sourceConfig["deployment_type"] === deploymentType,
    (d) => ids === undefined || ids.includes(d.id),
    (d) => status === undefined || statusOfDeployment(ctx, d) === status,
    (d) => imageVersion === undefined || renderDeployment(ctx, d)["image_version"] === imageVersion,
  ];
}

/** `GET /v2/deployments`: the workspace's deployments, newest first, filtered and paged. */
export function listDeployments(ctx: EmulatorContext, tenantId: string, query: RawQuery): Page {
  const errors: FastApiValidationError[] = [];
  const { limit, offset } = pageParams(query, errors);
  const filters = deploymentFilters(ctx, query, errors);
  throwIfInvalid(errors);
  const matching = workspaceDeployments(ctx.store.state, tenantId, ctx.now())
    .filter((d) => filters.every((f) => f(d)))
    .sort((a, b) => b.createdAtMs - a.createdAtMs);
  return page(matching, limit, offset, (d) => renderDeployment(ctx, d));
}

/** `GET /v2/deployments/{id}/revisions`: the deployment's revisions, newest first, filtered by `status` and paged. */
export function listRevisions(ctx: EmulatorContext, deployment: DeploymentRecord, query: RawQuery): Page {
  const errors: FastApiValidationError[] = [];
  const { limit, offset } = pageParams(query, errors);
  const status = stringQuery(query, "status");
  const reconciled = reconciledFilter(query, errors);
  throwIfInvalid(errors);
  const nowMs = ctx.now();
  const matching = deploymentRevisions(ctx.store.state, deployment.id).filter(
    (r: RevisionRecord) => reconciled && (status === undefined || currentTransition(r, nowMs).status === status),
  );
  return page(matching, limit, offset, (r) => renderRevision(r, nowMs));
}
