#!/usr/bin/env bash
# Makes the SDK generators of the native provider available:
#   pulumi-langsmith-sdkgen         the Pulumi CLI's own code generators (pkg/v3
#                                   v3.248.0) for Node.js, Python and Go
#                                   (wrapper module scripts/tools/sdkgen)
#   pulumi-langsmith-sdkgen-dotnet  pulumi-dotnet's code generator
#                                   (pulumi-language-dotnet v3.110.0) for .NET,
#                                   and pulumi-yaml's program generator
#                                   (v1.38.1) for YAML
#                                   (wrapper module scripts/tools/sdkgen-dotnet)
# both built from Go modules (see each main.go for why). Both also render the
# Registry's example programs (PCL) with --render-programs: nodejs, python and
# go with the first, dotnet and yaml with the second.
#
# Cached under ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/sdkgen/<key>/,
# <key> covering the wrapper modules, so a second run takes no time.
# Progress goes to stderr; the LAST line on stdout is the directory holding
# both binaries.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
tools="$here/tools"
key="v3.248.0-$(cat "$tools"/sdkgen/go.mod "$tools"/sdkgen/go.sum "$tools"/sdkgen/*.go "$tools"/sdkgen/gen/*.go \
  "$tools"/sdkgen-dotnet/go.mod "$tools"/sdkgen-dotnet/go.sum "$tools"/sdkgen-dotnet/*.go | sha256sum | cut -c1-12)"
cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/sdkgen/$key"

log() { echo "pulumi-langsmith-sdkgen: $*" >&2; }

if [ -x "$cache_dir/pulumi-langsmith-sdkgen" ] && [ -x "$cache_dir/pulumi-langsmith-sdkgen-dotnet" ]; then
  log "cached in $cache_dir"
  echo "$cache_dir"
  exit 0
fi

# shellcheck source=lib/go-build.sh
source "$here/lib/go-build.sh"
ensure_go "pulumi-langsmith-sdkgen (SDK generation for the native provider) needs Go 1.25+ (https://go.dev/dl)"

log "building with $(go version | awk '{print $3}') into $cache_dir (first run takes a few minutes)"
mkdir -p "$cache_dir"
start=$SECONDS
go_build_into "$tools/sdkgen" "$cache_dir/pulumi-langsmith-sdkgen" "." "-s -w"
go_build_into "$tools/sdkgen-dotnet" "$cache_dir/pulumi-langsmith-sdkgen-dotnet" "." "-s -w"
log "built both in $cache_dir ($((SECONDS - start))s)"
echo "$cache_dir"
