/**
 * The native provider's resources by type token, each loaded on the first
 * call for it: a stack of projects and tag keys never loads the deployment's
 * modules, nor the wire schemas only other kinds use. The table is checked
 * against {@link NATIVE_RESOURCES} (the eager list the schema is made
 * from) by tests/unit/nativeResourceLoaders.test.ts.
 */
import type { LangSmithResource } from "../shared/resource";

/** Loads one resource's module and answers its {@link LangSmithResource}. */
type ResourceLoader = () => Promise<LangSmithResource>;

/** Every resource of the native provider, by type token. */
export const NATIVE_RESOURCE_LOADERS: Readonly<Record<string, ResourceLoader>> = {
  "langsmith:index:Deployment": async () => (await import("../deployment/index")).resource,
  "langsmith:index:BulkExportDestination": async () => (await import("../destination/index")).resource,
  "langsmith:index:BulkExport": async () => (await import("../bulkExport/index")).resource,
  "langsmith:index:Workspace": async () => (await import("../workspace/index")).resource,
  "langsmith:index:Role": async () => (await import("../role/index")).resource,
  "langsmith:index:TagKey": async () => (await import("../tagKey/index")).resource,
  "langsmith:index:TagValue": async () => (await import("../tagValue/index")).resource,
  "langsmith:index:Tagging": async () => (await import("../tagging/index")).resource,
  "langsmith:index:ServiceAccount": async () => (await import("../serviceAccount/index")).resource,
  "langsmith:index:ApiKey": async () => (await import("../apiKey/index")).resource,
  "langsmith:index:ServiceKey": async () => (await import("../serviceKey/index")).resource,
  "langsmith:index:TtlSettings": async () => (await import("../ttlSettings/index")).resource,
  "langsmith:index:OrganizationTtlSettings": async () => (await import("../ttlSettings/index")).organizationResource,
  "langsmith:index:UsageLimit": async () => (await import("../usageLimit/index")).resource,
  "langsmith:index:SsoSettings": async () => (await import("../ssoSettings/index")).resource,
  "langsmith:index:WorkspaceSecret": async () => (await import("../workspaceSecret/index")).resource,
  "langsmith:index:OrganizationMember": async () => (await import("../organizationMember/index")).resource,
  "langsmith:index:WorkspaceMember": async () => (await import("../workspaceMember/index")).resource,
  "langsmith:index:Project": async () => (await import("../project/index")).resource,
  "langsmith:index:Dataset": async () => (await import("../dataset/index")).resource,
  "langsmith:index:AnnotationQueue": async () => (await import("../annotationQueue/index")).resource,
  "langsmith:index:FeedbackConfig": async () => (await import("../feedbackConfig/index")).resource,
  "langsmith:index:PromptWebhook": async () => (await import("../promptWebhook/index")).resource,
  "langsmith:index:RunRule": async () => (await import("../runRule/index")).resource,
  "langsmith:index:AlertRule": async () => (await import("../alertRule/index")).resource,
  "langsmith:index:Example": async () => (await import("../example/index")).resource,
  "langsmith:index:ModelPriceMap": async () => (await import("../modelPriceMap/index")).resource,
  "langsmith:index:PlaygroundSettings": async () => (await import("../playgroundSettings/index")).resource,
  "langsmith:index:Evaluator": async () => (await import("../evaluator/index")).resource,
  "langsmith:index:Prompt": async () => (await import("../prompt/index")).resource,
  "langsmith:index:PromptTag": async () => (await import("../promptTag/index")).resource,
};

/** The type tokens the native provider serves, in schema order. */
export const NATIVE_RESOURCE_TOKENS: readonly string[] = Object.keys(NATIVE_RESOURCE_LOADERS);

/** The resource served for `token`, loaded on first use (Node.js caches the module); `undefined` for a token not served. */
export async function loadNativeResource(token: string): Promise<LangSmithResource | undefined> {
  return Object.hasOwn(NATIVE_RESOURCE_LOADERS, token) ? (NATIVE_RESOURCE_LOADERS[token] as ResourceLoader)() : undefined;
}
