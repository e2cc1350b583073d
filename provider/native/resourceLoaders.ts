/**
 * The native provider's resources by type token, each loaded on the first
 * call for it: a stack of projects and tag keys never loads the deployment's
 * modules, nor the wire schemas only other kinds use. The table is checked
 * against {@link NATIVE_RESOURCES} (the eager list the schema is made
 * from) by tests/unit/nativeResourceLoaders.test.ts.
 */
import type { LangSmithResource } from "../engine/resource";

/** Loads one resource's module and answers its {@link LangSmithResource}. */
type ResourceLoader = () => Promise<LangSmithResource>;

/** Every resource of the native provider, by type token. */
export const NATIVE_RESOURCE_LOADERS: Readonly<Record<string, ResourceLoader>> = {
  "langsmith:index:Deployment": async () => (await import("../deployments/deployment/resource")).resource,
  "langsmith:index:BulkExportDestination": async () => (await import("../exports/destination/resource")).resource,
  "langsmith:index:BulkExport": async () => (await import("../exports/bulkExport/resource")).resource,
  "langsmith:index:Workspace": async () => (await import("../organization/workspace")).resource,
  "langsmith:index:Role": async () => (await import("../organization/role")).resource,
  "langsmith:index:TagKey": async () => (await import("../organization/tagKey")).resource,
  "langsmith:index:TagValue": async () => (await import("../organization/tagValue")).resource,
  "langsmith:index:Tagging": async () => (await import("../organization/tagging")).resource,
  "langsmith:index:ServiceAccount": async () => (await import("../organization/serviceAccount")).resource,
  "langsmith:index:ApiKey": async () => (await import("../organization/apiKey")).resource,
  "langsmith:index:ServiceKey": async () => (await import("../organization/serviceKey")).resource,
  "langsmith:index:TtlSettings": async () => (await import("../organization/ttlSettings")).resource,
  "langsmith:index:OrganizationTtlSettings": async () => (await import("../organization/ttlSettings")).organizationResource,
  "langsmith:index:UsageLimit": async () => (await import("../organization/usageLimit")).resource,
  "langsmith:index:SsoSettings": async () => (await import("../organization/ssoSettings")).resource,
  "langsmith:index:WorkspaceSecret": async () => (await import("../organization/workspaceSecret")).resource,
  "langsmith:index:OrganizationMember": async () => (await import("../organization/members/organizationMember")).resource,
  "langsmith:index:WorkspaceMember": async () => (await import("../organization/members/workspaceMember")).resource,
  "langsmith:index:Project": async () => (await import("../tracing/project")).resource,
  "langsmith:index:Dataset": async () => (await import("../tracing/dataset")).resource,
  "langsmith:index:AnnotationQueue": async () => (await import("../tracing/annotationQueue")).resource,
  "langsmith:index:FeedbackConfig": async () => (await import("../tracing/feedbackConfig")).resource,
  "langsmith:index:PromptWebhook": async () => (await import("../tracing/promptWebhook")).resource,
  "langsmith:index:RunRule": async () => (await import("../tracing/runRule")).resource,
  "langsmith:index:AlertRule": async () => (await import("../tracing/alertRule")).resource,
  "langsmith:index:Example": async () => (await import("../tracing/example")).resource,
  "langsmith:index:ModelPriceMap": async () => (await import("../tracing/modelPriceMap")).resource,
  "langsmith:index:PlaygroundSettings": async () => (await import("../tracing/playgroundSettings")).resource,
  "langsmith:index:Evaluator": async () => (await import("../tracing/evaluator")).resource,
  "langsmith:index:Prompt": async () => (await import("../tracing/prompt")).resource,
  "langsmith:index:PromptTag": async () => (await import("../tracing/promptTag")).resource,
};

/** The type tokens the native provider serves, in schema order. */
export const NATIVE_RESOURCE_TOKENS: readonly string[] = Object.keys(NATIVE_RESOURCE_LOADERS);

/** The resource served for `token`, loaded on first use (Node.js caches the module); `undefined` for a token not served. */
export async function loadNativeResource(token: string): Promise<LangSmithResource | undefined> {
  return Object.hasOwn(NATIVE_RESOURCE_LOADERS, token) ? (NATIVE_RESOURCE_LOADERS[token] as ResourceLoader)() : undefined;
}
