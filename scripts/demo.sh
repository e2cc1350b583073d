#!/usr/bin/env bash
# One command for a fresh machine: builds the tools and the package, starts the
# bundled emulator, then runs the quickstart stack against it: `pulumi up`
# (watch the revision progress), a preview of a branch change, the `up` that
# makes the new revision, and `pulumi destroy`. State lives under
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

echo "demo: building and packing pulumi-langsmith" >&2
npm run --silent build
rm -f "$demo_home"/pack/*.tgz
npm pack --silent --pack-destination "$demo_home/pack" >/dev/null
tarball="$(ls "$demo_home"/pack/*.tgz)"
echo "demo: installing the quickstart program's dependencies (the package from its tarball)" >&2
(cd examples/quickstart && npm install --silent --no-audit --no-fund --prefer-offline --no-save "$tarball")

echo "demo: starting the emulator ($timings timings)" >&2
emulator_log="$demo_home/emulator.log"
node dist/emulator/cli.js --port 0 --timings "$timings" --control > "$emulator_log" 2>&1 &
emulator_pid=$!
stop_emulator() { kill "$emulator_pid" 2>/dev/null || true; }
[ "$keep" = 1 ] || trap stop_emulator EXIT
url=""
for _ in $(seq 1 100); do
  url="$(sed -n 's/^ready: //p' "$emulator_log")"
  [ -n "$url" ] && break
  sleep 0.1
done
[ -n "$url" ] || { echo "demo: the emulator did not start; see $emulator_log" >&2; exit 1; }
echo "demo: emulator ready at $url" >&2

stack=demo
p() { pulumi --non-interactive --cwd "$repo" "$@"; }
p stack select --create "$stack" >/dev/null
p config set --stack "$stack" langsmith:controlPlaneUrl "$url"
p config set --stack "$stack" langsmith:apiUrl "$url"
p config set --stack "$stack" langsmith:workspaceId 22222222-2222-4222-8222-222222222222
p config set --stack "$stack" --secret langsmith:apiKey lsv2_pt_emulator_demo_key
p config set --stack "$stack" branch main

echo; echo "demo: 1/4 pulumi up: creates the deployment and waits until its revision is DEPLOYED" >&2
p up --yes --skip-preview --stack "$stack"
echo; echo "demo: 2/4 pulumi preview --diff after changing the branch to v2: an update, not a replace" >&2
p config set --stack "$stack" branch v2
p preview --diff --stack "$stack"
echo; echo "demo: 3/4 pulumi up: exactly one new revision" >&2
p up --yes --skip-preview --stack "$stack"
if [ "$keep" = 1 ]; then
  echo "demo: --keep: the stack is up and the emulator runs at $url (pid $emulator_pid)." >&2
else
  echo; echo "demo: 4/4 pulumi destroy" >&2
  p destroy --yes --skip-preview --stack "$stack"
fi
echo "demo: done. State lives in $demo_home/state (PULUMI_BACKEND_URL=file://$demo_home/state, passphrase: $PULUMI_CONFIG_PASSPHRASE)." >&2
