/**
 * Hub environments (`/api/v1/hub/environments`, with `X-Tenant-Id`): the
 * workspace's list of prompt environments (e.g. `staging`, `production`),
 * which the prompt hub promotes commits through. Served by a Go service: a
 * malformed request is a 400, every error `{"error": "..."}`.
 *
 * What the service does that the contract cannot say (the emulator's choices
 * where nothing public says it):
 * - A workspace has at most one record: a second `POST` answers 409 (the
 *   contract lists the status). `GET` answers the record, or 404 while the
 *   workspace has none (it then uses the service's defaults).
 * - `PATCH /{id}` replaces the whole `environments` array (at most 4
 *   entries); `DELETE /{id}` removes the record, so the workspace returns to
 *   the defaults, and answers `{}`.
 * - Names are 1 to 64 characters (the contract's bounds); the same name
 *   twice in one list is refused (400): an environment is known by its name.
 * - Permissions: `prompts:read` to read, `prompts:update` to write.
 */
import { HttpError } from "../../http/errors";
import { zHubEnvironmentsCreateEnvironmentsRequest, zHubEnvironmentsUpdateEnvironmentsRequest } from "../../wire/additions";
import { defineKind } from "../../kinds/declaration";
import type { KindCall } from "../../kinds/kindCall";
import { kindRecords } from "../../kinds/records";

const KIND_NAME = "hubEnvironments";

/** Refuses a list naming one environment twice. */
function checkNames(body: Record<string, unknown>): void {
  const entries = Array.isArray(body["environments"]) ? (body["environments"] as { name?: unknown }[]) : [];
  const names = entries.map((entry) => String(entry.name));
  const twice = names.find((name, index) => names.indexOf(name) !== index);
  if (twice !== undefined) throw new HttpError(400, { error: `environment ${JSON.stringify(twice)} is named twice` });
}

/** Refuses a second record in the workspace. */
function refuseSecond(call: KindCall): void {
  if (kindRecords(call.ctx, KIND_NAME).some((record) => record.scopeId === call.scopeId)) {
    throw new HttpError(409, { error: "hub environments already exist for this workspace: update them instead" });
  }
}

/** The hub environments kind: one record per workspace. */
export const HUB_ENVIRONMENTS = defineKind({
  name: KIND_NAME,
  noun: "hub environments",
  scope: "workspace",
  collection: "/api/v1/hub/environments",
  idParam: "id",
  errors: "go",
  permissions: { read: "prompts:read", write: "prompts:update" },
  create: {
    schema: zHubEnvironmentsCreateEnvironmentsRequest,
    derive: (body, call) => {
      checkNames(body);
      refuseSecond(call);
      return {};
    },
  },
  patch: { schema: zHubEnvironmentsUpdateEnvironmentsRequest, check: (body) => checkNames(body) },
  delete: { answer: "emptyObject" },
  timestamps: false,
  listAnswer: (objects) => {
    const record = objects[0];
    if (record === undefined) throw new HttpError(404, { error: "no hub environments configured for this workspace" });
    return record;
  },
});
