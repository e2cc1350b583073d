#!/usr/bin/env bash
# One command for a fresh machine: builds the tools, the package and the native
# provider plugin (installed into the demo's PULUMI_HOME with `pulumi plugin
# install --file`), starts the emulator (packages/emulator) and a local S3 store (versitygw), then runs the quickstart
# stack against them: `pulumi up` (watch the revision progress; the
# destination's test write goes to the bucket; a one-off bulk export of seeded
# traces lands in it as a Parquet file, printed), a preview of a branch change,
# the `up` that makes the new revision, a credentials rotation; then an agent
# shipped from its source directory (examples/agent-from-source, copied under
# the demo's directory): its first revision, one edited file, exactly one new
# revision; and `pulumi destroy` of both stacks. State lives under
# ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/demo.
#   --keep   leave the emulator running and the stack up, for exploring
#   --fast   use the emulator's fast timings (a revision takes ~0.1 s)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo="$(pwd)"
keep=0; timings=realistic
for arg in "$@"; do
  case "$arg" in
    --keep) keep=1 ;;
    --fast) timings=fast ;;
    *) echo "demo: unknown option $arg (use --keep or --fast)" >&2; exit 2 ;;
  esac
done

bash scripts/bootstrap-tools.sh
# shellcheck disable=SC1090
source "${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/tools.env"
export PATH="$PULUMI_BIN_DIR:$PATH"

demo_home="${PULUMI_LANGSMITH_DEMO_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/demo}"
mkdir -p "$demo_home/state" "$demo_home/pulumi-home" "$demo_home/pack"
export PULUMI_HOME="$demo_home/pulumi-home"
export PULUMI_BACKEND_URL="file://$demo_home/state"
export PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE:-demo}"
export PULUMI_SKIP_UPDATE_CHECK=true PULUMI_NODEJS_TRANSPILE_ONLY=true PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true
export LANGSMITH_POLL_MIN_INTERVAL_MS=500 LANGSMITH_POLL_MAX_INTERVAL_MS=3000
export AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED=true

