#!/usr/bin/env bash
# Makes pulumi-langsmith-sdkgen available: the Pulumi CLI's own SDK code
# generators (pkg/v3 v3.248.0, nodejs/python/go) behind a small command, built
# from the wrapper module scripts/tools/sdkgen (see its main.go for why).
#
# Cached under ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/sdkgen/<key>/,
# <key> covering the wrapper module, so a second run takes no time.
# Progress goes to stderr; the LAST line on stdout is the binary's path.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
wrapper="$here/tools/sdkgen"
key="v3.248.0-$(cat "$wrapper/go.mod" "$wrapper/go.sum" "$wrapper/main.go" | sha256sum | cut -c1-12)"
cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/sdkgen/$key"
bin="$cache_dir/pulumi-langsmith-sdkgen"

log() { echo "pulumi-langsmith-sdkgen: $*" >&2; }

if [ -x "$bin" ]; then
  log "cached at $bin"
  echo "$bin"
  exit 0
fi

# shellcheck source=lib/go-build.sh
source "$here/lib/go-build.sh"
ensure_go "pulumi-langsmith-sdkgen (SDK generation for the native provider) needs Go 1.25+ (https://go.dev/dl)"

log "building with $(go version | awk '{print $3}') into $cache_dir (first run takes a few minutes)"
mkdir -p "$cache_dir"
start=$SECONDS
go_build_into "$wrapper" "$bin" "." "-s -w"
log "built $bin ($(du -h "$bin" | cut -f1), $((SECONDS - start))s)"
echo "$bin"
