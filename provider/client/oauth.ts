/**
 * Auth Service endpoints of the control plane API (`/v2/auth`): OAuth
 * provider configuration and the token-exists check.
 */
import { EndpointGroup, defineEndpoint } from "./endpoint";
import type { RequestOptions } from "./options";
import {
  type OAuthProvider,
  OAuthProviderListSchema,
  type OAuthTokenStatus,
  OAuthTokenStatusSchema,
} from "./schemas/deployments";

/** The endpoints of {@link OAuthApi}. */
export const OAUTH_ENDPOINTS = {
  listProviders: defineEndpoint({ method: "GET", path: "/v2/auth/providers", response: OAuthProviderListSchema }),
  tokenExists: defineEndpoint({ method: "GET", path: "/v2/auth/tokens/exists", response: OAuthTokenStatusSchema }),
} as const;
const E = OAUTH_ENDPOINTS;

/** Client for `/v2/auth`. Obtain it as `client.oauth`. */
export class OAuthApi extends EndpointGroup {
  /** `GET /v2/auth/providers`: the OAuth providers configured for the organization (a bare array). */
  listProviders(options?: RequestOptions): Promise<OAuthProvider[]> {
    return this.call(E.listProviders, { action: "listing OAuth providers", options });
  }

  /**
   * `GET /v2/auth/tokens/exists?provider_id=<providerId>`: whether the current
   * user has stored tokens for the provider. The service answers 422
   * (`UnprocessableEntityError`, e.g. `query.provider_id: Field required`)
   * when the id is missing or invalid; it is sent as given.
   */
  tokenExists(providerId: string, options?: RequestOptions): Promise<OAuthTokenStatus> {
    const action = `checking OAuth tokens for provider "${providerId}"`;
    return this.call(E.tokenExists, { action, query: { provider_id: providerId }, options });
  }
}
