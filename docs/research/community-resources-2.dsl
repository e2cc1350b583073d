== community R langsmith_workspace_member internal/provider/workspace_member_resource.go 91dcbdf54f4308c0561a79f355c5b5b91a484987
id c string
user_id r string F
role_id r string
email c string
full_name c string
created_at c string
pending c bool
workspace_id oc string F
# workspace: index holds only d7595eb5 (pre-0.5); read from fetch snapshot at v0.6.0 (a641287); no later version found at the 1.0/1.2 probe commits
== community R langsmith_workspace internal/provider/workspace_resource.go a641287198afa803150cbbbb8b9a94cde2fcf089
id c string
display_name r string
tenant_handle oc string F
created_at c string
organization_id c string
is_personal c bool
== community R langsmith_api_key internal/provider/api_key_resource.go ec7b672c55b46f0416e3259c675dbb11e11541ee
id c string
description oc string F
expires_at o string F
workspaces o list(string) F
role_id o string F
org_role_id o string F
read_only oc bool F
default_workspace_id o string F
short_key c string
key c string S
created_at c string
last_used_at c string
access_scope c string
workspace_names c list(string)
default_workspace_name c string
workspace_id oc string F
== community R langsmith_personal_access_token internal/provider/personal_access_token_resource.go ec7b672c55b46f0416e3259c675dbb11e11541ee
id c string
description oc string F
short_key c string
key c string S
created_at c string
expires_at o string F
default_workspace_id o string F
org_role_id o string F
read_only oc bool F
role_id o string F
workspaces o list(string) F
== community R langsmith_organization_settings internal/provider/organization_settings_resource.go 5ddcb667541a9331d889c18498df995440559a90
id c string
display_name oc string
public_sharing_disabled oc bool
pat_creation_disabled oc bool
jit_provisioning_enabled oc bool
invites_enabled oc bool
workspace_admin_can_invite_to_org oc bool
max_api_key_expiry_days oc number
max_pat_expiry_days oc number
max_service_key_expiry_days oc number
security_contact oc string
scim_group_name_separator oc string
ip_allowlist oc list(string)
disabled_model_providers oc list(string)
llm_auth_proxy_enabled oc bool
llm_auth_proxy_jwt_audience oc string
llm_auth_proxy_allowed_urls oc list(string)
restrict_browser_secrets oc bool
byoc_create_saas_workspace_enabled oc bool
engine_enabled oc bool
engine_lcu_spend_limit_monthly oc number
sso_only oc bool
ip_allowlist_enabled c bool
sso_login_slug c string
is_personal c bool
== community R langsmith_alert_rule internal/provider/alert_rule_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
session_id r string F
name r string
description r string
type r string oneOf=threshold|change
aggregation r string oneOf=avg|sum|pct
attribute r string
operator r string oneOf=gte|lte
window_minutes r number
threshold o number
threshold_multiplier o number
threshold_window_minutes o number
filter o string
denominator_filter o string
actions r string
created_at c string
updated_at c string
workspace_id oc string F
== community R langsmith_service_key internal/provider/service_key_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
description oc string F
read_only oc bool F
short_key c string
key c string S
created_at c string
expires_at o string F
default_workspace_id o string F
role_id o string
org_role_id o string
workspace_id oc string F
# secret read at 81a5f61e: ImportState still passthrough there (1.0.0 CHANGELOG says import later takes <key> or <key>:<workspace_id>); schema may be unaffected
== community R langsmith_secret internal/provider/secret_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
key r string F
value r string S
workspace_id oc string F
== community R langsmith_tag_key internal/provider/tag_key_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
key r string
description o string
created_at c string
updated_at c string
workspace_id oc string F
== community R langsmith_tag_value internal/provider/tag_value_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
tag_key_id r string F
value r string
description o string
created_at c string
updated_at c string
workspace_id oc string F
== community R langsmith_feedback_config internal/provider/feedback_config_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
feedback_key r string F
feedback_type r string oneOf=continuous|categorical
min o number
max o number
categories o string
is_lower_score_better oc bool
workspace_id oc string F
modified_at c string
== community R langsmith_model_price_map internal/provider/model_price_map_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
name r string
match_pattern r string
prompt_cost r number
completion_cost r number
model_provider o string
start_time o string
match_path o list(string)
prompt_cost_details o string
completion_cost_details o string
workspace_id oc string F
== community R langsmith_prompt_tag internal/provider/prompt_tag_resource.go 5ddcb667541a9331d889c18498df995440559a90
id c string
repo_handle r string F
tag_name r string F
commit_hash r string
created_at c string
updated_at c string
workspace_id oc string F
# sandbox_registry: username/password described as write-only but the schema sets no WriteOnly flag (password only Sensitive)
== community R langsmith_sandbox_registry internal/provider/sandbox_registry_resource.go 5ddcb667541a9331d889c18498df995440559a90
id c string
name r string F
url r string
username r string
password r string S
created_at c string
created_by c string
updated_at c string
updated_by c string
workspace_id oc string F
== community R langsmith_data_plane internal/provider/data_plane_resource.go 5ddcb667541a9331d889c18498df995440559a90
id c string
name oc string F
region oc string F
external_id r string F S
role_arn o string F
vpc_cidr o string F
api_url c string
status c string
workspaces c string
created_at c string
== community R langsmith_evaluator internal/provider/evaluator_resource.go 5ddcb667541a9331d889c18498df995440559a90
id c string
name r string
type r string F oneOf=code|llm
workspace_id oc string F
code_evaluator o object
  code r string
  language oc string
