import * as pulumi from "@pulumi/pulumi";
import type { LangSmithClient } from "../../provider/client/client";
import { resolveSettings } from "../../provider/engine/context/settings";

/**
 * A client for invokes, which run in the Pulumi program's own process: stack
 * config is read through the runtime (no secret-access warnings, nothing
 * captured), with the same environment fallbacks as the providers. The HTTP
 * stack is loaded on the first invoke, so importing the package loads none.
 */
export async function invokeClient(): Promise<LangSmithClient> {
  const settings = resolveSettings((key) => pulumi.runtime.getConfig(key));
  const { createClient } = await import("../../provider/client/factory");
  return createClient(settings.client);
}
