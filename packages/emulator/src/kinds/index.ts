/** Every declared kind the emulator serves (one declaration each; see `declaration.ts`). */
import { ACCESS_POLICIES } from "../organization/accessPolicies";
import { ALERT_RULES } from "../tracing/alertRules";
import { ANNOTATION_QUEUES } from "../tracing/annotationQueues";
import { PERSONAL_ACCESS_TOKENS, SERVICE_KEYS, WORKSPACE_API_KEYS } from "../organization/apiKeys";
import { DATASETS } from "../tracing/datasets";
import type { KindDeclaration } from "./declaration";
import { EVALUATORS } from "../tracing/evaluators";
import { EXAMPLES } from "../tracing/examples";
import { EXPERIMENT_VIEW_OVERRIDES } from "../tracing/datasets/experimentViewOverrides";
import { FEEDBACK_CONFIGS } from "../tracing/feedbackConfigs";
import { INSIGHTS_CONFIGS } from "../tracing/insights/insightsConfigs";
import { FEEDBACK_FORMULAS } from "../tracing/insights/feedbackFormulas";
import { ISSUES_AGENTS } from "../tracing/insights/issuesAgents";
import { GATEWAY_POLICIES } from "../organization/gatewayPolicies";
import { ORG_INVITES, ORG_MEMBERS, WORKSPACE_MEMBERS } from "../organization/members";
import { MODEL_PRICES } from "../tracing/modelPrices";
import { PLAYGROUND_SETTINGS } from "../tracing/playgroundSettings";
import { PROMPT_COMMITS } from "../tracing/promptCommits";
import { PROMPTS } from "../tracing/prompts";
import { PROMPT_TAGS } from "../tracing/promptTags";
import { PROMPT_WEBHOOKS } from "../tracing/promptWebhooks";
import { HUB_ENVIRONMENTS } from "../tracing/hub/hubEnvironments";
import { REPO_OWNERS } from "../tracing/hub/repoOwners";
import { TOOLS } from "../tracing/hub/tools";
import { RUN_RULES } from "../tracing/runRules";
import { SANDBOX_REGISTRIES } from "../organization/sandboxRegistries";
import { SANDBOX_SNAPSHOTS } from "../organization/sandboxSnapshots";
import { SCIM_TOKENS } from "../organization/scimTokens";
import { OAUTH_CLIENTS } from "../organization/oauthClients";
import { ROLES } from "../organization/roles";
import { SERVICE_ACCOUNTS } from "../organization/serviceAccounts";
import { SESSIONS } from "../tracing/sessions";
import { CHART_SECTIONS } from "../tracing/charts/chartSections";
import { CHARTS } from "../tracing/charts/charts";
import { FILTER_VIEWS } from "../tracing/charts/filterViews";
import { SSO_SETTINGS } from "../organization/ssoSettings";
import { TAGGINGS } from "../organization/taggings";
import { TAG_KEYS, TAG_VALUES } from "../organization/tags";
import { ORGANIZATION_TTL_SETTINGS, TTL_SETTINGS } from "../organization/ttlSettings";
import { USAGE_LIMITS } from "../organization/usageLimits";
import { WORKSPACE_SECRETS } from "../organization/workspaceSecrets";
import { WORKSPACES } from "../organization/workspaces";

export type { KindRecord } from "../core/types";
export type { KindDeclaration } from "./declaration";
export { registerKind } from "./routes";
export { registerAccessPolicyAttachments } from "../organization/accessPolicies";
export { registerOAuthClientRotation } from "../organization/oauthClients";
export { registerAnnotationQueueReviewerRoutes } from "../tracing/datasets/annotationQueueReviewers";
export { registerDatasetShareRoutes } from "../tracing/datasets/datasetShares";
export { registerIssuesAgentOverview } from "../tracing/insights/issuesAgents";
export { registerChartReads } from "../tracing/charts/chartReads";
export { registerRepoOwnerRemoval } from "../tracing/hub/repoOwners";
export { registerToolByHandle } from "../tracing/hub/tools";
export { registerHubDirectoryRoutes } from "../tracing/hub/hubDirectories";
export { registerGatewayPolicyRoutes } from "../organization/gatewayPolicies";
export { registerResourceTagsRoute, registerWorkspaceTagsRoute } from "../organization/taggings";
export { registerDataPlaneRoutes } from "../organization/dataPlanes";

/** The declared kinds, parents before the kinds under them. */
export const KINDS: readonly KindDeclaration[] = [
  WORKSPACES,
  ROLES,
  TAG_KEYS,
  TAG_VALUES,
  TAGGINGS,
  WORKSPACE_SECRETS,
  ORGANIZATION_TTL_SETTINGS,
  TTL_SETTINGS,
  USAGE_LIMITS,
  SSO_SETTINGS,
  ORG_INVITES,
  ORG_MEMBERS,
  WORKSPACE_MEMBERS,
  SERVICE_ACCOUNTS,
  WORKSPACE_API_KEYS,
  SERVICE_KEYS,
  PERSONAL_ACCESS_TOKENS,
  SCIM_TOKENS,
  OAUTH_CLIENTS,
  SESSIONS,
  DATASETS,
  EXAMPLES,
  EXPERIMENT_VIEW_OVERRIDES,
  ANNOTATION_QUEUES,
  FEEDBACK_CONFIGS,
  MODEL_PRICES,
  PLAYGROUND_SETTINGS,
  PROMPT_WEBHOOKS,
  PROMPTS,
  PROMPT_COMMITS,
  PROMPT_TAGS,
  HUB_ENVIRONMENTS,
  REPO_OWNERS,
  TOOLS,
  EVALUATORS,
  RUN_RULES,
  ALERT_RULES,
  INSIGHTS_CONFIGS,
  ISSUES_AGENTS,
  FEEDBACK_FORMULAS,
  CHART_SECTIONS,
  CHARTS,
  FILTER_VIEWS,
  SANDBOX_REGISTRIES,
  SANDBOX_SNAPSHOTS,
  ACCESS_POLICIES,
  GATEWAY_POLICIES,
];
