== community D langsmith_datasets internal/provider/datasets_data_source.go c58b55e0e778a4ad2709c6f9d57002c65a97e6bb
# filters: name->query name, name_contains->query name_contains, data_type->query data_type; workspace_id = client workspace override (not a query param). GET /api/v1/datasets; pages to the end (limit=100, offset+=100 until a short page). Only stored version (1 version in index).
name o string
name_contains o string
data_type o string oneOf=kv|llm|chat
workspace_id o string
datasets c list(object)
  id c string
  name c string
  description c string
  data_type c string
  inputs_schema_definition c string
  outputs_schema_definition c string
  externally_managed c bool
  transformations c string
  metadata c string
  workspace_id c string
  created_at c string
  modified_at c string
  example_count c number
  session_count c number
  last_session_start_time c string
== community D langsmith_projects internal/provider/projects_data_source.go 817154aebd5bfb4c1775cf6208e7a7f14e1accdf
# filters: name->query name, name_contains->query name_contains; workspace_id = client workspace override. GET /api/v1/sessions; pages to the end (limit=100, offset+=100 until a short page). Version read: the one find_files lists (817154ae).
name o string
name_contains o string
workspace_id o string
projects c list(object)
  id c string
  name c string
  description c string
  default_dataset_id c string
  reference_dataset_id c string
  extra c string
  trace_tier c string
  workspace_id c string
  start_time c string
  run_count c number
== community D langsmith_prompts internal/provider/prompts_data_source.go c58b55e0e778a4ad2709c6f9d57002c65a97e6bb
# filters: query->query query, is_public->query is_public ("true"/"false"), is_archived->query is_archived (string: true|false|allow, no validator), tags->repeated query tags; workspace_id = client workspace override. GET /api/v1/repos (response {repos,total}); pages to the end (limit=100, offset+=100 until short page or len>=total). Version read: the one find_files lists (c58b55e0).
query o string
is_public o bool
is_archived o string
tags o list(string)
workspace_id o string
prompts c list(object)
  id c string
  repo_handle c string
  description c string
  readme c string
  is_public c bool
  is_archived c bool
  tags c list(string)
  workspace_id c string
  created_at c string
  updated_at c string
== community D langsmith_evaluators internal/provider/evaluators_data_source.go c58b55e0e778a4ad2709c6f9d57002c65a97e6bb
# filters: type->query type, name_contains->query name_contains; workspace_id = client workspace override. GET /v1/platform/evaluators (response {evaluators,total}); pages to the end (limit=100, offset+=100 until short page or len>=total). 2 stored versions; the other is at none of 91dcbdf5/5ddcb667/c95565fb/ec7b672c; read c58b55e0 (order vs. the other version unknown).
type o string
name_contains o string
workspace_id o string
evaluators c list(object)
  id c string
  name c string
  type c string
  workspace_id c string
  created_at c string
  updated_at c string
  code_evaluator_json c string
  llm_evaluator_json c string
== community D langsmith_examples internal/provider/examples_data_source.go a4a870494241e334456c4187f3e317e24f1ca3e7
# filters: dataset_id->query dataset (NOT dataset_id), as_of->query as_of, metadata->query metadata (JSON string), filter->query filter, splits->repeated query splits, full_text_contains->repeated query full_text_contains, offset->starting query offset, limit->query limit (single page when set). GET /api/v1/examples; without limit pages to the end (limit=100 until short page); with limit one request only. workspace_id = client override, computed from client when unset. Only stored version.
dataset_id r string
as_of o string
splits o list(string)
metadata o string
full_text_contains o list(string)
filter o string
offset o number
limit o number
workspace_id oc string
examples c list(object)
  id c string
  name c string
  dataset_id c string
  inputs c string
  outputs c string
  metadata c string
  source_run_id c string
  source_session_id c string
  source_run_start_time c string
  source_trace_id c string
  attachment_urls c string
  created_at c string
  modified_at c string
== community D langsmith_run_rules internal/provider/run_rules_data_source.go c58b55e0e778a4ad2709c6f9d57002c65a97e6bb
# filters: session_id->query session_id, dataset_id->query dataset_id, type->query type (session|dataset per description, no validator), name_contains->query name_contains; workspace_id = client workspace override. GET /api/v1/runs/rules; does NOT page (single request, no limit/offset). Version read: the one find_files lists (c58b55e0).
session_id o string
dataset_id o string
type o string
name_contains o string
workspace_id o string
rules c list(object)
  id c string
  display_name c string
  session_id c string
  dataset_id c string
  is_enabled c bool
  sampling_rate c number
  filter c string
  trace_filter c string
  tree_filter c string
  backfill_from c string
  evaluators c string
  alerts c string
  webhooks c string
  created_at c string
  updated_at c string
