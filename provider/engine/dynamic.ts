/**
 * The dynamic provider of a kind: the engine's calls, as Pulumi's
 * dynamic-provider host makes them, on the kind's operations. A resource
 * that is gone reads as id `""` (the engine then drops it).
 *
 * The one holder of state outside a call that the dynamic path needs: the
 * engine's `create(inputs)` (and read, update, delete) receive no context, so
 * the configuration `configure(request)` recorded lives in
 * {@link DYNAMIC_SESSION}, this process's one session, and each call makes
 * its {@link OperationContext} from it. The dynamic-provider host serves one
 * stack's provider per process, so one session is all it needs.
 */
import type * as pulumi from "@pulumi/pulumi";
import type { LogSeverity, OperationContext } from "./context/operation";
import { ProviderSession } from "./context/session";
import { diffResource } from "./diff/detailedDiff";
import type { LangSmithResource, Properties } from "./resource";

/** This process's session (see the module's comment). */
export const DYNAMIC_SESSION = new ProviderSession();

/**
 * Sends a line with `pulumi.log` (loaded only then). The dynamic provider has
 * no live status line, and its lines reach the engine without a resource
 * name: progress is logged as info, and every line starts with the
 * resource's kind and name (see `progress.ts`).
 */
function pulumiLog(severity: LogSeverity, line: string): void {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { log } = require("@pulumi/pulumi") as typeof import("@pulumi/pulumi");
  void (severity === "warning" ? log.warn(line) : log.info(line));
}

/** The context of one dynamic-provider call: no URN, no `customTimeouts` (the engine sends neither). */
function dynamicOperation(): OperationContext {
  return DYNAMIC_SESSION.operation({ log: pulumiLog });
}

/** Failures for the inputs only the native provider reads (a Pulumi archive: the dynamic provider's inputs cannot carry one). */
function nativeOnlyFailures(resource: LangSmithResource, news: Properties): { property: string; reason: string }[] {
  const kind = resource.token.split(":").pop() ?? resource.token;
  return (resource.checkLocal?.inputs ?? [])
    .filter((input) => news[input] !== undefined && news[input] !== null)
    .map((property) => ({
      property,
      reason: `${property} is read by the native provider only: a dynamic provider's inputs cannot carry a Pulumi archive; use the native provider's ${kind} (import { ${kind} } from "pulumi-langsmith", not from "pulumi-langsmith/dynamic")`,
    }));
}

/** The dynamic provider of `resource` (see the module's comment). */
export function dynamicProvider(resource: LangSmithResource): pulumi.dynamic.ResourceProvider {
  return {
    async configure(request) {
      DYNAMIC_SESSION.configure((key) => request.config.get(key));
    },
    async check(olds: Properties, news: Properties) {
      const result = resource.check(olds, news, DYNAMIC_SESSION.settings());
      for (const note of result.notes ?? []) pulumiLog(note.severity, note.message);
      return { inputs: result.inputs, failures: [...result.failures, ...nativeOnlyFailures(resource, news)] };
    },
    async diff(_id: string, olds: Properties, news: Properties) {
      // The engine's one diff; the dynamic engine sends neither the old inputs nor ignoreChanges.
      const result = diffResource(resource, { olds, news });
      // Its replaces are the changed paths themselves (e.g. `config.prefix`), as this driver has always answered them.
      const replaces = [...result.detailed].filter(([, change]) => change.replace).map(([path]) => path);
      return { changes: result.changes, replaces, deleteBeforeReplace: result.deleteBeforeReplace };
    },
    create: (inputs: Properties) => resource.create(dynamicOperation(), inputs),
    async read(id: string, props: Properties) {
      return (await resource.read(dynamicOperation(), id, props)) ?? { id: "", props: {} };
    },
    update: (id: string, olds: Properties, news: Properties) => resource.update(dynamicOperation(), id, olds, news),
    delete: (id: string, props: Properties) => resource.delete(dynamicOperation(), id, props),
  };
}
