/** Every declared kind the emulator serves (one declaration each; see `declaration.ts`). */
import { ACCESS_POLICIES } from "./accessPolicies";
import { ALERT_RULES } from "./alertRules";
import { ANNOTATION_QUEUES } from "./annotationQueues";
import { SERVICE_KEYS, WORKSPACE_API_KEYS } from "./apiKeys";
import { DATASETS } from "./datasets";
import type { KindDeclaration } from "./declaration";
import { EVALUATORS } from "./evaluators";
import { EXAMPLES } from "./examples";
import { FEEDBACK_CONFIGS } from "./feedbackConfigs";
import { GATEWAY_POLICIES } from "./gatewayPolicies";
import { ORG_INVITES, ORG_MEMBERS, WORKSPACE_MEMBERS } from "./members";
import { MODEL_PRICES } from "./modelPrices";
import { PLAYGROUND_SETTINGS } from "./playgroundSettings";
import { PROMPT_COMMITS } from "./promptCommits";
import { PROMPTS } from "./prompts";
import { PROMPT_TAGS } from "./promptTags";
import { PROMPT_WEBHOOKS } from "./promptWebhooks";
import { RUN_RULES } from "./runRules";
import { SANDBOX_REGISTRIES } from "./sandboxRegistries";
import { ROLES } from "./roles";
import { SERVICE_ACCOUNTS } from "./serviceAccounts";
import { SESSIONS } from "./sessions";
import { SSO_SETTINGS } from "./ssoSettings";
import { TAGGINGS } from "./taggings";
import { TAG_KEYS, TAG_VALUES } from "./tags";
import { ORGANIZATION_TTL_SETTINGS, TTL_SETTINGS } from "./ttlSettings";
import { USAGE_LIMITS } from "./usageLimits";
import { WORKSPACE_SECRETS } from "./workspaceSecrets";
import { WORKSPACES } from "./workspaces";

export type { KindRecord } from "../core/types";
export type { KindDeclaration } from "./declaration";
export { registerKind } from "./routes";
export { registerAccessPolicyAttachments } from "./accessPolicies";
export { registerGatewayPolicyRoutes } from "./gatewayPolicies";
export { registerResourceTagsRoute, registerWorkspaceTagsRoute } from "./taggings";
export { registerDataPlaneRoutes } from "./dataPlanes";

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
  SESSIONS,
  DATASETS,
  EXAMPLES,
  ANNOTATION_QUEUES,
  FEEDBACK_CONFIGS,
  MODEL_PRICES,
  PLAYGROUND_SETTINGS,
  PROMPT_WEBHOOKS,
  PROMPTS,
  PROMPT_COMMITS,
  PROMPT_TAGS,
  EVALUATORS,
  RUN_RULES,
  ALERT_RULES,
  SANDBOX_REGISTRIES,
  ACCESS_POLICIES,
  GATEWAY_POLICIES,
];