== community D langsmith_workspaces internal/provider/workspaces_data_source.go c58b55e0e778a4ad2709c6f9d57002c65a97e6bb
# filters: include_deleted->query include_deleted=true (sent only when true). GET /api/v1/workspaces; no paging (single request). Version read: the one find_files lists.
include_deleted o bool
workspaces c list(object)
  id c string
  display_name c string
  tenant_handle c string
  organization_id c string
  is_personal c bool
  is_deleted c bool
  role_id c string
  role_name c string
  created_at c string
== community D langsmith_workspace_members internal/provider/workspace_members_data_source.go c58b55e0e778a4ad2709c6f9d57002c65a97e6bb
# filters: none (workspace_id = client workspace override, reconciled from response tenant_id). GET /api/v1/workspaces/current/members (object with members + pending); no paging. Version read: the one find_files lists.
workspace_id oc string
members c list(object)
  id c string
  user_id c string
  ls_user_id c string
  email c string
  full_name c string
  role_id c string
  role_name c string
  access_scope c string
  org_role_id c string
  org_role_name c string
  is_disabled c bool
  created_at c string
pending c list(object)
  id c string
  email c string
  full_name c string
  role_id c string
  role_name c string
  created_at c string
== community D langsmith_org_members internal/provider/org_members_data_source.go 817154aebd5bfb4c1775cf6208e7a7f14e1accdf
# filters: none. GET /api/v1/orgs/current/members (object with organization_id, members, pending); no paging. Version read: the one find_files lists.
organization_id c string
members c list(object)
  id c string
  user_id c string
  ls_user_id c string
  email c string
  full_name c string
  role_id c string
  role_name c string
  access_scope c string
  org_role_id c string
  org_role_name c string
  is_disabled c bool
  workspace_ids c list(string)
  created_at c string
pending c list(object)
  id c string
  email c string
  full_name c string
  role_id c string
  role_name c string
  org_role_id c string
  org_role_name c string
  created_at c string
== community D langsmith_access_policies internal/provider/access_policies_data_source.go cc9d5a410272fdbaafc8b83dc259ec8405e9fb58
# filters: none (workspace_id = client workspace override; computed from client when unset). GET /v1/platform/orgs/current/access-policies (envelope {access_policies}); unpaginated, single request. 2 stored versions; read the one find_files lists (cc9d5a41); the other was not located.
workspace_id oc string
access_policies c list(object)
  id c string
  name c string
  description c string
  effect c string
  condition_groups c string
  role_ids c list(string)
  created_at c string
  updated_at c string
== community D langsmith_bulk_exports internal/provider/bulk_exports_data_source.go a4a870494241e334456c4187f3e317e24f1ca3e7
# filters: none (workspace_id = client workspace override; computed from client when unset). GET /api/v1/bulk-exports (bare array); pages to the end (limit=100, offset+=100 until short page). Only stored version.
workspace_id oc string
bulk_exports c list(object)
  id c string
  bulk_export_destination_id c string
  session_id c string
  all_experiments c bool
  source_bulk_export_id c string
  start_time c string
  end_time c string
  filter c string
  format c string
  format_version c string
  compression c string
  interval_hours c number
  export_fields c list(string)
  status c string
  workspace_id c string
  created_at c string
  updated_at c string
  finished_at c string
== community D langsmith_bulk_export_destinations internal/provider/bulk_export_destinations_data_source.go a4a870494241e334456c4187f3e317e24f1ca3e7
# filters: none (workspace_id = client workspace override; computed from client when unset). GET /api/v1/bulk-exports/destinations (bare array); no paging (single request). Only stored version.
workspace_id oc string
destinations c list(object)
  id c string
  display_name c string
  destination_type c string
  bucket_name c string
  prefix c string
  region c string
  endpoint_url c string
  include_bucket_in_prefix c bool
  aws_role_arn c string
  credentials_keys c list(string)
  workspace_id c string
  created_at c string
  updated_at c string
