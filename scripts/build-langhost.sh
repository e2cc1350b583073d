#!/usr/bin/env bash
# Builds one of the test-only language hosts, with which the tests run
# programs on the generated SDKs through the real CLI:
#   go      scripts/tools/pulumi/golanghost     -> pulumi-language-go
#   python  scripts/tools/pulumi/pythonhost     -> pulumi-language-python
# Built from the same wrapper module as the CLI (its go.mod and go.sum pin
# everything), cached under
# ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/<language>langhost/<key>/,
# where <key> (the first 12 hex digits of a SHA-256) covers the module files
# (go.mod, go.sum), the host's sources (its *.go and embedded *.py) and the
# package the hosts share (internal/languagehost/*.go).
#
# Usage: scripts/build-langhost.sh go|python
# Idempotent. Progress goes to stderr; the LAST line on stdout is the
# directory holding the host (put it on PATH for the engine).
set -euo pipefail

language="${1:?usage: build-langhost.sh go|python}"
case "$language" in
  go) source_dir=golanghost ;;
  python) source_dir=pythonhost ;;
  *) echo "build-langhost.sh: unknown language $language (go or python)" >&2; exit 2 ;;
esac
binary="pulumi-language-$language"

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
module_dir="$here/tools/pulumi"
key="$(cat "$module_dir/go.mod" "$module_dir/go.sum" "$module_dir/$source_dir"/* \
  "$module_dir"/internal/languagehost/*.go | sha256sum | cut -c1-12)"
cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/${language}langhost/$key"
log() { echo "$binary (tests): $*" >&2; }

if [ -x "$cache_dir/$binary" ]; then
  log "cached at $cache_dir"
  echo "$cache_dir"
  exit 0
fi
if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
  export PATH="$PATH:/usr/local/go/bin"
fi
command -v go >/dev/null 2>&1 || { echo "$binary: Go is not installed: install Go 1.25+ (https://go.dev/dl)" >&2; exit 1; }

mkdir -p "$cache_dir"
tmp="$(mktemp -d "$cache_dir/build.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
start=$SECONDS
log "building from $module_dir/$source_dir"
(cd "$module_dir" && CGO_ENABLED=0 go build -mod=readonly -tags osusergo,grpcnotrace -ldflags "-s -w" -o "$tmp/$binary" "./$source_dir")
mv "$tmp/$binary" "$cache_dir/"
log "built in $((SECONDS - start))s"
echo "$cache_dir"
