/**
 * The resources the native provider serves: each resource folder's
 * {@link LangSmithResource}, the same object its dynamic provider drives.
 * Nothing here knows one resource from another.
 */
import { resource as alertRule } from "../tracing/alertRule";
import { resource as annotationQueue } from "../tracing/annotationQueue";
import { resource as apiKey } from "../organization/apiKey";
import { resource as bulkExport } from "../exports/bulkExport/resource";
import { resource as deployment } from "../deployments/deployment/resource";
import { resource as dataset } from "../tracing/dataset";
import { resource as destination } from "../exports/destination/resource";
import { resource as evaluator } from "../tracing/evaluator";
import { resource as example } from "../tracing/example";
import { resource as feedbackConfig } from "../tracing/feedbackConfig";
import { resource as modelPriceMap } from "../tracing/modelPriceMap";
import { resource as organizationMember } from "../organization/members/organizationMember";
import { resource as playgroundSettings } from "../tracing/playgroundSettings";
import { resource as project } from "../tracing/project";
import { resource as prompt } from "../tracing/prompt";
import { resource as promptTag } from "../tracing/promptTag";
import { resource as promptWebhook } from "../tracing/promptWebhook";
import { resource as role } from "../organization/role";
import type { LangSmithResource } from "../engine/resource";
import { resource as runRule } from "../tracing/runRule";
import { resource as serviceAccount } from "../organization/serviceAccount";
import { resource as serviceKey } from "../organization/serviceKey";
import { resource as ssoSettings } from "../organization/ssoSettings";
import { resource as tagging } from "../organization/tagging";
import { resource as tagKey } from "../organization/tagKey";
import { resource as tagValue } from "../organization/tagValue";
import { organizationResource as organizationTtlSettings, resource as ttlSettings } from "../organization/ttlSettings";
import { resource as usageLimit } from "../organization/usageLimit";
import { resource as workspace } from "../organization/workspace";
import { resource as workspaceMember } from "../organization/members/workspaceMember";
import { resource as workspaceSecret } from "../organization/workspaceSecret";

/** Every resource of the native provider. */
export const NATIVE_RESOURCES: readonly LangSmithResource[] = [deployment, destination, bulkExport, workspace, role, tagKey, tagValue, tagging, serviceAccount, apiKey, serviceKey, ttlSettings, organizationTtlSettings, usageLimit, ssoSettings, workspaceSecret, organizationMember, workspaceMember, project, dataset, annotationQueue, feedbackConfig, promptWebhook, runRule, alertRule, example, modelPriceMap, playgroundSettings, evaluator, prompt, promptTag];

/** The resource served for `token`, if any. */
export function nativeResource(token: string): LangSmithResource | undefined {
  return NATIVE_RESOURCES.find((resource) => resource.token === token);
}