== community D langsmith_gateway_policies internal/provider/gateway_policies_data_source.go 5ddcb667541a9331d889c18498df995440559a90
# filters: policy_type->query policy_type, subject_matcher_key->query subject_matcher_key, subject_matcher_value->query subject_matcher_value (each sent only when non-empty); workspace_id = client workspace override (computed from client when unset). GET /api/v1/platform/gateway-policies (bare array); no paging (single request). 1.2-cycle version (5ddcb667).
workspace_id oc string
policy_type o string
subject_matcher_key o string
subject_matcher_value o string
gateway_policies c list(object)
  id c string
  name c string
  description c string
  policy_type c string
  action c string
  priority c number
  enabled c bool
  config c string
  subject_matchers c list(object)
    key c string
    value c string
  organization_id c string
  is_system_generated c bool
  parent_policy_id c string
  current_spend_usd c number
  created_at c string
  updated_at c string
  created_by c string
== community D langsmith_tools internal/provider/tools_data_source.go 5ddcb667541a9331d889c18498df995440559a90
# filters: none (workspace_id = client workspace override; computed from client when unset). GET /api/v1/platform/tools (envelope {tools,total,next_offset}); pages to the end (limit=100, offset = next_offset until next_offset null or empty page). 1.2-cycle version (5ddcb667), the one find_files lists.
workspace_id oc string
tools c list(object)
  id c string
  handle c string
  name c string
  description c string
  parameters c string
  returns c string
  metadata c string
  enabled c bool
  created_at c string
  updated_at c string
== community D langsmith_usage_limits internal/provider/usage_limits_data_source.go c58b55e0e778a4ad2709c6f9d57002c65a97e6bb
# filters: org_scope (bool) selects the endpoint: true -> GET /api/v1/usage-limits/org, else GET /api/v1/usage-limits; no query params; workspace_id = client workspace override. Bare array; no paging (single request). Version read: the one find_files lists (c58b55e0).
workspace_id o string
org_scope o bool
limits c list(object)
  id c string
  limit_type c string
  limit_value c number
  workspace_id c string
  created_at c string
  updated_at c string
== community D langsmith_sandbox_registries internal/provider/sandbox_registries_data_source.go 5ddcb667541a9331d889c18498df995440559a90
# filters: name_contains->query name_contains (sent when non-empty); workspace_id = client workspace override (computed from client when unset). GET /api/v2/sandboxes/registries (envelope {registries,offset}); pages to the end (limit=100, offset+=len(page) until a short page), capped at 10000 results with a warning. 1.2-cycle version (5ddcb667, with the 1.2 /api/v2 path fix); find_files lists another version at cc9d5a41.
name_contains o string
workspace_id oc string
registries c list(object)
  id c string
  name c string
  url c string
  created_at c string
  created_by c string
  updated_at c string
  updated_by c string
== community D langsmith_repo_tags internal/provider/repo_tags_data_source.go a4a870494241e334456c4187f3e317e24f1ca3e7
# filters: query->query query (sent when non-empty); workspace_id = client workspace override (computed from client when unset). GET /api/v1/repos/tags (envelope {tags}); pages to the end (limit=100, offset=page*100 until short page), at most 100 pages. Version read: the one find_files lists (a4a87049).
query o string
workspace_id oc string
tags c list(object)
  tag c string
  count c number
== community D langsmith_prompt_repo_tags internal/provider/prompt_repo_tags_data_source.go 67c01ef34df87d3be5d81c4eeece08d90778d322
# filters: repo_handle is a path parameter (GET /api/v1/repos/-/{repo_handle}/tags); no query params; workspace_id = client workspace override (computed from client when unset). Bare array; no paging (single request). Version read: the one find_files lists (67c01ef3, pre-1.0 commit; no tenant_id in it, so consistent with 1.x, but a later version may exist).
repo_handle r string
workspace_id oc string
tags c list(object)
  id c string
  repo_id c string
  commit_id c string
  commit_hash c string
  tag_name c string
  created_at c string
  updated_at c string
