/**
 * Prompt webhooks (`/api/v1/prompt-webhooks`, with `X-Tenant-Id`): a URL
 * the service calls (POST, with the event as JSON) when a prompt of the
 * workspace gets a commit or a tag is created or moved.
 *
 * What the service does that the contract cannot say:
 * - `headers` (e.g. an `Authorization` token) are secrets: stored
 *   encrypted, and every answer shows their names with each value as
 *   `****`. (The service shows the values to callers who may update
 *   prompts; the emulator shows them to nobody, so a client never depends
 *   on reading one back. The control handle's `promptWebhookHeaders` reads
 *   them for tests.) A masked value sent back (`****`) answers 400: send
 *   the real value, or leave `headers` out to keep them.
 * - `triggers` default to every event (`commit`, `tag:create`,
 *   `tag:update`); an empty list never fires. `include_prompts` (only
 *   these) and `exclude_prompts` (all but these) hold prompt ids, not
 *   checked against the workspace's prompts; `null` means none given.
 * - A `PATCH` changes what it sends: `headers` replace all the headers,
 *   the prompt lists replace theirs; a field left out or sent as `null` is
 *   kept. `DELETE` answers `null`.
 * - The emulator sends no calls.
 * - Permissions: `prompts:read` to read, `prompts:update` to write.
 */
import { detailError } from "../http/errors";
import { zPromptWebhookCreate, zPromptWebhookUpdate } from "../wire/tracingAndEvaluation";
import { defineKind } from "../kinds/declaration";

/** What a masked value looks like in an answer. */
const MASK = "****";

/** Refuses headers holding a masked value read back from an answer. */
function refuseMaskedHeaders(headers: unknown): void {
  if (headers === null || typeof headers !== "object") return;
  const masked = Object.entries(headers as Record<string, unknown>)
    .filter(([, value]) => value === MASK)
    .map(([name]) => name);
  if (masked.length > 0)
    throw detailError(400, `headers ${masked.join(", ")}: "${MASK}" is a masked value from a read; send the real value, or leave headers out to keep them`);
}

/** The prompt webhook kind. */
export const PROMPT_WEBHOOKS = defineKind({
  name: "promptWebhooks",
  noun: "Prompt webhook",
  scope: "workspace",
  collection: "/api/v1/prompt-webhooks",
  idParam: "webhook_id",
  permissions: { read: "prompts:read", write: "prompts:update" },
  create: {
    schema: zPromptWebhookCreate,
    acceptsId: true,
    defaults: { headers: null, include_prompts: null, exclude_prompts: null, triggers: ["commit", "tag:create", "tag:update"] },
    derive(body, call) {
      refuseMaskedHeaders(body["headers"]);
      return { tenant_id: call.scopeId };
    },
  },
  get: true,
  patch: {
    schema: zPromptWebhookUpdate,
    ignoreNull: true,
    derive(changes) {
      refuseMaskedHeaders(changes["headers"]);
      return {};
    },
  },
  delete: { answer: "empty" },
  masked: ["headers"],
});
