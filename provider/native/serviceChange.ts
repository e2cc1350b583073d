/**
 * A change of the service a stack's provider points at (region, REST API or
 * control-plane URL, self-hosted origin). The ids in the state belong to the
 * service they were created on: on another one they answer 404, and a
 * refresh would drop live resources from the stack. So the change is refused
 * in the preview, with the two ways forward, instead of being applied
 * silently; a replacement of every resource would be worse (it creates them
 * anew on the new service and deletes the old ones).
 */
import { configuredService } from "../engine/context/settings";

/** Environment variable that lets one `pulumi up` or `preview` accept a change of service address (the same service, moved). */
export const ALLOW_SERVICE_CHANGE_ENV = "LANGSMITH_ALLOW_SERVICE_CHANGE";

/**
 * The refusal message when the configuration moves from one service to
 * another; `undefined` when it stays on the same one (equivalent settings,
 * e.g. `region: us` and no region, count as the same), when either side does
 * not resolve (CheckConfig reports that), or when {@link ALLOW_SERVICE_CHANGE_ENV} is `1` or `true`.
 *
 * @param olds the previous provider configuration (keys without `langsmith:`).
 * @param news the new one.
 */
export function serviceChangeRefusal(
  olds: Readonly<Record<string, unknown>>,
  news: Readonly<Record<string, unknown>>,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const before = configuredService(olds, env);
  const after = configuredService(news, env);
  if (before === undefined || after === undefined) return undefined;
  const moved = [
    before.apiUrl !== after.apiUrl ? `the REST API from ${before.apiUrl} to ${after.apiUrl}` : undefined,
    before.controlPlaneUrl !== after.controlPlaneUrl ? `the control plane from ${before.controlPlaneUrl} to ${after.controlPlaneUrl}` : undefined,
  ].filter((part): part is string => part !== undefined);
  if (moved.length === 0) return undefined;
  const allowed = (env[ALLOW_SERVICE_CHANGE_ENV] ?? "").trim().toLowerCase();
  if (allowed === "1" || allowed === "true") return undefined;
  return (
    `the langsmith provider configuration moves ${moved.join(" and ")}. ` +
    "The resources in this stack are ids on the old service: on another service they do not exist, and a refresh would drop them from the stack. " +
    `If the same service now answers at the new address, run this pulumi up once with ${ALLOW_SERVICE_CHANGE_ENV}=1. ` +
    "To move the stack to another service, run pulumi destroy (or pulumi state delete) with the old configuration first, then change it."
  );
}
