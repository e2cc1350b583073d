/** OAuth providers of an organization: creation from `POST /v2/auth/providers`. */
import { randomUUID } from "node:crypto";
import { detailError } from "../http/errors";
import type { OAuthProviderCreateBody } from "./oauthSchemas";
import type { OAuthProviderRecord, OrganizationRecord } from "../core/types";

/**
 * Adds an OAuth provider to the organization and returns it. The client
 * secret is not kept (the emulator runs no OAuth flow). 409 when the
 * organization already has a provider with that `provider_id`.
 */
export function createOAuthProvider(organization: OrganizationRecord, body: OAuthProviderCreateBody, nowMs: number): OAuthProviderRecord {
  if (organization.oauthProviders.some((p) => p.provider_id === body.provider_id)) {
    throw detailError(409, `An OAuth provider with provider_id '${body.provider_id}' already exists`);
  }
  const nowIso = new Date(nowMs).toISOString();
  const provider: OAuthProviderRecord = {
    id: randomUUID(),
    organization_id: organization.id,
    provider_id: body.provider_id,
    name: body.name,
    client_id: body.client_id,
    auth_url: body.auth_url,
    token_url: body.token_url,
    uses_pkce: body.uses_pkce,
    code_challenge_method: body.code_challenge_method,
    created_at: nowIso,
    updated_at: nowIso,
    provider_type: body.provider_type ?? null,
    mcp_server_url: null,
    token_endpoint_auth_method: body.token_endpoint_auth_method,
    authorization_params: {},
    is_dynamic_client: false,
    allowed_redirect_uris: [],
  };
  organization.oauthProviders.push(provider);
  return provider;
}
