#!/usr/bin/env bash
# Makes the Pulumi CLI (v3.248.0), a Node.js language host and the
# dynamic-provider plugin script available, and prints the directory that
# holds all three as the last line of stdout. Progress goes to stderr.
#
# - A `pulumi` on PATH at version >= 3.248 is used as it is (a normal install
#   ships the language host and plugin script beside it).
# - Otherwise everything is built from Go modules into
#   ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/pulumi/<key>/bin, where
#   <key> covers the version and our wrapper module, so later runs reuse it.
set -euo pipefail

PULUMI_VERSION="3.248.0"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
module_dir="$here/tools/pulumi"
say() { echo "pulumi: $*" >&2; }

version_at_least() { # $1 >= $2, both x.y.z
  [ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" = "$2" ]
}

if [ "${PULUMI_LANGSMITH_BUILD_PULUMI:-}" != "1" ] && command -v pulumi >/dev/null 2>&1; then
  found="$(pulumi version 2>/dev/null | sed 's/^v//' || true)"
  if [ -n "$found" ] && version_at_least "${found%%-*}" "$PULUMI_VERSION"; then
    dir="$(dirname "$(command -v pulumi)")"
    say "using pulumi v$found from PATH ($dir)"
    echo "$dir"
    exit 0
  fi
  say "pulumi on PATH is v${found:-unknown}, older than v$PULUMI_VERSION; building v$PULUMI_VERSION instead"
fi

key="v$PULUMI_VERSION-$(cat "$module_dir/go.mod" "$module_dir/go.sum" "$module_dir"/langhost/*.go | sha256sum | cut -c1-12)"
cache="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/pulumi/$key"
bin="$cache/bin"
if [ -x "$bin/pulumi" ] && [ -x "$bin/pulumi-language-nodejs" ] && [ -x "$bin/pulumi-resource-pulumi-nodejs" ]; then
  say "v$PULUMI_VERSION cached at $bin"
  echo "$bin"
  exit 0
fi

if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
  export PATH="$PATH:/usr/local/go/bin"
fi
if ! command -v go >/dev/null 2>&1; then
  echo "pulumi: neither the Pulumi CLI (>= $PULUMI_VERSION) nor Go is installed: install the Pulumi CLI (https://www.pulumi.com/docs/install/) or Go 1.25+ (https://go.dev/dl) and run this again." >&2
  exit 1
fi

mkdir -p "$bin"
tmp="$(mktemp -d "$cache/build.XXXXXX")"
trap 'rm -rf "$tmp"' EXIT
export CGO_ENABLED=0
build_flags=(-mod=readonly -tags osusergo,grpcnotrace)
start=$SECONDS
say "building the CLI v$PULUMI_VERSION from Go modules into $bin (first run: 10-20 minutes on 2 cores)"
(cd "$module_dir" && go build "${build_flags[@]}" \
  -ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$PULUMI_VERSION" \
  -o "$tmp/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi)
say "building the Node.js language host"
(cd "$module_dir" && go build "${build_flags[@]}" -ldflags "-s -w -X main.version=$PULUMI_VERSION" \
  -o "$tmp/pulumi-language-nodejs" ./langhost)
say "copying the dynamic-provider plugin script from the Node.js SDK module"
sdk_dir="$(cd "$module_dir" && go list -mod=readonly -m -f '{{.Dir}}' github.com/pulumi/pulumi/sdk/v3)"
cp "$sdk_dir/nodejs/dist/pulumi-resource-pulumi-nodejs" "$tmp/pulumi-resource-pulumi-nodejs"
chmod 0755 "$tmp"/*
mv "$tmp"/* "$bin/"
say "built in $((SECONDS - start))s: $(du -h "$bin/pulumi" | cut -f1) pulumi, $(du -h "$bin/pulumi-language-nodejs" | cut -f1) language host"
echo "$bin"
