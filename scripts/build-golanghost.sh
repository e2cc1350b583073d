#!/usr/bin/env bash
# Builds the test-only Go language host (scripts/tools/pulumi/golanghost),
# with which the tests run Go programs on the generated Go SDK through the
# real CLI. Built from the same wrapper module as the CLI (its go.mod and
# go.sum pin everything), cached under
# ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/golanghost/<key>/, where
# <key> (the first 12 hex digits of a SHA-256) covers the module files
# (go.mod, go.sum), the host's source (golanghost/*.go) and the package it
# shares with the Node.js host (internal/languagehost/*.go).
#
# Idempotent. Progress goes to stderr; the LAST line on stdout is the
# directory holding `pulumi-language-go` (put it on PATH for the engine).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
module_dir="$here/tools/pulumi"
key="$(cat "$module_dir/go.mod" "$module_dir/go.sum" "$module_dir"/golanghost/*.go \
  "$module_dir"/internal/languagehost/*.go | sha256sum | cut -c1-12)"
cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/golanghost/$key"
log() { echo "pulumi-language-go (tests): $*" >&2; }

if [ -x "$cache_dir/pulumi-language-go" ]; then
  log "cached at $cache_dir"
  echo "$cache_dir"
  exit 0
fi
if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
  export PATH="$PATH:/usr/local/go/bin"
fi
command -v go >/dev/null 2>&1 || { echo "pulumi-language-go: Go is not installed: install Go 1.25+ (https://go.dev/dl)" >&2; exit 1; }

mkdir -p "$cache_dir"
tmp="$(mktemp -d "$cache_dir/build.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
start=$SECONDS
log "building from $module_dir/golanghost"
(cd "$module_dir" && CGO_ENABLED=0 go build -mod=readonly -tags osusergo,grpcnotrace -ldflags "-s -w" -o "$tmp/pulumi-language-go" ./golanghost)
mv "$tmp/pulumi-language-go" "$cache_dir/"
log "built in $((SECONDS - start))s"
echo "$cache_dir"
