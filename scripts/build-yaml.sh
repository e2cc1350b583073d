#!/usr/bin/env bash
# Makes the Pulumi YAML language host (pulumi-language-yaml v1.19.1) available
# for the native provider's YAML tests.
#
# Order of preference:
#   1. a `pulumi-language-yaml` on PATH (a normal Pulumi install ships one);
#   2. the binary cached by an earlier run under
#      ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/yaml/v1.19.1/;
#   3. a build from the tagged Go module github.com/pulumi/pulumi-yaml through
#      the wrapper module in scripts/tools/yaml (go.mod/go.sum pin everything).
#
# Idempotent. Progress goes to stderr; the LAST line on stdout is the
# directory holding the binary (put it on PATH for the engine to find it).
set -euo pipefail

VERSION="v1.19.1"
MODULE_MAIN="github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
wrapper="$here/tools/yaml"
cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/yaml/$VERSION"
bin="$cache_dir/pulumi-language-yaml"

log() { echo "pulumi-language-yaml $VERSION: $*" >&2; }

if on_path="$(command -v pulumi-language-yaml 2>/dev/null)"; then
  log "using $on_path from PATH"
  dirname "$on_path"
  exit 0
fi

if [ -x "$bin" ]; then
  log "cached at $bin"
  echo "$cache_dir"
  exit 0
fi

# shellcheck source=lib/go-build.sh
source "$here/lib/go-build.sh"
ensure_go "pulumi-language-yaml is needed for the YAML tests: install the Pulumi CLI (which ships it) or Go 1.24+ (https://go.dev/dl)"

log "building $MODULE_MAIN with $(go version | awk '{print $3}') into $cache_dir (first run takes a few minutes)"
mkdir -p "$cache_dir"
start=$SECONDS
go_build_into "$wrapper" "$bin" "$MODULE_MAIN" "-s -w -X github.com/pulumi/pulumi-yaml/pkg/version.Version=$VERSION" -tags osusergo
log "built $bin ($(du -h "$bin" | cut -f1), $((SECONDS - start))s)"
echo "$cache_dir"
