import * as pulumi from "@pulumi/pulumi";
import { createClient, type LangSmithClient } from "../provider/client";
import { resolveSettings } from "../provider/shared/settings";

/**
 * A client for invokes, which run in the Pulumi program's own process: stack
 * config is read through the runtime (no secret-access warnings, nothing
 * captured), with the same environment fallbacks as the providers.
 */
export function invokeClient(): LangSmithClient {
  return createClient(resolveSettings((key) => pulumi.runtime.getConfig(key)).client);
}
