/**
 * The OAuth invokes, over a client, shared by the SDK and the native provider.
 */
import { InvalidRequestError } from "../client/errors";
import type { LangSmithClient } from "../client/client";
import type { oauthCalls as Calls } from "./oauthEndpoints";

/**
 * The Auth Service's typed calls, loaded on the first invoke: the dynamic SDK imports
 * these invokes, and a program that only imports it loads neither zod nor the HTTP client.
 */
async function calls(): Promise<typeof Calls> {
  return (await import("./oauthEndpoints")).oauthCalls;
}

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
export async function getOAuthProviders(client: LangSmithClient): Promise<OAuthProviderInfo[]> {
  const providers = await (await calls()).listProviders(client);
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

/** Arguments of {@link getOAuthTokenStatus}. */
export interface GetOAuthTokenStatusArgs {
  /** The provider's `providerId` (see {@link getOAuthProviders}). */
  providerId: string;
}

/**
 * Refuses an empty `providerId` before anything is sent.
 *
 * @throws InvalidRequestError naming the argument.
 */
export function assertProviderId(args: GetOAuthTokenStatusArgs): void {
  if (typeof args.providerId !== "string" || args.providerId.trim() === "") {
    throw new InvalidRequestError("checking OAuth tokens: providerId is required (the providerId of one of getOAuthProviders())");
  }
}

/**
 * Whether the current user has stored tokens for an OAuth provider, across
 * agents (`GET /v2/auth/tokens/exists`).
 *
 * @throws InvalidRequestError when `providerId` is empty (nothing is sent);
 *   UnprocessableEntityError naming the parameter when the service refuses it.
 */
export async function getOAuthTokenStatus(client: LangSmithClient, args: GetOAuthTokenStatusArgs): Promise<{ hasToken: boolean }> {
  assertProviderId(args);
  const status = await (await calls()).tokenExists(client, args.providerId);
  return { hasToken: status.has_token };
}
