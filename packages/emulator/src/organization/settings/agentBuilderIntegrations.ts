/**
 * A workspace's agent-builder integrations (`/v1/agent-builder/integrations`,
 * at the origin, with `X-Tenant-Id`): whether the integrations agents may use
 * are enabled by default, and the workspace's overrides per integration.
 * Served by a Go service: a malformed request is a 400, every error
 * `{"error": "..."}`.
 *
 * What the service does that the contract cannot say (the emulator's
 * choices where nothing public says it):
 * - Every workspace has the document: before any `PUT`, `GET` answers the
 *   defaults, every integration enabled (`integrations_enabled_by_default:
 *   true`, no overrides). There is no delete.
 * - `PUT` replaces the policy and every override (a field left out is
 *   `false` / `[]`, as Go decodes it); an override of an integration the
 *   catalogue does not have, or two of one integration, is a 400.
 * - The catalogue (`integration_catalog`) is fixed: each entry's
 *   `can_invoke` is its override's `is_enabled`, else the default.
 * - No credential is kept: the document has no secret field.
 * - Permissions: `workspaces:read` to read, `workspaces:manage` to write.
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { HttpError } from "../../http/errors";
import { parseBody } from "../../http/validation";
import { goErrorHandler, withoutNulls } from "../../kinds/goErrors";
import { kindRecords } from "../../kinds/records";
import { authenticateFor } from "../../kinds/scopeAuth";
import { zIntegrationsAgentBuilderIntegrationsUpdatePayload } from "../../wire/additions";

const PATH = "/v1/agent-builder/integrations";
const RECORDS = "agentBuilderIntegrations";

/** The integrations agents may use, as the catalogue lists them. */
const CATALOGUE: readonly { id: string; key: string; display_name: string }[] = [
  { id: "6f1c2a4e-0001-4000-8000-000000000001", key: "github", display_name: "GitHub" },
  { id: "6f1c2a4e-0001-4000-8000-000000000002", key: "gmail", display_name: "Gmail" },
  { id: "6f1c2a4e-0001-4000-8000-000000000003", key: "google_calendar", display_name: "Google Calendar" },
  { id: "6f1c2a4e-0001-4000-8000-000000000004", key: "linear", display_name: "Linear" },
  { id: "6f1c2a4e-0001-4000-8000-000000000005", key: "slack", display_name: "Slack" },
];

interface Override {
  integration_key: string;
  is_enabled: boolean;
}

/** The document as answered. */
function answerOf(enabledByDefault: boolean, overrides: readonly Override[]): Record<string, unknown> {
  return {
    integrations_enabled_by_default: enabledByDefault,
    integration_overrides: overrides.map((o) => ({ ...o })),
    integration_catalog: CATALOGUE.map((entry) => ({
      ...entry,
      can_invoke: overrides.find((o) => o.integration_key === entry.key)?.is_enabled ?? enabledByDefault,
    })),
  };
}

/** Registers the agent-builder integrations routes. */
export function registerAgentBuilderIntegrationRoutes(app: FastifyInstance, ctx: EmulatorContext): void {
  const errorHandler = goErrorHandler("go");
  const stored = (workspaceId: string) => kindRecords(ctx, RECORDS).find((r) => r.id === workspaceId);

  app.get(PATH, { errorHandler }, async (request) => {
    const { scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:read");
    const record = stored(scopeId);
    return record === undefined
      ? answerOf(true, [])
      : answerOf(record.wire["integrations_enabled_by_default"] === true, record.wire["integration_overrides"] as Override[]);
  });

  app.put(PATH, { errorHandler }, async (request) => {
    const { scopeId } = authenticateFor(ctx, request, "workspace", "workspaces:manage");
    const body = parseBody(zIntegrationsAgentBuilderIntegrationsUpdatePayload, withoutNulls(request.body));
    const overrides = (body.integration_overrides ?? []).map((o) => ({ integration_key: o.integration_key ?? "", is_enabled: o.is_enabled ?? false }));
    for (const [i, override] of overrides.entries()) {
      if (!CATALOGUE.some((entry) => entry.key === override.integration_key))
        throw new HttpError(400, { error: `integration_overrides[${i}]: no integration "${override.integration_key}" in the catalogue` });
      if (overrides.findIndex((o) => o.integration_key === override.integration_key) !== i)
        throw new HttpError(400, { error: `integration_overrides[${i}]: integration "${override.integration_key}" is overridden twice` });
    }
    const enabledByDefault = body.integrations_enabled_by_default ?? false;
    const records = kindRecords(ctx, RECORDS);
    const record = stored(scopeId);
    const wire = { integrations_enabled_by_default: enabledByDefault, integration_overrides: overrides };
    if (record === undefined) records.push({ id: scopeId, scopeId, parentId: null, wire });
    else record.wire = wire;
    ctx.store.commit();
    return answerOf(enabledByDefault, overrides);
  });
}
