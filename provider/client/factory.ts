/**
 * Build a {@link LangSmithClient} from an already-resolved configuration
 * (stack config and environment are read elsewhere, in `provider/shared/settings.ts`).
 */
import { LangSmithClient } from "./client";
import type { ClientOptions } from "./options";

/**
 * Create a client (the same as `new LangSmithClient(options)`). Missing
 * credentials are not an error here: the first API call fails with
 * `MissingCredentialsError`, so previews of new resources need none.
 *
 * @param options base URLs, credentials and settings; defaults: `timeoutMs` 30 000 ms, `maxRetries` 4
 * @throws ConfigurationError for an unusable URL or credential value.
 */
export function createClient(options: ClientOptions): LangSmithClient {
  return new LangSmithClient(options);
}