== community D langsmith_secret_names internal/provider/secret_names_data_source.go c58b55e0e778a4ad2709c6f9d57002c65a97e6bb
# filters: none (workspace_id = client workspace override). GET /api/v1/workspaces/current/secrets (bare array of {key}); no paging; names sorted. Version read: the one find_files lists (c58b55e0).
workspace_id o string
names c list(string)
== community D langsmith_feedback_formulas internal/provider/feedback_formulas_data_source.go a4a870494241e334456c4187f3e317e24f1ca3e7
# filters: dataset_id->query dataset_id, session_id->query session_id (ExactlyOneOf config validator); workspace_id = client workspace override (computed from client when unset). GET /api/v1/feedback/formulas (bare array); pages to the end (limit=100, offset+=100 until short page). Only stored version.
dataset_id o string
session_id o string
workspace_id oc string
formulas c list(object)
  id c string
  feedback_key c string
  aggregation_type c string
  formula_parts c string
  dataset_id c string
  session_id c string
  created_at c string
  modified_at c string
== community D langsmith_hub_environments internal/provider/hub_environments_data_source.go 416135d4fc5cd64d5b78f9ee8f8c159db3e2686c
# filters: none (workspace_id = client workspace override). GET /api/v1/hub/environments (one per-workspace record); not a paged listing. Only stored version (1 version in index).
id c string
environments c list(object)
  name c string
workspace_id o string
== community D langsmith_mcp_vendors internal/provider/mcp_vendors_data_source.go a0a5a28927e95689a7c61da711043f826f7bd458
# filters: none (workspace_id = client workspace override; computed from client when unset). GET /v1/platform/mcp-vendors (envelope {mcp_vendors}); no paging (single request). Version read: the one find_files lists (a0a5a289).
workspace_id oc string
vendors c list(object)
  vendor_id c string
  name c string
  description c string
  status c string
  icon c string
== community D langsmith_repo_owners internal/provider/repo_owners_data_source.go a0a5a28927e95689a7c61da711043f826f7bd458
# filters: owner and repo_handle are path parameters (GET /api/v1/repos/{owner}/{repo_handle}/owners, owner defaults to "-"); no query params; workspace_id = client workspace override. Envelope {owners}; no paging. Version read: the one find_files lists (a0a5a289).
id c string
repo_handle r string
owner oc string
workspace_id oc string
owners c list(object)
  identity_id c string
  ls_user_id c string
  email c string
  full_name c string
  created_at c string
== community D langsmith_workspace_tags internal/provider/workspace_tags_data_source.go a4a870494241e334456c4187f3e317e24f1ca3e7
# filters: resource_type->query resource_type (sent when non-empty; no validator, description lists agent|dashboard|dataset|deployment|evaluator|experiment|fleet_integration|mcp_server|project|prompt|queue|sandbox|skill); workspace_id = client workspace override (computed from client when unset). GET /api/v1/workspaces/current/tags (bare array); no paging. Version read: the one find_files lists (a4a87049).
resource_type o string
workspace_id oc string
tag_keys c list(object)
  id c string
  key c string
  description c string
  created_at c string
  updated_at c string
  values c list(object)
    id c string
    tag_key_id c string
    value c string
    description c string
    created_at c string
    updated_at c string
== community D langsmith_data_planes internal/provider/UNKNOWN-path-index-id-58078162126 -
# Source file path not found: find_files lists no data_planes_data_source.go / data_plane_data_source.go / dataplanes_data_source.go; the text was read through find_string ("func NewDataPlanesDataSource()") -> file index id 58078162126 (Bogware header, 4514 chars), whose path and commit the index does not return. Version relative to 1.2.0 unknown.
# filters: none (no inputs at all; not even workspace_id). GET /orgs/current/data-planes (envelope {data_planes}); no paging (single request).
data_planes c list(object)
  id c string
  name c string
  api_url c string
  region c string
  status c string
  workspaces c string
  created_at c string