llm_evaluator o object
  prompt_repo_handle r string
  commit_hash_or_tag oc string
  variable_mapping o string
  num_few_shot_examples oc number
  use_corrections_dataset oc bool
feedback_keys c list(string)
created_at c string
updated_at c string
created_by c string
== community R langsmith_bulk_export internal/provider/bulk_export_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
bulk_export_destination_id r string F
session_id r string F
start_time r string F
end_time o string F
format oc string F
compression oc string F
interval_hours o number F
filter o string F
status c string
workspace_id oc string F
created_at c string
updated_at c string
format_version oc string F
export_fields o list(string)
finished_at c string
# access_policy read at 81a5f61e: NO RequiresReplace on name/description/effect/condition_groups/role_ids there, although the 1.0.0 CHANGELOG says access_policy "now force[s] replacement on every configurable attribute"; the fixed version was not found at any probed commit (not at 91dcbdf5/c95565fb/ec7b672c/5ddcb667/a4a87049)
== community R langsmith_access_policy internal/provider/access_policy_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
name r string
description o string
effect r string
condition_groups o string
role_ids o string
created_at c string
updated_at c string
workspace_id oc string F
== community R langsmith_bulk_export_destination internal/provider/bulk_export_destination_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
display_name r string F
destination_type oc string F
bucket_name r string F
prefix o string F
region o string F
endpoint_url o string F
include_bucket_in_prefix o bool F
access_key_id o string S
secret_access_key o string S
session_token o string S
workspace_id oc string F
created_at c string
updated_at c string
credentials_keys c list(string)
== community R langsmith_org_role internal/provider/org_role_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
display_name r string
description o string
permissions r string
name c string
organization_id c string
access_scope c string
is_restricted oc bool
== community R langsmith_agent_builder_integrations internal/provider/agent_builder_integrations_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
integrations_enabled_by_default r bool
integration_overrides o list(object)
  integration_key r string
  is_enabled r bool
integration_catalog c list(object)
  id c string
  key c string
  display_name c string
  can_invoke c bool
workspace_id oc string F
# annotation_queue_reviewer read at 81a5f61e: Update there is a silent no-op (1.0.0 CHANGELOG: later made an explicit error); schema presumably unaffected
== community R langsmith_annotation_queue_reviewer internal/provider/annotation_queue_reviewer_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
queue_id r string F
identity_id r string F
workspace_id oc string F
# chart: stored at both 81a5f61e and a4a87049 (a4a87049 carries the 1.0.0 import fix, so it is the later one); schemas identical
== community R langsmith_chart internal/provider/chart_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
title r string
description o string
index oc number
chart_type r string oneOf=line|bar|table|kpi|top-k|pie
series r string
section_id o string
metadata o string
common_filters o string
created_at c string
updated_at c string
workspace_id oc string F
== community R langsmith_chart_section internal/provider/chart_section_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
title r string
description o string
index oc number
created_at c string
updated_at c string
workspace_id oc string F
== community R langsmith_comparative_experiment internal/provider/comparative_experiment_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
reference_dataset_id r string F
experiment_ids r list(string) F
name oc string F
description oc string F
extra oc string F
created_at c string
modified_at c string
workspace_id oc string F
== community R langsmith_chart_section_clone internal/provider/chart_section_clone_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
source_section_id o string F
session_id o string F
title oc string
description oc string
index oc number
created_at c string
updated_at c string
workspace_id oc string F
== community R langsmith_dataset_share internal/provider/dataset_share_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
dataset_id r string F
share_projects o bool
share_token c string
workspace_id oc string F
== community R langsmith_dataset_version_tag internal/provider/dataset_version_tag_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
dataset_id r string F
tag r string F
as_of r string
version_as_of c string
workspace_id oc string F
== community R langsmith_dataset_split internal/provider/dataset_split_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
dataset_id r string F
name r string F
example_ids r set(string)
workspace_id oc string F
== community R langsmith_experiment_view_override internal/provider/experiment_view_override_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
dataset_id r string F
column_overrides r list(object)
  column r string
  color_gradient o string
  color_map o string
  disable_colors o bool
  hide o bool
  precision o number
