#!/usr/bin/env bash
# Makes the official `langsmith` JS SDK (0.12.0, pinned with everything it
# pulls in by scripts/tools/langsmith-js/package-lock.json) available to the
# conformance test that runs it against the emulator
# (tests/integration/langsmithJs.test.ts). Installed with `npm ci` into the
# tools cache rather than as a dev dependency: the tests' own client is ours,
# and this one is a user's client the emulator must serve, like langgraph-cli.
#
# Cached under ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/langsmith-js/<key>/,
# where <key> covers the lock file. Progress goes to stderr; the LAST line on
# stdout is the directory whose node_modules holds `langsmith`.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source_dir="$here/tools/langsmith-js"
key="$(cat "$source_dir/package.json" "$source_dir/package-lock.json" | sha256sum | cut -c1-12)"
cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/langsmith-js/$key"
log() { echo "langsmith-js (tests): $*" >&2; }

if [ -f "$cache_dir/.complete" ] && [ -f "$cache_dir/node_modules/langsmith/package.json" ]; then
  log "cached at $cache_dir"
  echo "$cache_dir"
  exit 0
fi
rm -rf "$cache_dir"
mkdir -p "$cache_dir"
cp "$source_dir/package.json" "$source_dir/package-lock.json" "$cache_dir/"
log "installing into $cache_dir"
(cd "$cache_dir" && npm ci --ignore-scripts --no-audit --no-fund --silent >&2)
touch "$cache_dir/.complete"
echo "$cache_dir"