== community D langsmith_annotation_queue internal/provider/annotation_queue_data_source.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
# 9 stored versions; none at 91dcbdf5/5ddcb667/c95565fb/ec7b672c/a4a87049; read the 1.0-era version at 81a5f61e (no tenant_id). Lookup by id (GET /api/v1/annotation-queues/{id}) or by name (GET /api/v1/annotation-queues?name=, first match); either id or name required (runtime check).
id oc string
name oc string
description c string
num_reviewers_per_item c number
enable_reservations c bool
reservation_minutes c number
workspace_id oc string
created_at c string
updated_at c string
== community D langsmith_audit_log internal/provider/audit_log_data_source.go a4a870494241e334456c4187f3e317e24f1ca3e7
# 4 stored versions; read the one at a4a87049 (the listed one; not at 91dcbdf5/5ddcb667). Single page: GET /api/v1/audit-logs with start_time, end_time, workspace_id, limit, cursor, repeated operations as query params; returns next_cursor (does not page itself).
start_time r string
end_time r string
workspace_id o string
operations o list(string)
limit o number
cursor o string
next_cursor c string
items c list(string) S
== community D langsmith_bulk_export internal/provider/bulk_export_data_source.go a4a870494241e334456c4187f3e317e24f1ca3e7
# 2 stored versions: 817154ae (pre-1.0, still has deprecated tenant_id) and a4a87049 (1.0, tenant_id removed) - read a4a87049. GET /api/v1/bulk-exports/{id}.
id r string
bulk_export_destination_id c string
session_id c string
start_time c string
end_time c string
format c string
compression c string
interval_hours c number
filter c string
status c string
workspace_id oc string
created_at c string
updated_at c string
format_version c string
export_fields c list(string)
finished_at c string
== community D langsmith_bulk_export_destination internal/provider/bulk_export_destination_data_source.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
# 2 stored versions: a0a5a289 (pre-1.0, deprecated tenant_id) and 81a5f61e (1.0, tenant_id removed) - read 81a5f61e. GET /api/v1/bulk-exports/destinations/{id}.
id r string
display_name c string
destination_type c string
bucket_name c string
prefix c string
region c string
endpoint_url c string
include_bucket_in_prefix c bool
credentials_keys c list(string)
workspace_id oc string
created_at c string
updated_at c string
== community D langsmith_chart internal/provider/chart_data_source.go 4e5f8089ec3d824d1e197fb10619e01bcb9d6346
# 4 stored versions; not at 81a5f61e/a4a87049 (1.2-cycle commits not probed); read the listed version 4e5f8089 (order unknown). POST /api/v1/charts/{id} with omit_data.
id r string
title c string
description c string
index c number
chart_type c string
series c string
metadata c string
common_filters c string
workspace_id o string
== community D langsmith_chart_section internal/provider/chart_section_data_source.go 1e0603a4156dde83d77afd389a5ac936f2acbaff
# 4 stored versions; not at 81a5f61e/a4a87049 (1.2-cycle commits not probed); read the listed version 1e0603a4 (no tenant_id; order unknown). Lists GET /api/v1/charts/section and matches id or title client-side.
id oc string
title oc string
description c string
index c number
chart_count c number
created_at c string
updated_at c string
workspace_id o string
== community D langsmith_dataset internal/provider/dataset_data_source.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
# 11 stored versions; read the 1.0-era version at 81a5f61e (tenant_id removed; 1.2-cycle commits not probed). Lookup by id (GET /api/v1/datasets/{id}) or name (GET /api/v1/datasets?name=, first match).
id oc string
name oc string
description c string
data_type c string
inputs_schema_definition c string
outputs_schema_definition c string
externally_managed c bool
transformations c string
metadata c string
workspace_id oc string
created_at c string
modified_at c string
example_count c number
session_count c number
last_session_start_time c string
== community D langsmith_chart_preview internal/provider/chart_preview_data_source.go 0ffb26270d4a093d2a1e7f45f8b84418a33d6b71
# CAUTION: pre-1.0 version (0ffb2627 still has tenant_id, which the 1.0.0 CHANGELOG removes from all data sources; in 1.x expect workspace_id oc instead). 5 stored versions; none found at 81a5f61e/a4a87049/91dcbdf5/5ddcb667; an even older version (find_string id 58286771624) has neither tenant_id nor workspace_id. Schema from chartPreviewSchema(false); POST /api/v1/charts/preview.
series r string
common_filters o string
start_time o string
end_time o string
stride o string
timezone o string
data c string
tenant_id oc string
== community D langsmith_evaluator internal/provider/evaluator_data_source.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
# 7 stored versions; read the 1.0-era version at 81a5f61e (1.2-cycle commits not probed). GET /v1/platform/evaluators/{id}.
id r string
name c string
type c string
workspace_id oc string
created_at c string
updated_at c string
code_evaluator_json c string
llm_evaluator_json c string
== community D langsmith_example internal/provider/example_data_source.go 817154aebd5bfb4c1775cf6208e7a7f14e1accdf
# Only stored version (1 version in index), at 817154ae (a pre-1.0 commit: other files there still carry tenant_id; this one has none). GET /api/v1/examples/{id}.
id r string
dataset_id c string
inputs c string
outputs c string
metadata c string
source_run_id c string
created_at c string
modified_at c string
workspace_id o string
== community D langsmith_feedback_config internal/provider/feedback_config_data_source.go a4a870494241e334456c4187f3e317e24f1ca3e7
# 2 stored versions; read the listed 1.0-era one at a4a87049 (no tenant_id). GET /api/v1/feedback-configs?key=, exact key match client-side.
id c string
feedback_key r string
feedback_type c string
min c number
max c number
categories c string
is_lower_score_better c bool
workspace_id oc string
modified_at c string
== community D langsmith_tool internal/provider/tool_data_source.go 5ddcb667541a9331d889c18498df995440559a90
# 1.2-cycle version (5ddcb667; handle OR id lookup, ExactlyOneOf(handle,id) validator on handle). GET /api/v1/platform/tools/{handle} or /api/v1/platform/tools/id/{id}.
handle oc string
id oc string
name c string
description c string
parameters c string
returns c string
metadata c string
enabled c bool
workspace_id oc string
created_at c string
updated_at c string
== community D langsmith_session_agent_versions internal/provider/session_agent_versions_data_source.go 5ddcb667541a9331d889c18498df995440559a90
# New in 1.2.0; read via read_file without commit -> 5ddcb667 (1.2 cycle). GET /api/v1/platform/sessions/{session_id}/agent-versions; no paging.
session_id r string
workspace_id oc string
versions c list(object)
  commit_sha c string
  first_seen_at c string