created_at c string
modified_at c string
workspace_id oc string F
# feature_model_config: re-read at 5ddcb667 (1.2 cycle: /api/v1/platform/features paths); the schema is the same as at 81a5f61e
== community R langsmith_feature_model_config internal/provider/feature_model_config_resource.go 5ddcb667541a9331d889c18498df995440559a90
id c string
feature r string F
default_model o string
disabled_models o set(string)
workspace_id oc string F
== community R langsmith_feedback_formula internal/provider/feedback_formula_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
feedback_key r string
aggregation_type r string oneOf=sum|avg
formula_parts r string
dataset_id o string F
session_id o string F
created_at c string
modified_at c string
workspace_id oc string F
== community R langsmith_feedback_ingest_token internal/provider/feedback_ingest_token_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
run_id r string F
feedback_key r string F
expires_at oc string F
url c string S
workspace_id oc string F
== community R langsmith_hub_environment internal/provider/hub_environment_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
environments r list(object)
  name r string
workspace_id oc string F
== community R langsmith_insights_config internal/provider/insights_config_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
session_id r string F
name r string
description o string
config r string
schedule_cron o string
workspace_id oc string F
== community R langsmith_filter_view internal/provider/filter_view_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
session_id r string F
display_name r string
description o string
filter_string o string
trace_filter_string o string
tree_filter_string o string
type oc string oneOf=runs|threads
start_time o string
end_time o string
duration o string
created_at c string
updated_at c string
workspace_id oc string F
# issues_agent: overview described as write-only in its description, but no WriteOnly flag in the schema
== community R langsmith_issues_agent internal/provider/issues_agent_resource.go 5ddcb667541a9331d889c18498df995440559a90
id c string
session_id r string F
github_repo_url oc string
github_base_branch oc string
github_repo_subdir oc string
context_hub_repo_handle oc string
priorities oc list(string)
cron_enabled oc bool
agent_overview_accepted oc bool
overview o string
user_instructions o string
session_lcu_spend_limit_monthly o string
session_agent_overview_repo_id c string
cron_schedule c string
latest_run_id c string
latest_thread_id c string
session_name c string
tenant_name c string
created_at c string
updated_at c string
workspace_id oc string F
# mcp_vendor_settings: re-read at 5ddcb667 (1.2 cycle: /api/v1/platform/mcp-vendors paths); the schema is the same as at a4a87049
== community R langsmith_mcp_vendor_settings internal/provider/mcp_vendor_settings_resource.go 5ddcb667541a9331d889c18498df995440559a90
id c string
vendor_slug r string F
organization_id o string
project_id o string
is_configured c bool
workspace_id oc string F
# org_chart read at 81a5f61e: Read there still restores series/section_id unconditionally (1.0.0 CHANGELOG import fix not yet applied); a later version was not found at a4a87049; schema presumably unaffected
== community R langsmith_org_chart internal/provider/org_chart_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
title r string
description o string
index oc number
chart_type r string oneOf=line|bar|table|kpi|top-k|pie
series r string
section_id o string
metadata o string
common_filters o string
created_at c string
updated_at c string
workspace_id oc string F
# repo_owner read at 81a5f61e: Update there is a silent no-op (1.0.0 CHANGELOG: later an explicit error); schema presumably unaffected
== community R langsmith_repo_owner internal/provider/repo_owner_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
owner r string F
repo r string F
email r string F
identity_id c string
ls_user_id c string
full_name c string
created_at c string
workspace_id oc string F
== community R langsmith_org_chart_section internal/provider/org_chart_section_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
title r string
description o string
index oc number
created_at c string
updated_at c string
workspace_id oc string F
== community R langsmith_run_share internal/provider/run_share_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
run_id r string F
share_token c string
workspace_id oc string F
== community R langsmith_role_access_policies internal/provider/role_access_policies_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
role_id r string F
access_policy_ids r set(string)
workspace_id oc string F
== community R langsmith_tool internal/provider/tool_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
handle r string F
name r string
description r string
parameters r string
returns o string
metadata o string
enabled oc bool
workspace_id oc string F
created_at c string
updated_at c string
== community R langsmith_workspace_handle internal/provider/workspace_handle_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
handle r string
display_name c string
created_at c string
workspace_id oc string F
== community R langsmith_scim_token internal/provider/scim_token_resource.go 5ddcb667541a9331d889c18498df995440559a90
id c string
description o string
token c string S
short_token c string
last_used_at c string
created_at c string
updated_at c string
# Second pass (1.0-era reads): each file below was also asked for at 1.2-cycle commits; none is stored there, so the 1.0-era read stands: dataset and ttl_settings (at 91dcbdf5, 5ddcb667, c95565fb, ec7b672c); alert_rule and webhook (at 91dcbdf5, 5ddcb667); tagging (at 91dcbdf5, 5ddcb667); access_policy, annotation_queue_reviewer, experiment_view_override, agent_builder_integrations, role_access_policies, hub_environment, tool, usage_limit, service_key, secret, insights_config, org_role, tag_key, example (at 5ddcb667). The other 1.0-era files were not probed again (time).
