#!/usr/bin/env bash
# One command for a fresh machine: builds the tools, the package and the
# quickstart program, then runs the quickstart stack with a local state
# backend. State lives under ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/demo.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
repo="$(pwd)"

bash scripts/bootstrap-tools.sh
# shellcheck disable=SC1090
source "${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/tools.env"
export PATH="$PULUMI_BIN_DIR:$PATH"

demo_home="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/demo"
mkdir -p "$demo_home/state" "$demo_home/pulumi-home" "$demo_home/pack"
export PULUMI_HOME="$demo_home/pulumi-home"
export PULUMI_BACKEND_URL="file://$demo_home/state"
export PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE:-demo}"
export PULUMI_SKIP_UPDATE_CHECK=true PULUMI_NODEJS_TRANSPILE_ONLY=true PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION=true

echo "demo: building and packing pulumi-langsmith" >&2
npm run --silent build
rm -f "$demo_home"/pack/*.tgz
npm pack --silent --pack-destination "$demo_home/pack" >/dev/null
tarball="$(ls "$demo_home"/pack/*.tgz)"
echo "demo: installing the quickstart program's dependencies (the package from its tarball)" >&2
(cd examples/quickstart && npm install --silent --no-audit --no-fund --prefer-offline --no-save "$tarball")

stack=dev
pulumi stack select --create "$stack" --non-interactive --cwd "$repo" >/dev/null
echo "demo: pulumi preview of the quickstart stack '$stack'" >&2
pulumi preview --non-interactive --cwd "$repo" --stack "$stack"
echo "demo: done. State lives in $demo_home/state (PULUMI_BACKEND_URL=file://$demo_home/state)." >&2