== community D langsmith_mcp_vendor_details internal/provider/mcp_vendor_details_data_source.go 5ddcb667541a9331d889c18498df995440559a90
# New in 1.2.0; read via read_file without commit -> 5ddcb667 (1.2 cycle). GETs /api/v1/platform/mcp-vendors/{vendor_slug}/account | /mcp-servers | /tools, each only when its include_* flag is true.
vendor_slug r string
workspace_id oc string
include_account o bool
include_servers o bool
include_tools o bool
account c string
mcp_servers c string
tools c string
== community D langsmith_run_rule_logs internal/provider/run_rule_logs_data_source.go 67c01ef34df87d3be5d81c4eeece08d90778d322
# Read via read_file without commit -> 67c01ef3 (a pre-1.0 commit; no tenant_id in this file; version count not checked, a later version may exist). GET /api/v1/runs/rules/{rule_id}/last_applied and /logs.
rule_id r string
workspace_id oc string
last_applied c string
logs c list(object)
  rule_id c string
  run_id c string
  run_name c string
  run_type c string
  run_session_id c string
  start_time c string
  end_time c string
  application_time c string
  thread_id c string
  raw_json c string
# NOTE on commit ages, found while reading: 817154ae and a0a5a289 are PRE-1.0 commits (bulk_export_data_source.go@817154ae and bulk_export_destination_data_source.go@a0a5a289 still carry the deprecated tenant_id; their 1.0 versions are at a4a87049 / 81a5f61e). 5ddcb667 carries the 1.2 /api path fixes (sandbox_registries, gateway_policies, tools, tool). Entries read at 817154ae/a0a5a289/67c01ef3/0ffb2627 may predate the 1.0/1.2 text.
# Read in a second pass (read_file at a4a87049/81a5f61e where that commit stores the file, else the version read_file returns without a commit). Entries marked "pre-1.0" still carry tenant_id: the 1.0.0 CHANGELOG renames it workspace_id; no 1.0-era or 1.2-cycle version of those files was found at 81a5f61e, a4a87049, 5ddcb667 or 91dcbdf5 (tried where noted).
== community D langsmith_project internal/provider/project_data_source.go a4a870494241e334456c4187f3e317e24f1ca3e7
# Lookup by id (GET /api/v1/sessions/{id}) or name (GET /api/v1/sessions?name=, first hit). Not at 81a5f61e, 5ddcb667, 91dcbdf5.
id oc string
name oc string
description c string
default_dataset_id c string
reference_dataset_id c string
extra c string
trace_tier c string
workspace_id oc string
start_time c string
run_count c number
== community D langsmith_prompt internal/provider/prompt_data_source.go 81a5f61e612dc12173eb27a9ceb04f781a872ffb
# Lookup by handle: GET /api/v1/repos/-/{repo_handle}. Not at a4a87049.
id c string
repo_handle r string
description c string
readme c string
is_public c bool
is_archived c bool
workspace_id oc string
created_at c string
updated_at c string
== community D langsmith_run_rule internal/provider/run_rule_data_source.go 0ffb26270d4a093d2a1e7f45f8b84418a33d6b71
# pre-1.0 (tenant_id); not at a4a87049 or 81a5f61e. Lookup by id or display_name over GET /api/v1/runs/rules (one request, no paging).
id oc string
display_name oc string
session_id c string
is_enabled c bool
sampling_rate c number
filter c string
trace_filter c string
tree_filter c string
backfill_from c string
evaluators c string
alerts c string
webhooks c string
created_at c string
updated_at c string
tenant_id oc string
== community D langsmith_workspace internal/provider/workspace_data_source.go 0aa349d9be231c371fc34c034f619aac94500614
# Not at a4a87049 or 81a5f61e (this file has no tenant override). Lookup by id or display_name over GET /api/v1/workspaces (one request).
id oc string
display_name oc string
tenant_handle c string
created_at c string
== community D langsmith_tag_key internal/provider/tag_key_data_source.go 0ffb26270d4a093d2a1e7f45f8b84418a33d6b71
# pre-1.0 (tenant_id); not at a4a87049 or 81a5f61e. Lookup by id (GET .../tag-keys/{id}) or key (GET /api/v1/workspaces/current/tag-keys, matched here).
id oc string
key oc string
description c string
created_at c string
updated_at c string
tenant_id oc string
== community D langsmith_tag_value internal/provider/tag_value_data_source.go 817154aebd5bfb4c1775cf6208e7a7f14e1accdf
# Not at a4a87049 or 81a5f61e. Lookup by id or value under tag_key_id (GET .../tag-keys/{tag_key_id}/tag-values[/{id}]).
id oc string
tag_key_id r string
value oc string
description c string
created_at c string
updated_at c string
workspace_id o string
== community D langsmith_org_role internal/provider/org_role_data_source.go a4a870494241e334456c4187f3e317e24f1ca3e7
# Lookup by id or display_name over GET /api/v1/orgs/current/roles (one request).
id oc string
display_name oc string
name c string
description c string
permissions c string
organization_id c string
access_scope c string
is_restricted c bool
== community D langsmith_service_account internal/provider/service_account_data_source.go 0ffb26270d4a093d2a1e7f45f8b84418a33d6b71
# pre-1.0 (tenant_id); not at a4a87049 or 81a5f61e. Lookup by id or name over GET /api/v1/service-accounts (one request).
id oc string
name oc string
organization_id c string
default_workspace_id c string
created_at c string
updated_at c string
tenant_id oc string
== community D langsmith_sso_settings internal/provider/sso_settings_data_source.go 416135d4fc5cd64d5b78f9ee8f8c159db3e2686c
# Not at a4a87049 or 81a5f61e. GET /api/v1/orgs/current/sso-settings; picks by id, or the only one.
id oc string
default_workspace_role_id c string
default_workspace_ids c string
metadata_url c string
metadata_xml c string S
provider_id c string
organization_id c string
== community D langsmith_gateway_policy internal/provider/gateway_policy_data_source.go a774727c0d4759c53ac50e8a49f135f673ef612f
# pre-1.0 (tenant_id); 4 stored versions; not at 5ddcb667; read a774727c (0ffb2627 has the same schema). GET /v1/platform/gateway-policies/{id}.
id r string
name c string
description c string
policy_type c string
action c string
priority c number
enabled c bool
config c string
subject_matchers_json c string
organization_id c string
is_system_generated c bool
current_spend_usd c number
created_at c string
updated_at c string
tenant_id o string
== community D langsmith_playground_settings internal/provider/playground_settings_data_source.go c58b55e0e778a4ad2709c6f9d57002c65a97e6bb
# Listing: GET /api/v1/playground-settings, no filters, one request (no paging); workspace_id = client workspace override.
workspace_id o string
settings c list(object)
  id c string
  name c string
  description c string
  settings c string
  options c string
  settings_type c string
  created_at c string
  updated_at c string
