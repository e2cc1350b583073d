/**
 * `GET /api/v1/settings`: the caller's workspace as the prompt hub knows it
 * (`Tenant`: `id`, `display_name`, `created_at`, `tenant_handle`). The SDKs
 * read it before any prompt write, to tell the workspace's own prompts
 * (owner `-` or its handle) from another's.
 *
 * What the service does that the document cannot say:
 * - It answers for the workspace the key (or `X-Tenant-Id`) selects; an
 *   organization-scoped key without one is refused as elsewhere (403).
 * - `tenant_handle` is the workspace's handle, `null` until it has one (the
 *   seeded workspaces have none; a workspace created with `tenant_handle`
 *   has it).
 * - Any key of the workspace may read it: it needs no permission beyond
 *   reading prompts (`prompts:read`).
 */
import type { FastifyInstance } from "fastify";
import type { EmulatorContext } from "../../core/context";
import { kindRecords } from "../../kinds/records";
import { authenticateFor } from "../../kinds/scopeAuth";

/** When a seeded workspace (one with no stored record) was created, as the workspace list answers it. */
const SEEDED_CREATED_AT = "2024-01-01T00:00:00.000Z";

/** Registers `GET /api/v1/settings`. */
export function registerSettingsRoute(app: FastifyInstance, ctx: EmulatorContext): void {
  app.get("/api/v1/settings", async (request) => {
    const { auth, scopeId } = authenticateFor(ctx, request, "workspace", "prompts:read");
    const stored = kindRecords(ctx, "workspaces").find((r) => r.id === scopeId);
    const handle = stored?.wire["tenant_handle"];
    return {
      id: scopeId,
      display_name: String(stored?.wire["display_name"] ?? auth.workspace?.name ?? ""),
      created_at: String(stored?.wire["created_at"] ?? SEEDED_CREATED_AT),
      tenant_handle: typeof handle === "string" && handle !== "" ? handle : null,
    };
  });
}
