/**
 * Every kind the provider serves, by type token: written by
 * scripts/generate-registry.mjs from the kinds' declarations (`npm run
 * build` runs it). Do not edit; read it through ./index.ts.
 */
/* eslint-disable @typescript-eslint/no-require-imports */
import type { RegisteredKind } from "../engine/resource";

/** The kinds, by area (deployments, exports, organization, tracing), then by token. Each module loads on its kind's first call. */
export const GENERATED_KINDS: readonly RegisteredKind[] = [
  { token: "langsmith:index:Deployment", area: "deployments", module: "./deployments/deployment/resource", load: () => (require("../deployments/deployment/resource") as typeof import("../deployments/deployment/resource")).resource },
  { token: "langsmith:index:BulkExport", area: "exports", module: "./exports/bulkExport/resource", load: () => (require("../exports/bulkExport/resource") as typeof import("../exports/bulkExport/resource")).resource },
  { token: "langsmith:index:BulkExportDestination", area: "exports", module: "./exports/destination/resource", load: () => (require("../exports/destination/resource") as typeof import("../exports/destination/resource")).resource },
  { token: "langsmith:index:AccessPolicy", area: "organization", module: "./organization/accessPolicy", load: () => (require("../organization/accessPolicy") as typeof import("../organization/accessPolicy")).resource },
  { token: "langsmith:index:AccessPolicyAttachment", area: "organization", module: "./organization/accessPolicyAttachment", load: () => (require("../organization/accessPolicyAttachment") as typeof import("../organization/accessPolicyAttachment")).accessPolicyAttachment },
  { token: "langsmith:index:ApiKey", area: "organization", module: "./organization/apiKey", load: () => (require("../organization/apiKey") as typeof import("../organization/apiKey")).resource },
  { token: "langsmith:index:DataPlane", area: "organization", module: "./organization/dataPlane", load: () => (require("../organization/dataPlane") as typeof import("../organization/dataPlane")).resource },
  { token: "langsmith:index:GatewayPolicy", area: "organization", module: "./organization/gatewayPolicy", load: () => (require("../organization/gatewayPolicy") as typeof import("../organization/gatewayPolicy")).resource },
  { token: "langsmith:index:GatewaySpendCap", area: "organization", module: "./organization/gatewaySpendCap", load: () => (require("../organization/gatewaySpendCap") as typeof import("../organization/gatewaySpendCap")).resource },
  { token: "langsmith:index:OAuthClient", area: "organization", module: "./organization/oauthClient", load: () => (require("../organization/oauthClient") as typeof import("../organization/oauthClient")).resource },
  { token: "langsmith:index:OrganizationMember", area: "organization", module: "./organization/members/organizationMember", load: () => (require("../organization/members/organizationMember") as typeof import("../organization/members/organizationMember")).organizationMember },
  { token: "langsmith:index:OrganizationTtlSettings", area: "organization", module: "./organization/ttlSettings", load: () => (require("../organization/ttlSettings") as typeof import("../organization/ttlSettings")).organizationResource },
  { token: "langsmith:index:Role", area: "organization", module: "./organization/role", load: () => (require("../organization/role") as typeof import("../organization/role")).resource },
  { token: "langsmith:index:SandboxRegistry", area: "organization", module: "./organization/sandboxRegistry", load: () => (require("../organization/sandboxRegistry") as typeof import("../organization/sandboxRegistry")).resource },
  { token: "langsmith:index:ScimToken", area: "organization", module: "./organization/scimToken", load: () => (require("../organization/scimToken") as typeof import("../organization/scimToken")).resource },
  { token: "langsmith:index:ServiceAccount", area: "organization", module: "./organization/serviceAccount", load: () => (require("../organization/serviceAccount") as typeof import("../organization/serviceAccount")).resource },
  { token: "langsmith:index:ServiceKey", area: "organization", module: "./organization/serviceKey", load: () => (require("../organization/serviceKey") as typeof import("../organization/serviceKey")).resource },
  { token: "langsmith:index:SsoSettings", area: "organization", module: "./organization/ssoSettings", load: () => (require("../organization/ssoSettings") as typeof import("../organization/ssoSettings")).resource },
  { token: "langsmith:index:Tagging", area: "organization", module: "./organization/tagging", load: () => (require("../organization/tagging") as typeof import("../organization/tagging")).resource },
  { token: "langsmith:index:TagKey", area: "organization", module: "./organization/tagKey", load: () => (require("../organization/tagKey") as typeof import("../organization/tagKey")).resource },
  { token: "langsmith:index:TagValue", area: "organization", module: "./organization/tagValue", load: () => (require("../organization/tagValue") as typeof import("../organization/tagValue")).resource },
  { token: "langsmith:index:TtlSettings", area: "organization", module: "./organization/ttlSettings", load: () => (require("../organization/ttlSettings") as typeof import("../organization/ttlSettings")).resource },
  { token: "langsmith:index:UsageLimit", area: "organization", module: "./organization/usageLimit", load: () => (require("../organization/usageLimit") as typeof import("../organization/usageLimit")).resource },
  { token: "langsmith:index:Workspace", area: "organization", module: "./organization/workspace", load: () => (require("../organization/workspace") as typeof import("../organization/workspace")).resource },
  { token: "langsmith:index:WorkspaceMember", area: "organization", module: "./organization/members/workspaceMember", load: () => (require("../organization/members/workspaceMember") as typeof import("../organization/members/workspaceMember")).workspaceMember },
  { token: "langsmith:index:WorkspaceSecret", area: "organization", module: "./organization/workspaceSecret", load: () => (require("../organization/workspaceSecret") as typeof import("../organization/workspaceSecret")).resource },
  { token: "langsmith:index:AlertRule", area: "tracing", module: "./tracing/alertRule", load: () => (require("../tracing/alertRule") as typeof import("../tracing/alertRule")).resource },
  { token: "langsmith:index:AnnotationQueue", area: "tracing", module: "./tracing/annotationQueue", load: () => (require("../tracing/annotationQueue") as typeof import("../tracing/annotationQueue")).resource },
  { token: "langsmith:index:Dataset", area: "tracing", module: "./tracing/dataset", load: () => (require("../tracing/dataset") as typeof import("../tracing/dataset")).resource },
  { token: "langsmith:index:DatasetSplit", area: "tracing", module: "./tracing/datasetSplit", load: () => (require("../tracing/datasetSplit") as typeof import("../tracing/datasetSplit")).resource },
  { token: "langsmith:index:DatasetVersionTag", area: "tracing", module: "./tracing/datasetVersionTag", load: () => (require("../tracing/datasetVersionTag") as typeof import("../tracing/datasetVersionTag")).resource },
  { token: "langsmith:index:Evaluator", area: "tracing", module: "./tracing/evaluator", load: () => (require("../tracing/evaluator") as typeof import("../tracing/evaluator")).resource },
  { token: "langsmith:index:Example", area: "tracing", module: "./tracing/example", load: () => (require("../tracing/example") as typeof import("../tracing/example")).resource },
  { token: "langsmith:index:FeedbackConfig", area: "tracing", module: "./tracing/feedbackConfig", load: () => (require("../tracing/feedbackConfig") as typeof import("../tracing/feedbackConfig")).resource },
  { token: "langsmith:index:HubDirectory", area: "tracing", module: "./tracing/hub/hubDirectory", load: () => (require("../tracing/hub/hubDirectory") as typeof import("../tracing/hub/hubDirectory")).resource },
  { token: "langsmith:index:HubEnvironment", area: "tracing", module: "./tracing/hub/hubEnvironment", load: () => (require("../tracing/hub/hubEnvironment") as typeof import("../tracing/hub/hubEnvironment")).resource },
  { token: "langsmith:index:ModelPriceMap", area: "tracing", module: "./tracing/modelPriceMap", load: () => (require("../tracing/modelPriceMap") as typeof import("../tracing/modelPriceMap")).resource },
  { token: "langsmith:index:PlaygroundSettings", area: "tracing", module: "./tracing/playgroundSettings", load: () => (require("../tracing/playgroundSettings") as typeof import("../tracing/playgroundSettings")).resource },
  { token: "langsmith:index:Project", area: "tracing", module: "./tracing/project", load: () => (require("../tracing/project") as typeof import("../tracing/project")).resource },
  { token: "langsmith:index:Prompt", area: "tracing", module: "./tracing/prompt", load: () => (require("../tracing/prompt") as typeof import("../tracing/prompt")).resource },
  { token: "langsmith:index:PromptTag", area: "tracing", module: "./tracing/promptTag", load: () => (require("../tracing/promptTag") as typeof import("../tracing/promptTag")).resource },
  { token: "langsmith:index:PromptWebhook", area: "tracing", module: "./tracing/promptWebhook", load: () => (require("../tracing/promptWebhook") as typeof import("../tracing/promptWebhook")).resource },
  { token: "langsmith:index:RepoOwner", area: "tracing", module: "./tracing/hub/repoOwner", load: () => (require("../tracing/hub/repoOwner") as typeof import("../tracing/hub/repoOwner")).resource },
  { token: "langsmith:index:RunRule", area: "tracing", module: "./tracing/runRule", load: () => (require("../tracing/runRule") as typeof import("../tracing/runRule")).resource },
  { token: "langsmith:index:Tool", area: "tracing", module: "./tracing/hub/tool", load: () => (require("../tracing/hub/tool") as typeof import("../tracing/hub/tool")).resource },
];
