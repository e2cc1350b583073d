/**
 * Feature model configurations (`/api/v1/platform/features`, with
 * `X-Tenant-Id`): per feature of a workspace (e.g. the playground), its
 * default model and the models (or whole providers) it may not use. Served
 * by a Go service: a malformed request is a 400, every error `{"error": "..."}`.
 *
 * What the service does that the contract cannot say (the emulator's
 * choices where nothing public says it):
 * - A feature or model is any identifier: 1 to 200 characters, no
 *   whitespace (400 otherwise). The set of valid features and models is not
 *   published, so none is refused for its name.
 * - `PUT …/{feature}/default-model` `{model}` sets the default (204);
 *   `DELETE` clears it (204, also when none is set). `PUT
 *   …/{feature}/disabled-models` `{model}` disables one more (204; again: no
 *   change); `DELETE …/disabled-models/{model}` enables it again (204, also
 *   when it was not disabled).
 * - `GET /features` lists the features the workspace has configured (a
 *   default or a disabled model); a feature with neither is not listed.
 *   Each entry's `disabled_models` is the effective set: the workspace's
 *   own, then the organization's disabled model providers
 *   (`disabled_model_providers` of `PATCH /api/v1/orgs/current/info`), which
 *   `org_disabled_providers` repeats; a workspace cannot enable those again
 *   (deleting one it also disabled itself removes only its own entry).
 * - Permissions: `workspaces:read` to read, `workspaces:manage` to write.
 */
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { EmulatorContext } from "../../core/context";
import type { KindRecord } from "../../core/types";
import { HttpError } from "../../http/errors";
import { parseBody } from "../../http/validation";
import { goErrorHandler, withoutNulls } from "../../kinds/goErrors";
import { kindRecords } from "../../kinds/records";
import { authenticateFor } from "../../kinds/scopeAuth";
import { zFeaturesDisableModelRequest, zFeaturesUpsertDefaultModelRequest } from "../../wire/additions";

const FEATURES = "/api/v1/platform/features";
const RECORDS = "featureModelConfigs";

/** A feature's or model's identifier, or a 400 naming what is wrong. */
function identifier(what: string, value: unknown): string {
  const text = typeof value === "string" ? value : "";
  if (text.length === 0 || text.length > 200 || /\s/.test(text)) throw new HttpError(400, { error: `${what} must be 1 to 200 characters without whitespace` });
  return text;
}

/** The record of one feature of a workspace, made on first write. */
function recordOf(ctx: EmulatorContext, workspaceId: string, feature: string, create: boolean): KindRecord | undefined {
  const records = kindRecords(ctx, RECORDS);
  const id = `${workspaceId}:${feature}`;
  let record = records.find((r) => r.id === id);
  if (record === undefined && create) {
    record = { id, scopeId: workspaceId, parentId: null, wire: { feature, default_model: "", disabled_models: [] } };
    records.push(record);
  }
  return record;
}

/** The workspace's own disabled models of a record. */
const ownDisabled = (record: KindRecord): string[] => (Array.isArray(record.wire["disabled_models"]) ? (record.wire["disabled_models"] as string[]) : []);

/** One feature as the list answers it: the effective disabled set, and the organization's part of it. */
function answerOf(record: KindRecord, organizationDisabled: readonly string[]): Record<string, unknown> {
  const own = ownDisabled(record);
  return {
    feature: record.wire["feature"],
    default_model: record.wire["default_model"] ?? "",
    disabled_models: [...own, ...organizationDisabled.filter((provider) => !own.includes(provider))],
    org_disabled_providers: [...organizationDisabled],
  };
}

/** The feature path parameter. */
const featureParam = (request: FastifyRequest): string => identifier("feature", (request.params as Record<string, unknown>)["feature"]);

/** Registers the feature model configuration routes. */
export function registerFeatureModelRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const errorHandler = goErrorHandler("go");
  const write = (request: FastifyRequest) => authenticateFor(ctx, request, "workspace", "workspaces:manage");

  app.get(FEATURES, { errorHandler }, async (request) => {
    const { auth, scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:read");
    const setting = auth.organization.settings?.["disabled_model_providers"];
    const organizationDisabled = Array.isArray(setting) ? setting.map(String) : [];
    return kindRecords(ctx, RECORDS)
      .filter((r) => r.scopeId === scopeId && (r.wire["default_model"] !== "" || ownDisabled(r).length > 0))
      .map((r) => answerOf(r, organizationDisabled));
  });

  app.put(`${FEATURES}/:feature/default-model`, { errorHandler }, async (request, reply) => {
    const { scopeId } = write(request);
    const feature = featureParam(request);
    const model = identifier("model", parseBody(zFeaturesUpsertDefaultModelRequest, withoutNulls(request.body)).model);
    (recordOf(ctx, scopeId, feature, true) as KindRecord).wire["default_model"] = model;
    ctx.store.commit();
    return reply.code(204).send();
  });

  app.delete(`${FEATURES}/:feature/default-model`, { errorHandler }, async (request, reply) => {
    const { scopeId } = write(request);
    const record = recordOf(ctx, scopeId, String((request.params as Record<string, unknown>)["feature"]), false);
    if (record !== undefined) {
      record.wire["default_model"] = "";
      ctx.store.commit();
    }
    return reply.code(204).send();
  });

  app.put(`${FEATURES}/:feature/disabled-models`, { errorHandler }, async (request, reply) => {
    const { scopeId } = write(request);
    const feature = featureParam(request);
    const model = identifier("model", parseBody(zFeaturesDisableModelRequest, withoutNulls(request.body)).model);
    const record = recordOf(ctx, scopeId, feature, true) as KindRecord;
    if (!ownDisabled(record).includes(model)) record.wire["disabled_models"] = [...ownDisabled(record), model];
    ctx.store.commit();
    return reply.code(204).send();
  });

  app.delete(`${FEATURES}/:feature/disabled-models/:model`, { errorHandler }, async (request, reply) => {
    const { scopeId } = write(request);
    const feature = featureParam(request);
    const model = identifier("model", (request.params as Record<string, unknown>)["model"]);
    const record = recordOf(ctx, scopeId, feature, false);
    if (record !== undefined) {
      record.wire["disabled_models"] = ownDisabled(record).filter((m) => m !== model);
      ctx.store.commit();
    }
    return reply.code(204).send();
  });
}
