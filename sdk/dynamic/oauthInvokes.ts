import * as pulumi from "@pulumi/pulumi";
import * as core from "../../provider/deployments/oauthInvokes";
import type { GetOAuthTokenStatusArgs, OAuthProviderInfo } from "../../provider/deployments/oauthInvokes";
import { invokeClient } from "./invokeClient";

export type { GetOAuthTokenStatusArgs, OAuthProviderInfo } from "../../provider/deployments/oauthInvokes";

/** The OAuth providers configured for the organization (`GET /v2/auth/providers`). */
export async function getOAuthProviders(): Promise<OAuthProviderInfo[]> {
  return core.getOAuthProviders(await invokeClient());
}

/** {@link getOAuthProviders} as an `Output`. */
export function getOAuthProvidersOutput(): pulumi.Output<OAuthProviderInfo[]> {
  return pulumi.output(getOAuthProviders());
}

/**
 * Whether the current user has stored tokens for an OAuth provider, across
 * agents (`GET /v2/auth/tokens/exists`).
 *
 * @throws InvalidRequestError when `providerId` is empty (nothing is sent);
 *   UnprocessableEntityError naming the parameter when the service refuses it.
 */
export async function getOAuthTokenStatus(args: GetOAuthTokenStatusArgs): Promise<{ hasToken: boolean }> {
  core.assertProviderId(args);
  return core.getOAuthTokenStatus(await invokeClient(), args);
}

/** {@link getOAuthTokenStatus} as an `Output`. */
export function getOAuthTokenStatusOutput(args: pulumi.Input<GetOAuthTokenStatusArgs>): pulumi.Output<{ hasToken: boolean }> {
  return pulumi.output(args).apply((resolved) => getOAuthTokenStatus(resolved as GetOAuthTokenStatusArgs));
}
