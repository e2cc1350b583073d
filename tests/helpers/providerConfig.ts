/**
 * The provider in this process, as the in-process integration tests drive
 * it: configured as the engine's `Configure` does, and the context of one
 * call for the tests that call a kind's operations directly. Both use the
 * dynamic provider's session, so a test that mixes the dynamic `provider`
 * objects and direct calls sees one configuration and one operation.
 */
import type { OperationContext } from "../../provider/engine/context/operation";
import { DYNAMIC_SESSION } from "../../provider/engine/dynamic";

/** Configures the provider with these `langsmith:*` stack config values (none: the environment alone). Starts a new operation: pages read before are dropped. */
export function configureWith(values: Readonly<Record<string, string>> = {}): void {
  DYNAMIC_SESSION.configure((key) => values[key]);
}

/** The context of one call, as the dynamic provider makes it: progress and warnings go to the console (`pulumi.log` outside the engine). */
export function operation(): OperationContext {
  return DYNAMIC_SESSION.operation({
    log: (severity, message) => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { log } = require("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
      void (severity === "warning" ? log.warn(message) : log.info(message));
    },
  });
}