echo "demo: building and packing pulumi-langsmith" >&2
npm run --silent build
rm -f "$demo_home"/pack/*.tgz
npm pack --silent --pack-destination "$demo_home/pack" >/dev/null
tarball="$(ls "$demo_home"/pack/*.tgz)"
echo "demo: installing the quickstart program's dependencies (the package from its tarball)" >&2
(cd examples/quickstart && npm install --silent --no-audit --no-fund --prefer-offline --no-save "$tarball")
echo "demo: building the native provider plugin and installing it from its archive (pulumi plugin install --file)" >&2
version="$(node -p 'require("./package.json").version')"
plugin_archive="$(node scripts/build-plugin.mjs --out "$demo_home/plugin" | tail -n 1)"
pulumi plugin install resource langsmith "$version" --file "$plugin_archive" --reinstall >/dev/null

echo "demo: starting the emulator ($timings timings) and a local S3 store" >&2
emulator_log="$demo_home/emulator.log"
s3_log="$demo_home/s3.log"
node packages/emulator/dist/cli.js --port 0 --timings "$timings" --control > "$emulator_log" 2>&1 &
emulator_pid=$!
node scripts/demo-s3.mjs "$VERSITYGW_BIN" "$demo_home/s3" > "$s3_log" &
s3_pid=$!
stop_servers() { kill "$emulator_pid" "$s3_pid" 2>/dev/null || true; wait "$s3_pid" 2>/dev/null || true; }
[ "$keep" = 1 ] || trap stop_servers EXIT
url=""; s3=""
for _ in $(seq 1 200); do
  url="$(sed -n 's/^ready: //p' "$emulator_log")"
  s3="$(head -n 1 "$s3_log")"
  [ -n "$url" ] && [ -n "$s3" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "demo: the emulator did not start; see $emulator_log" >&2; exit 1; }
[ -n "$s3" ] || { echo "demo: the S3 store did not start" >&2; exit 1; }
s3_field() { node -e 'const o=JSON.parse(process.argv[1]); console.log(process.argv[2].split(".").reduce((v,k)=>v[k], o))' "$s3" "$1"; }
echo "demo: emulator ready at $url; S3 store at $(s3_field endpoint) with bucket $(s3_field bucket)" >&2
project=3c9d2e1f-5a6b-4c7d-8e9f-0a1b2c3d4e5f
node scripts/demo-exports.mjs seed "$url" "$project"

stack=demo
p() { pulumi --non-interactive --cwd "$repo" "$@"; }
# The demo stack starts from the dev stack's file, then points at the local servers.
cp examples/quickstart/Pulumi.dev.yaml examples/quickstart/Pulumi.demo.yaml
p stack select --create "$stack" >/dev/null
p config set --stack "$stack" langsmith:controlPlaneUrl "$url"
p config set --stack "$stack" langsmith:apiUrl "$url"
p config set --stack "$stack" langsmith:workspaceId 22222222-2222-4222-8222-222222222222
p config set --stack "$stack" --secret langsmith:apiKey lsv2_pt_emulator_demo_key
p config set --stack "$stack" branch main
p config set --stack "$stack" --secret openaiApiKey sk-demo-not-a-real-key
p config set --stack "$stack" --path exports.bucketName "$(s3_field bucket)"
p config set --stack "$stack" --path exports.endpointUrl "$(s3_field endpoint)"
p config set --stack "$stack" --path exports.addressingStyle path
p config set --stack "$stack" --secret --path exportCredentials.accessKeyId "$(s3_field keyPairA.accessKeyId)"
p config set --stack "$stack" --secret --path exportCredentials.secretAccessKey "$(s3_field keyPairA.secretAccessKey)"
p config set --stack "$stack" --path exportBackfill.projectId "$project"
p config set --stack "$stack" --path exportBackfill.startTime 2026-10-01T00:00:00Z
p config set --stack "$stack" --path exportBackfill.endTime 2026-10-02T00:00:00Z

echo; echo "demo: 1/7 pulumi up: creates the deployment (waits until its revision is DEPLOYED), the destination (the service test-writes to the bucket) and a one-off export of 2026-10-01's traces into it (waits until written)" >&2
p up --yes --skip-preview --stack "$stack"
export_path="$(p stack output --stack "$stack" backfillRuns --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).lastExportPath))')"
echo; echo "demo: the export's run landed in the bucket as a Parquet file (read back with hyparquet):" >&2
node scripts/demo-exports.mjs show "$s3" "$export_path"
echo; echo "demo: 2/7 pulumi preview --diff after changing the branch to v2: an update, not a replace" >&2
p config set --stack "$stack" branch v2
p preview --diff --stack "$stack"
echo; echo "demo: 3/7 pulumi up: exactly one new revision" >&2
p up --yes --skip-preview --stack "$stack"
echo; echo "demo: 4/7 credentials rotation: switch the destination to key pair B; preview shows an update (not a replace), up sends one PATCH" >&2
p config set --stack "$stack" --secret --path exportCredentials.accessKeyId "$(s3_field keyPairB.accessKeyId)"
p config set --stack "$stack" --secret --path exportCredentials.secretAccessKey "$(s3_field keyPairB.secretAccessKey)"
p preview --diff --stack "$stack"
p up --yes --skip-preview --stack "$stack"

# An agent shipped from its source directory: a copy of the example, so the demo's edit leaves the repository alone.
# Its dependencies are the quickstart's (the same package.json), installed above.
agent_dir="$demo_home/agent-from-source"
rm -rf "$agent_dir" && mkdir -p "$agent_dir"
cp -R examples/agent-from-source/{Pulumi.yaml,Pulumi.dev.yaml,index.ts,tsconfig.json,package.json,agent} "$agent_dir/"
ln -s "$repo/examples/quickstart/node_modules" "$agent_dir/node_modules"
cp "$agent_dir/Pulumi.dev.yaml" "$agent_dir/Pulumi.demo.yaml"
a() { pulumi --non-interactive --cwd "$agent_dir" "$@"; }
a stack select --create "$stack" >/dev/null
a config set --stack "$stack" langsmith:controlPlaneUrl "$url"
a config set --stack "$stack" langsmith:apiUrl "$url"
a config set --stack "$stack" langsmith:workspaceId 22222222-2222-4222-8222-222222222222
a config set --stack "$stack" --secret langsmith:apiKey lsv2_pt_emulator_demo_key
a config set --stack "$stack" --secret openaiApiKey sk-demo-not-a-real-key
echo; echo "demo: 5/7 an agent shipped from its source directory (examples/agent-from-source): pulumi up packs agent/ (its .gitignore honoured), uploads it and waits for the revision built from it" >&2
a up --yes --skip-preview --stack "$stack"
agent_id="$(a stack output --stack "$stack" deploymentId)"
echo; echo "demo: 6/7 edit one file of the agent (agent.py): preview shows the content changed; up uploads it as exactly one new revision" >&2
printf '\n# edited by the demo\n' >> "$agent_dir/agent/agent.py"
a preview --diff --stack "$stack"
a up --yes --skip-preview --stack "$stack"
LANGSMITH_API_KEY=lsv2_pt_emulator_demo_key node scripts/demo-revisions.mjs "$url" 22222222-2222-4222-8222-222222222222 "$agent_id"
if [ "$keep" = 1 ]; then
  echo "demo: --keep: both stacks are up (the agent's program is in $agent_dir); the emulator runs at $url (pid $emulator_pid), the S3 store at $(s3_field endpoint) (pid $s3_pid)." >&2
else
  echo; echo "demo: 7/7 pulumi destroy (both stacks)" >&2
  a destroy --yes --skip-preview --stack "$stack"
  p destroy --yes --skip-preview --stack "$stack"
fi
echo "demo: done. State lives in $demo_home/state (PULUMI_BACKEND_URL=file://$demo_home/state, passphrase: $PULUMI_CONFIG_PASSPHRASE)." >&2
