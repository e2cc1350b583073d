#!/usr/bin/env bash
# Makes the versitygw S3 gateway (v1.7.0) available for the tests.
#
# Order of preference:
#   1. a `versitygw` on PATH that reports version 1.7.0 or later;
#   2. the binary cached by an earlier run under
#      ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/versitygw/v1.7.0/;
#   3. a build from Go modules through the wrapper module in
#      scripts/tools/versitygw (go.mod/go.sum pin every dependency).
#
# Idempotent. Every step is reported on stderr; the LAST line on stdout is the
# absolute path of the binary, so callers can do
#   bin=$(scripts/build-versitygw.sh | tail -1)
set -euo pipefail

VERSION="v1.7.0"
MIN_VERSION="1.7.0"
# Commit that tag v1.7.0 points to (recorded in the binary's `--version` output).
COMMIT="8a3dbcf9"
MODULE_MAIN="github.com/versity/versitygw/cmd/versitygw"

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
wrapper="$here/tools/versitygw"
cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/versitygw/$VERSION"
bin="$cache_dir/versitygw"

log() { echo "versitygw $VERSION: $*" >&2; }

# version_ge A B: true when dotted version A >= B (leading "v" ignored).
version_ge() {
  local a="${1#v}" b="${2#v}"
  [ "$(printf '%s\n%s\n' "$b" "$a" | sort -V | head -1)" = "$b" ]
}

# 1. A suitable versitygw already on PATH.
if on_path="$(command -v versitygw 2>/dev/null)"; then
  found="$("$on_path" --version 2>/dev/null | sed -n 's/^Version *: *//p' | head -1 || true)"
  if [[ "$found" =~ ^v?[0-9]+\.[0-9]+\.[0-9]+ ]] && version_ge "${BASH_REMATCH[0]}" "$MIN_VERSION"; then
    log "using $on_path from PATH (reports ${found})"
    echo "$on_path"
    exit 0
  fi
  log "ignoring $on_path on PATH (reports '${found:-no version}', need >= $MIN_VERSION)"
fi

# 2. Cached by an earlier run.
if [ -x "$bin" ]; then
  log "cached at $bin"
  echo "$bin"
  exit 0
fi

# 3. Build from Go modules.
# shellcheck source=lib/go-build.sh
source "$here/lib/go-build.sh"
ensure_go "versitygw is needed for the tests: install Go 1.22+ (https://go.dev/dl) or put versitygw >= $MIN_VERSION on PATH"

log "building $MODULE_MAIN with $(go version | awk '{print $3}') into $cache_dir (first run takes a few minutes)"
mkdir -p "$cache_dir"
start=$SECONDS
go_build_into "$wrapper" "$bin" "$MODULE_MAIN" "-s -w -X main.Version=$VERSION -X main.Build=$COMMIT"
log "built $bin ($(du -h "$bin" | cut -f1), $((SECONDS - start))s)"
echo "$bin"