== community D langsmith_filter_view internal/provider/filter_view_data_source.go c58b55e0e778a4ad2709c6f9d57002c65a97e6bb
# Only stored version. GET /api/v1/sessions/{session_id}/views/{id}.
id r string
session_id r string
display_name c string
description c string
filter_string c string
trace_filter_string c string
tree_filter_string c string
type c string
start_time c string
end_time c string
duration c string
created_at c string
updated_at c string
workspace_id o string
== community D langsmith_evaluator_spend internal/provider/evaluator_spend_data_source.go 817154aebd5bfb4c1775cf6208e7a7f14e1accdf
# Metric read: GET /v1/platform/evaluators/spend, the answer kept as JSON.
spend_json c string
workspace_id o string
== community D langsmith_issues internal/provider/issues_data_source.go 5ddcb667541a9331d889c18498df995440559a90
# Beta listing of detected issues (run data): GET /api/v1/platform/issues; session_id -> query session_id; one request (no paging); each issue kept as JSON.
session_id o string
issues c list(string)
workspace_id o string
== community D langsmith_info internal/provider/info_data_source.go 87599b0adc309bed2f0a83145e964aa1618bc61c
# 5 stored versions; read 87599b0a (the one find_files names; it has instance_flags, which 4e4edb90 lacks). GET /api/v1/info.
id c string
version c string
license_expiration_time c string
batch_ingest_config c string
instance_flags c string
== community D langsmith_mcp_vendor internal/provider/mcp_vendor_data_source.go 0ffb26270d4a093d2a1e7f45f8b84418a33d6b71
# pre-1.0 (tenant_id). GET /v1/platform/mcp-vendors/{vendor_slug}.
vendor_slug r string
vendor_id c string
provider_id c string
name c string
description c string
icon c string
status c string
settings_json c string
tenant_id oc string
== community D langsmith_org_chart internal/provider/org_chart_data_source.go 0ffb26270d4a093d2a1e7f45f8b84418a33d6b71
# pre-1.0 (tenant_id). POST /api/v1/org-charts/{id} with omit_data.
id r string
title c string
description c string
index c number
chart_type c string
series c string
metadata c string
common_filters c string
tenant_id oc string
== community D langsmith_org_chart_section internal/provider/org_chart_section_data_source.go 0ffb26270d4a093d2a1e7f45f8b84418a33d6b71
# pre-1.0 (tenant_id). Lookup by id or title over GET /api/v1/org-charts/section.
id oc string
title oc string
description c string
index c number
chart_count c number
created_at c string
updated_at c string
tenant_id oc string
== community D langsmith_org_usage internal/provider/org_usage_data_source.go 817154aebd5bfb4c1775cf6208e7a7f14e1accdf
# Metric read: GET /api/v1/orgs/current/billing/usage?starting_on&ending_before[&on_current_plan].
starting_on r string
ending_before r string
on_current_plan o bool
usage c list(object)
  customer_id c string
  billable_metric_id c string
  billable_metric_name c string
  start_timestamp c string
  end_timestamp c string
  value c number
  groups c string
