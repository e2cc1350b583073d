/**
 * What the configuration kinds of issue 46 (charts, views, tokens, settings,
 * insights, the hub, dataset splits, tags and overrides) leave out of the
 * contract's bodies, with the reason: part of ./leftOut.ts's table, kept here
 * so neither file grows past the length rule.
 */
import type { LeftOut } from "./leftOut";
import { IN_PATH } from "./leftOutReasons";

/** Per kind (type token): what it leaves out, with the reason. */
export const CONFIGURATION_LEFT_OUT: Readonly<Record<string, LeftOut>> = {
  "langsmith:index:Chart": {
    request: {
      markdown:
        "a markdown text block's text: a text block (`chart_type: text`) is another object than a chart, which this kind does not manage (the update schema is shared by both)",
    },
    response: {
      data: "the chart's data points over the read's time window: metrics, not configuration (the reads ask for none, `omit_data`)",
      markdown: "a markdown text block's text: the reads answer text blocks too, which a Chart never is (its import and listing leave them out)",
    },
  },
  "langsmith:index:FilterView": {
    response: { session_id: `${IN_PATH} (\`projectId\`)` },
  },
  "langsmith:index:ChartSection": {
    request: {
      layout:
        "the arrangement of the section's charts, each named by id: the charts name the section (`sectionId`), so a program cannot give the section their ids without a cycle; the layout stays the LangSmith UI's, and refresh leaves it alone",
    },
  },
  "langsmith:index:PersonalAccessToken": {
    response: {
      default_workspace_name: "the name of the token's first workspace (`workspaces` holds their ids)",
      last_used_at: "when the token last authenticated: usage, not configuration",
    },
  },
  "langsmith:index:SandboxSnapshot": {
    response: {
      created_by: "the user who made it: an API key has none",
      memory_snapshot_size_bytes: "set only for a snapshot captured from a running sandbox with its memory; one built from a Docker image has none",
      source_sandbox_id: "set only for a snapshot captured from a sandbox; one built from a Docker image has none",
    },
  },
  "langsmith:index:ScimToken": {
    response: { last_used_at: "a usage statistic that changes with every SCIM call the identity provider makes: not configuration, so not recorded" },
  },
  "langsmith:index:OrganizationSettings": {
    request: {
      unshare_all: "an action, not a setting: true unshares everything the organization has shared publicly, once; a declared setting would repeat it",
    },
    response: {
      config: "the organization's plan and its entitlements, which the service sets from the plan (`getOrganization` reports the tier)",
      tier: "the plan's tier, set by billing (`getOrganization` reports it)",
      permissions: "the caller's own permissions in the organization, not a setting of it",
      reached_max_workspaces: "a usage fact of the plan: whether the organization has as many workspaces as it may",
      disabled: "whether LangSmith has disabled the organization: `getOrganization` reports it",
      member_disabled: "whether the caller's membership is disabled: the caller's, not the organization's",
      marketplace_payouts_enabled: "a billing state LangSmith sets, not a setting a request changes",
      default_sso_provision: "set by its own request on a self-hosted install (the default organization of SSO provisioning), not by the settings' PATCH",
      can_export_usage_backfill: "an entitlement of the plan",
      managed_evals_enabled: "an entitlement of the plan",
      managed_eval_terms_accepted_at: "when someone accepted the terms of managed evaluators, in LangSmith: not a setting",
    },
  },
  "langsmith:index:FeatureModelConfig": {
    request: { model: "each request's one model: `defaultModel`, or one of `disabledModels` (one request per model)" },
  },
  "langsmith:index:IssuesAgent": {
    request: {
      session_agent_overview_repo_id:
        "the overview's repository, which the service makes when the overview is first saved (`overviewRepoId`); not a team's choice",
    },
    response: {
      engine_version: "the version of the agent's engine, chosen by the service",
      latest_thread_id: "the thread of the agent's latest run: its activity, not configuration",
      tenant_name: "the workspace's name, which `workspaceId` names",
    },
  },
  "langsmith:index:InsightsConfig": {
    request: {
      "config.config_id": "names a saved config for one run of it: a saved config is this resource",
      "config.name": "the name of one run of the job: the saved config's own `name` input names it",
      "config.start_time": "a fixed window for one run; a saved config reads a moving one (`config.lastNHours`)",
      "config.end_time": "a fixed window for one run; a saved config reads a moving one (`config.lastNHours`)",
      "config.is_scheduled": "set by the service's scheduler on the runs it starts; the schedule is `scheduleCron`",
      "config.validate_model_secrets":
        "a check the service makes before it saves (default true: the workspace holds the model provider's key); the provider leaves it on",
    },
    response: {
      "config.name": "the name of one run of the job: the saved config's own `name` input names it",
      "config.start_time": "a fixed window for one run; a saved config reads a moving one (`config.lastNHours`)",
      "config.end_time": "a fixed window for one run; a saved config reads a moving one (`config.lastNHours`)",
    },
  },
  "langsmith:index:HubDirectory": {
    request: {
      parent_commit: "sent by the provider: the head the state records (commitHash), so a repository changed outside the stack refuses the commit",
      skip_webhooks: "the skipWebhooks input, which the provider sends with each commit itself (it is no field of the directory)",
    },
    response: {
      "commit.commit_hash": "the commit answer's hash: recorded as commitHash (the read's commit_hash)",
      "commit.id": "the commit answer's id: recorded as commitId (the read's commit_id)",
      "commit.created_at": "the time of the commit: bookkeeping, not configuration",
    },
  },
  "langsmith:index:RepoOwner": { response: { identity_id: "the resource's id (the owner's identity in the workspace)" } },
  "langsmith:index:DatasetSplit": {
    request: {
      remove: "the direction of one PUT: the provider sends false to add the examples a change adds, true to take out the ones it drops and at destroy",
    },
  },
  "langsmith:index:DatasetVersionTag": {
    response: { tags: "every tag of the version the tag names: the others are DatasetVersionTag resources of their own" },
  },
  "langsmith:index:ExperimentViewOverride": {
    response: { dataset_id: "the dataset the path names: the `datasetId` input, which is sent in the path, never in a body" },
  },
};
