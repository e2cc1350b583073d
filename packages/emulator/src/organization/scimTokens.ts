/**
 * SCIM tokens (`/api/v1/platform/orgs/current/scim/tokens`, organization
 * scoped): the bearer tokens an identity provider provisions users with.
 * Served by a Go service: a malformed request is a 400, every error
 * `{"error": "..."}`.
 *
 * What the service does that the contract cannot say:
 * - The token is answered once, as `token` in the create answer (201); the
 *   emulator keeps only its SHA-256 digest, so no read or list shows it.
 *   Every answer shows `short_token`, its prefix and last characters.
 * - `description` is the only input, changed in place by `PATCH`; it
 *   defaults to `""`.
 * - `last_used_at` stays `""`: the emulator serves no SCIM endpoint a token
 *   could be used on.
 * - The list is every token of the organization, no paging; `DELETE`
 *   answers 204.
 * - Permissions: `organization:read` to read, `organization:manage` to write.
 */
import { randomBytes } from "node:crypto";
import { keyDigest } from "../http/auth";
import type { KindRecord } from "../core/types";
import { zScimCreateScimTokenPayload, zScimUpdateScimTokenPayload } from "../wire/additions";
import { defineKind } from "../kinds/declaration";

/** Makes the token of a stored record: its digest and `short_token` are kept, the token itself is answered this once. */
function issueToken(record: KindRecord): Record<string, unknown> {
  const token = `lsv2_scim_${randomBytes(24).toString("hex")}`;
  record.wire["token_digest"] = keyDigest(token);
  record.wire["short_token"] = `${token.slice(0, 10)}...${token.slice(-4)}`;
  return { token };
}

/** The SCIM token kind. */
export const SCIM_TOKENS = defineKind({
  name: "scimTokens",
  noun: "SCIM token",
  scope: "organization",
  collection: "/api/v1/platform/orgs/current/scim/tokens",
  idParam: "scim_token_id",
  errors: "go",
  permissions: { read: "organization:read", write: "organization:manage" },
  create: {
    schema: zScimCreateScimTokenPayload,
    status: 201,
    defaults: { description: "", last_used_at: "" },
    answerExtras: issueToken,
  },
  get: true,
  patch: { schema: zScimUpdateScimTokenPayload },
  delete: { answer: "none" },
  hidden: ["token_digest"],
});