== community D langsmith_organization internal/provider/organization_data_source.go 346afd2d552b68d2a7d9cdf54379700ccf44018c
# GET /api/v1/orgs/current.
id c string
display_name c string
is_personal c bool
tier c string
== community D langsmith_permissions internal/provider/permissions_data_source.go 817154aebd5bfb4c1775cf6208e7a7f14e1accdf
# Listing of permission names: GET /api/v1/orgs/permissions, no filters, one request.
permissions c list(object)
  name c string
  description c string
  access_scope c string
== community D langsmith_prompt_commit internal/provider/prompt_commit_data_source.go 0ffb26270d4a093d2a1e7f45f8b84418a33d6b71
# pre-1.0 (tenant_id). GET /commits/-/{repo_handle}/{ref or latest}.
repo_handle r string
ref o string
commit_hash c string
manifest c string
tenant_id oc string
== community D langsmith_user internal/provider/user_data_source.go 0ffb26270d4a093d2a1e7f45f8b84418a33d6b71
# pre-1.0 (tenant_id). Lookup by email in GET /api/v1/orgs/current/members, then /api/v1/workspaces/current/members.
id c string
email r string
display_name c string
tenant_id oc string
== community D langsmith_workspace_stats internal/provider/workspace_stats_data_source.go 416135d4fc5cd64d5b78f9ee8f8c159db3e2686c
# Metric read: GET /api/v1/workspaces/current/stats; tag_value_ids -> repeated query tag_value_id.
tenant_id c string
tag_value_ids o list(string)
dataset_count c number
tracer_session_count c number
repo_count c number
annotation_queue_count c number
deployment_count c number
dashboards_count c number
evaluator_count c number
workspace_id o string
# NOT READ: org_chart_preview (internal/provider/org_chart_preview_data_source.go is not stored in the index; registered at 91dcbdf5).
