/** The body of `POST /v2/auth/providers`: the generated `OAuthProviderCreateRequest` of the published contract. */
import type { z } from "zod";
import { zOAuthProviderCreateRequest } from "../wire/controlPlane";
import { fieldsFirst } from "../http/schemaBlocks";

/**
 * Body of `POST /v2/auth/providers`; defaults: `S256`, no PKCE,
 * `client_secret_post`. The last is the contract's default of
 * `token_endpoint_auth_method`, which the generated schema leaves out (the
 * generator drops the default of an enum written in place), so it is added
 * here. The required fields are checked in the model's order.
 */
export const oauthProviderCreateSchema = fieldsFirst(
  zOAuthProviderCreateRequest.extend({
    token_endpoint_auth_method: zOAuthProviderCreateRequest.shape.token_endpoint_auth_method.unwrap().default("client_secret_post"),
  }),
  ["provider_id", "name", "client_id", "auth_url", "token_url"],
);

/** Parsed body of `POST /v2/auth/providers`. */
export type OAuthProviderCreateBody = z.infer<typeof oauthProviderCreateSchema>;
