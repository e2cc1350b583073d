/**
 * The Auth Service's endpoints on the control plane (`/v2/auth`): the OAuth
 * providers configured for the organization and the token-exists check,
 * which the `listOAuthProviders` and `checkOAuthToken` functions read, and
 * {@link oauthCalls}: each as a typed call with the action its errors name.
 */
import type { LangSmithClient } from "../client/client";
import { defineEndpoint } from "../client/endpoint";
import type { RequestOptions } from "../client/options";
import { type OAuthProvider, OAuthProviderListSchema, type OAuthTokenStatus, OAuthTokenStatusSchema } from "../client/contractTypes/controlPlane";

/** The Auth Service's endpoints, below the control plane URL (`client.controlPlane`). */
export const OAUTH_ENDPOINTS = {
  listProviders: defineEndpoint({ method: "GET", path: "/v2/auth/providers", response: OAuthProviderListSchema }),
  tokenExists: defineEndpoint({ method: "GET", path: "/v2/auth/tokens/exists", response: OAuthTokenStatusSchema }),
} as const;
const E = OAUTH_ENDPOINTS;

/** The Auth Service's endpoints as typed calls: each takes the client first. */
export const oauthCalls = {
  /** `GET /v2/auth/providers`: the OAuth providers configured for the organization (a bare array). */
  listProviders(client: LangSmithClient, options?: RequestOptions): Promise<OAuthProvider[]> {
    return client.controlPlane.call(E.listProviders, { action: "listing OAuth providers", options });
  },

  /**
   * `GET /v2/auth/tokens/exists?provider_id=<providerId>`: whether the current
   * user has stored tokens for the provider. The service answers 422
   * (`UnprocessableEntityError`, e.g. `query.provider_id: Field required`)
   * when the id is missing or invalid; it is sent as given.
   */
  tokenExists(client: LangSmithClient, providerId: string, options?: RequestOptions): Promise<OAuthTokenStatus> {
    const action = `checking OAuth tokens for provider "${providerId}"`;
    return client.controlPlane.call(E.tokenExists, { action, query: { provider_id: providerId }, options });
  },
};
