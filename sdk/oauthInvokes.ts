import * as pulumi from "@pulumi/pulumi";
import { InvalidRequestError } from "../provider/client/errors";
import { invokeClient } from "./invokeClient";

/** An OAuth provider configured in the organization (no client secret is ever returned). */
export interface OAuthProviderInfo {
  id: string;
  providerId: string;
  name: string | null;
  providerType: string | null;
  clientId: string | null;
  authUrl: string | null;
  tokenUrl: string | null;
  usesPkce: boolean | null;
  mcpServerUrl: string | null;
  allowedRedirectUris: string[];
}

/** The OAuth providers configured for the organization (`GET /v2/auth/providers`). */
export async function getOAuthProviders(): Promise<OAuthProviderInfo[]> {
  const providers = await (await invokeClient()).oauth.listProviders();
  return providers.map((provider) => ({
    id: provider.id,
    providerId: provider.provider_id,
    name: provider.name ?? null,
    providerType: provider.provider_type ?? null,
    clientId: provider.client_id ?? null,
    authUrl: provider.auth_url ?? null,
    tokenUrl: provider.token_url ?? null,
    usesPkce: provider.uses_pkce ?? null,
    mcpServerUrl: provider.mcp_server_url ?? null,
    allowedRedirectUris: provider.allowed_redirect_uris ?? [],
  }));
}

/** {@link getOAuthProviders} as an `Output`. */
export function getOAuthProvidersOutput(): pulumi.Output<OAuthProviderInfo[]> {
  return pulumi.output(getOAuthProviders());
}

/** Arguments of {@link getOAuthTokenStatus}. */
export interface GetOAuthTokenStatusArgs {
  /** The provider's `providerId` (see {@link getOAuthProviders}). */
  providerId: string;
}

/**
 * Whether the current user has stored tokens for an OAuth provider, across
 * agents (`GET /v2/auth/tokens/exists`).
 *
 * @throws InvalidRequestError when `providerId` is empty (nothing is sent);
 *   UnprocessableEntityError naming the parameter when the service refuses it.
 */
export async function getOAuthTokenStatus(args: GetOAuthTokenStatusArgs): Promise<{ hasToken: boolean }> {
  if (typeof args.providerId !== "string" || args.providerId.trim() === "") {
    throw new InvalidRequestError("checking OAuth tokens: providerId is required (the providerId of one of getOAuthProviders())");
  }
  const status = await (await invokeClient()).oauth.tokenExists(args.providerId);
  return { hasToken: status.has_token };
}

/** {@link getOAuthTokenStatus} as an `Output`. */
export function getOAuthTokenStatusOutput(args: pulumi.Input<GetOAuthTokenStatusArgs>): pulumi.Output<{ hasToken: boolean }> {
  return pulumi.output(args).apply((resolved) => getOAuthTokenStatus(resolved as GetOAuthTokenStatusArgs));
}
