/**
 * Auth Service endpoints of the control plane API (`/v2/auth`): OAuth
 * provider configuration and the token-exists check.
 */
import { type CallOptions, requestOptions } from "./callOptions";
import type { HttpClient } from "./http";
import {
  type OAuthProvider,
  OAuthProviderListSchema,
  type OAuthTokenStatus,
  OAuthTokenStatusSchema,
} from "./schemas/deployments";

/** Client for `/v2/auth`. Obtain it as `client.oauth`. */
export class OAuthApi {
  /**
   * @param http shared HTTP client
   * @param baseUrl normalized control plane base URL (see `hosts.ts`)
   */
  constructor(
    private readonly http: HttpClient,
    private readonly baseUrl: string,
  ) {}

  /** `GET /v2/auth/providers`: the OAuth providers configured for the organization (a bare array). */
  async listProviders(options?: CallOptions): Promise<OAuthProvider[]> {
    const res = await this.http.request({
      method: "GET",
      baseUrl: this.baseUrl,
      path: "/v2/auth/providers",
      action: "listing OAuth providers",
      schema: OAuthProviderListSchema,
      ...requestOptions(options),
    });
    return res.data;
  }

  /**
   * `GET /v2/auth/tokens/exists?provider_id=<providerId>`: whether the current
   * user has stored tokens for the provider. The service answers 422
   * (`UnprocessableEntityError`, e.g. `query.provider_id: Field required`)
   * when the id is missing or invalid; it is sent as given.
   */
  async tokenExists(providerId: string, options?: CallOptions): Promise<OAuthTokenStatus> {
    const res = await this.http.request({
      method: "GET",
      baseUrl: this.baseUrl,
      path: "/v2/auth/tokens/exists",
      query: { provider_id: providerId },
      action: `checking OAuth tokens for provider "${providerId}"`,
      schema: OAuthTokenStatusSchema,
      ...requestOptions(options),
    });
    return res.data;
  }
}
