== community R langsmith_project internal/provider/project_resource.go 5ddcb667541a9331d889c18498df995440559a90
id c string
name r string
description o string
default_dataset_id o string
reference_dataset_id o string
extra o string
trace_tier oc string oneOf=longlived|shortlived
tag_value_ids o list(string)
workspace_id oc string F
start_time oc string
end_time o string
== community R langsmith_sso_settings internal/provider/sso_settings_resource.go ec7b672c55b46f0416e3259c675dbb11e11541ee
id c string
default_workspace_role_id o string
default_workspace_ids o string
metadata_url o string
metadata_xml o string S
provider_id c string
organization_id c string
attribute_mapping oc string
sso_groups_enabled oc bool
sso_groups_claim_field oc string
sso_groups_required oc bool
sso_groups_role_sync_enabled oc bool
== community R langsmith_usage_limit internal/provider/usage_limit_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
limit_type r string F
limit_value r number
workspace_id oc string F
created_at c string
updated_at c string
== community R langsmith_annotation_queue internal/provider/annotation_queue_resource.go ec7b672c55b46f0416e3259c675dbb11e11541ee
id c string
name r string
description o string
enable_reservations oc bool
num_reviewers_per_item oc number
reservation_minutes oc number
default_dataset o string
rubric_instructions o string
rubric_items o string
metadata o string
reviewer_access_mode oc string
session_ids o list(string) F
source_rule_id c string
run_rule_id c string
queue_type c string
workspace_id oc string F
created_at c string
updated_at c string
== community R langsmith_service_account internal/provider/service_account_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
name r string F
organization_id c string
default_workspace_id c string
created_at c string
updated_at c string
workspaces o string F
workspace_id oc string F
== community R langsmith_dataset internal/provider/dataset_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
name r string
description o string
data_type oc string oneOf=kv|llm|chat
inputs_schema_definition o string
outputs_schema_definition o string
externally_managed oc bool
baseline_experiment_id oc string
transformations o string
metadata oc string
example_count c number
session_count c number
modified_at c string
last_session_start_time c string
workspace_id oc string F
created_at c string
== community R langsmith_example internal/provider/example_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
dataset_id r string F
inputs r string
outputs o string
metadata o string
split oc string
source_run_id o string
created_at c string
modified_at c string
workspace_id oc string F
# webhook read at 81a5f61e: headers not Sensitive there (1.0.0 CHANGELOG says later marked sensitive) -- see report
== community R langsmith_webhook internal/provider/webhook_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
url r string
headers o map(string)
triggers o list(string)
include_prompts o list(string)
exclude_prompts o list(string)
workspace_id oc string F
created_at c string
updated_at c string
== community R langsmith_prompt internal/provider/prompt_resource.go 5ddcb667541a9331d889c18498df995440559a90
id c string
repo_handle r string F
manifest oc string
is_public r bool
description o string
readme o string
tags o list(string)
is_archived oc bool
restricted_mode oc bool
tag_value_ids o list(string)
owner c string
full_name c string
commit_hash c string
workspace_id oc string F
created_at c string
updated_at c string
== community R langsmith_run_rule internal/provider/run_rule_resource.go 5ddcb667541a9331d889c18498df995440559a90
id c string
display_name r string
sampling_rate r number
session_id o string
is_enabled oc bool
filter o string
trace_filter o string
tree_filter o string
add_to_annotation_queue_id o string
add_to_dataset_id o string
add_to_dataset_prefer_correction oc bool
num_few_shot_examples oc number
dataset_id o string
backfill_from o string
use_corrections_dataset oc bool
extend_only oc bool
is_tracing_disabled oc bool
extend_evaluator_trace_retention oc bool
extend_dataset_trace_retention oc bool
extend_annotation_queue_trace_retention oc bool
extend_webhook_trace_retention oc bool
spend_limit oc string
tracer_session_issue_id o string F
transient oc bool
include_extended_stats oc bool
group_by o string F oneOf=thread_id
create_alignment_queue oc bool
evaluator_version oc number
evaluators o string
code_evaluators o string
alerts o string S
webhooks o string S
session_name c string
dataset_name c string
corrections_dataset_id c string
evaluator_id oc string
alignment_annotation_queue_id c string
add_to_annotation_queue_name c string
add_to_dataset_name c string
backfill_id c string
backfill_status c string
backfill_progress c number
backfill_completed_at c string
backfill_error c string
workspace_id oc string F
created_at c string
updated_at c string
== community R langsmith_org_member internal/provider/org_member_resource.go 91dcbdf54f4308c0561a79f355c5b5b91a484987
id c string
user_id c string
email r string F
role_id o string
full_name o string
organization_id c string
created_at c string
pending c bool
== community R langsmith_playground_settings internal/provider/playground_settings_resource.go ec7b672c55b46f0416e3259c675dbb11e11541ee
id c string
name o string
description o string
settings r string
created_at c string
updated_at c string
options o string
oauth_enabled oc bool
oauth_token_url oc string
oauth_client_id oc string
oauth_client_secret oc string S
oauth_token_endpoint_auth_method oc string oneOf=client_secret_basic|client_secret_post
oauth_params oc string
oauth_headers oc string S
available_in_playground oc bool
available_in_evaluators oc bool
available_in_agent_builder oc bool
available_in_polly oc bool
available_in_insights_heavy oc bool
available_in_insights_light oc bool
settings_type oc string F oneOf=complex|simple
workspace_id oc string F
# gateway_policy: re-read at 5ddcb667 (1.2 cycle: its paths moved to /api/v1/platform/gateway-policies); the schema is the same as at 81a5f61e
== community R langsmith_gateway_policy internal/provider/gateway_policy_resource.go 5ddcb667541a9331d889c18498df995440559a90
id c string
name r string
description o string
policy_type r string F
action r string
priority oc number
enabled oc bool
config o string
subject_matchers o list(object)
  key r string
  value r string
