/**
 * The resources the native provider serves: each resource folder's
 * {@link LangSmithResource}, the same object its dynamic provider drives.
 * Nothing here knows one resource from another.
 */
import { resource as alertRule } from "../alertRule/index";
import { resource as annotationQueue } from "../annotationQueue/index";
import { resource as apiKey } from "../apiKey/index";
import { resource as bulkExport } from "../bulkExport/index";
import { resource as deployment } from "../deployment/index";
import { resource as dataset } from "../dataset/index";
import { resource as destination } from "../destination/index";
import { resource as evaluator } from "../evaluator/index";
import { resource as example } from "../example/index";
import { resource as feedbackConfig } from "../feedbackConfig/index";
import { resource as modelPriceMap } from "../modelPriceMap/index";
import { resource as organizationMember } from "../organizationMember/index";
import { resource as playgroundSettings } from "../playgroundSettings/index";
import { resource as project } from "../project/index";
import { resource as prompt } from "../prompt/index";
import { resource as promptTag } from "../promptTag/index";
import { resource as promptWebhook } from "../promptWebhook/index";
import { resource as role } from "../role/index";
import type { LangSmithResource } from "../shared/resource";
import { resource as runRule } from "../runRule/index";
import { resource as serviceAccount } from "../serviceAccount/index";
import { resource as serviceKey } from "../serviceKey/index";
import { resource as ssoSettings } from "../ssoSettings/index";
import { resource as tagging } from "../tagging/index";
import { resource as tagKey } from "../tagKey/index";
import { resource as tagValue } from "../tagValue/index";
import { organizationResource as organizationTtlSettings, resource as ttlSettings } from "../ttlSettings/index";
import { resource as usageLimit } from "../usageLimit/index";
import { resource as workspace } from "../workspace/index";
import { resource as workspaceMember } from "../workspaceMember/index";
import { resource as workspaceSecret } from "../workspaceSecret/index";

/** Every resource of the native provider. */
export const NATIVE_RESOURCES: readonly LangSmithResource[] = [deployment, destination, bulkExport, workspace, role, tagKey, tagValue, tagging, serviceAccount, apiKey, serviceKey, ttlSettings, organizationTtlSettings, usageLimit, ssoSettings, workspaceSecret, organizationMember, workspaceMember, project, dataset, annotationQueue, feedbackConfig, promptWebhook, runRule, alertRule, example, modelPriceMap, playgroundSettings, evaluator, prompt, promptTag];

/** The resource served for `token`, if any. */
export function nativeResource(token: string): LangSmithResource | undefined {
  return NATIVE_RESOURCES.find((resource) => resource.token === token);
}
