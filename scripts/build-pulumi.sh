#!/usr/bin/env bash
# Makes the Pulumi CLI (v3.248.0), a Node.js language host and the
# dynamic-provider plugin script available, and prints the directory that
# holds all three as the last line of stdout. Progress goes to stderr.
# Idempotent: a run with everything cached takes well under a second.
#
# - A `pulumi` on PATH at version >= 3.248 is used as it is (a normal install
#   ships the language host and plugin script beside it).
# - Otherwise each part is built from Go modules (scripts/tools/pulumi) and
#   cached under ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/pulumi/,
#   under its own key, so a change to the language host's source does not
#   rebuild the CLI (10-20 minutes):
#     v<version>-<cli key>/bin/            pulumi and pulumi-resource-pulumi-nodejs;
#                                          <cli key> covers go.mod and go.sum
#     langhost/v<version>-<host key>/      pulumi-language-nodejs; <host key> covers
#                                          go.mod, go.sum, langhost/*.go and the
#                                          shared internal/languagehost/*.go
#     bin-<cli key>-<host key>/            hard links to the three (copies across
#                                          file systems): the directory printed
#   The printed directory holds real files, not symlinks: the CLI looks for the
#   language host next to its own executable with symlinks resolved, and warns
#   when the one it finds on PATH is elsewhere.
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

# Cache keys: the first 12 hex digits of the SHA-256 of the files each build reads.
hash_files() { cat "$@" | sha256sum | cut -c1-12; }
cli_key="v$PULUMI_VERSION-$(hash_files "$module_dir/go.mod" "$module_dir/go.sum")"
host_key="v$PULUMI_VERSION-$(hash_files "$module_dir/go.mod" "$module_dir/go.sum" \
  "$module_dir"/langhost/*.go "$module_dir"/internal/languagehost/*.go)"

cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/pulumi"
cli_dir="$cache_root/$cli_key/bin"
host_dir="$cache_root/langhost/$host_key"
bin="$cache_root/bin-$cli_key-$host_key"
cli_files=(pulumi pulumi-resource-pulumi-nodejs)
host_file=pulumi-language-nodejs

all_executable() { # $1: directory, rest: file names
  local dir="$1" name
  shift
  for name in "$@"; do [ -x "$dir/$name" ] || return 1; done
}

if all_executable "$bin" "${cli_files[@]}" "$host_file"; then
  say "v$PULUMI_VERSION cached at $bin"
  echo "$bin"
  exit 0
fi

need_go() {
  if ! command -v go >/dev/null 2>&1 && [ -x /usr/local/go/bin/go ]; then
    export PATH="$PATH:/usr/local/go/bin"
  fi
  if ! command -v go >/dev/null 2>&1; then
    echo "pulumi: neither the Pulumi CLI (>= $PULUMI_VERSION) nor Go is installed: install the Pulumi CLI (https://www.pulumi.com/docs/install/) or Go 1.25+ (https://go.dev/dl) and run this again." >&2
    exit 1
  fi
}

# Each build goes to a temporary directory beside its target and is moved into
# place only when complete, so an interrupted run leaves no partial cache entry.
tmp_dirs=()
trap 'rm -rf "${tmp_dirs[@]+"${tmp_dirs[@]}"}"' EXIT
new_tmp() { # $1: parent directory; sets tmp to a new empty directory in it
  mkdir -p "$1"
  tmp="$(mktemp -d "$1/build.XXXXXX")"
  tmp_dirs+=("$tmp")
}
export CGO_ENABLED=0
build_flags=(-mod=readonly -tags osusergo,grpcnotrace)

if all_executable "$cli_dir" "${cli_files[@]}"; then
  say "CLI v$PULUMI_VERSION cached at $cli_dir"
else
  need_go
  new_tmp "$cli_dir"
  start=$SECONDS
  say "building the CLI v$PULUMI_VERSION from Go modules into $cli_dir (first run: 10-20 minutes on 2 cores)"
  (cd "$module_dir" && go build "${build_flags[@]}" \
    -ldflags "-s -w -X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v$PULUMI_VERSION" \
    -o "$tmp/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi)
  say "copying the dynamic-provider plugin script from the Node.js SDK module"
  sdk_dir="$(cd "$module_dir" && go list -mod=readonly -m -f '{{.Dir}}' github.com/pulumi/pulumi/sdk/v3)"
  cp "$sdk_dir/nodejs/dist/pulumi-resource-pulumi-nodejs" "$tmp/pulumi-resource-pulumi-nodejs"
  chmod 0755 "$tmp"/*
  mv "$tmp"/* "$cli_dir/"
  say "CLI built in $((SECONDS - start))s: $(du -h "$cli_dir/pulumi" | cut -f1)"
fi

if all_executable "$host_dir" "$host_file"; then
  say "Node.js language host cached at $host_dir"
else
  need_go
  new_tmp "$host_dir"
  start=$SECONDS
  say "building the Node.js language host into $host_dir"
  (cd "$module_dir" && go build "${build_flags[@]}" -ldflags "-s -w -X main.version=$PULUMI_VERSION" \
    -o "$tmp/$host_file" ./langhost)
  chmod 0755 "$tmp/$host_file"
  mv "$tmp/$host_file" "$host_dir/"
  say "language host built in $((SECONDS - start))s: $(du -h "$host_dir/$host_file" | cut -f1)"
fi

say "linking the CLI and the language host into $bin"
new_tmp "$cache_root"
for name in "${cli_files[@]}"; do
  ln "$cli_dir/$name" "$tmp/$name" 2>/dev/null || cp -p "$cli_dir/$name" "$tmp/$name"
done
ln "$host_dir/$host_file" "$tmp/$host_file" 2>/dev/null || cp -p "$host_dir/$host_file" "$tmp/$host_file"
rm -rf "$bin" # an incomplete directory from an older run, if any
mv "$tmp" "$bin"
echo "$bin"