organization_id c string
is_system_generated c bool
parent_policy_id c string
current_spend_usd c number
created_at c string
updated_at c string
created_by c string
workspace_id oc string F
== community R langsmith_tagging internal/provider/tagging_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
tag_value_id r string F
resource_type r string F oneOf=alert|dashboard|dataset|deployment|experiment|project|prompt|queue
resource_id r string F
created_at c string
workspace_id oc string F
== community R langsmith_ttl_settings internal/provider/ttl_settings_resource.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
id c string
default_trace_tier r string oneOf=longlived|shortlived
apply_to_all_projects oc bool
workspace_id oc string F
organization_id c string
configured_by c string
longlived_ttl_days c number
created_at c string
updated_at c string
== community R langsmith_oauth_client internal/provider/oauth_client_resource.go 91dcbdf54f4308c0561a79f355c5b5b91a484987
id c string
client_id c string
client_secret c string S
client_name r string
client_type oc string F oneOf=public|confidential
client_uri o string
logo_uri o string
policy_uri o string
tos_uri o string
redirect_uris o list(string)
grant_types oc list(string) F
allowed_scopes oc list(string)
disabled oc bool
rotate_secret o string
created_at c string
updated_at c string
== community R langsmith_hub_directory internal/provider/hub_directory_resource.go 91dcbdf54f4308c0561a79f355c5b5b91a484987
id c string
owner r string F
repo r string F
files r string
skip_webhooks oc bool
commit_hash c string
commit_id c string
workspace_id oc string F
== community R langsmith_optimization_job internal/provider/optimization_job_resource.go 91dcbdf54f4308c0561a79f355c5b5b91a484987
id c string
owner r string F
repo r string F
algorithm r string F oneOf=promptim|demo
config r string F
status oc string oneOf=created|running|successful|failed
results c string
repo_id c string
workspace_id oc string F
created_at c string
updated_at c string
== community D langsmith_info_health internal/provider/info_health_data_source.go 91dcbdf54f4308c0561a79f355c5b5b91a484987
clickhouse_disk_free_pct c number
== community D langsmith_dataset_versions internal/provider/dataset_versions_data_source.go c95565fbbf092c84b0fc392dfae3e66989abe000
dataset_id r string
workspace_id oc string
versions c list(object)
  as_of c string
  tags c list(string)
== community D langsmith_shared_tokens internal/provider/shared_tokens_data_source.go 5ddcb667541a9331d889c18498df995440559a90
workspace_id oc string
entities c string
entity_count c number
== community D langsmith_optimization_job_logs internal/provider/optimization_job_logs_data_source.go 91dcbdf54f4308c0561a79f355c5b5b91a484987
owner r string
repo r string
job_id r string
workspace_id oc string
logs c list(object)
  id c string
  log_type c string
  message c string
  data c string
  created_at c string
== community D langsmith_oauth_authorized_apps internal/provider/oauth_authorized_apps_data_source.go b82337bdba64a036767c640edda325910ee6797e
apps c list(object)
  client_id c string
  client_name c string
  client_uri c string
  logo_uri c string
  authorized_at c string
  scopes c list(string)
== community R langsmith_workspace_ttl_settings internal/provider/workspace_ttl_settings_resource.go a4a870494241e334456c4187f3e317e24f1ca3e7
id c string
workspace_id oc string F
longlived_ttl_days r number
is_custom c bool
