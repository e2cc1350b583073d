/** zod schema of `POST /v2/auth/providers` (`OAuthProviderCreateRequest` of the published contract). */
import { z } from "zod";

/** Body of `POST /v2/auth/providers`; defaults: `S256`, `client_secret_post`, no PKCE. */
export const oauthProviderCreateSchema = z.object({
  provider_id: z.string(),
  name: z.string(),
  client_id: z.string(),
  auth_url: z.string(),
  token_url: z.string(),
  client_secret: z.string().nullish(),
  code_challenge_method: z.string().default("S256"),
  provider_type: z.enum(["microsoft", "salesforce", "slack"]).nullish(),
  token_endpoint_auth_method: z.enum(["none", "client_secret_basic", "client_secret_post"]).default("client_secret_post"),
  uses_pkce: z.boolean().default(false),
});

/** Parsed body of `POST /v2/auth/providers`. */
export type OAuthProviderCreateBody = z.infer<typeof oauthProviderCreateSchema>;
