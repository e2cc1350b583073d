#!/usr/bin/env bash
# Makes the C# grammar of tree-sitter (tree-sitter-c-sharp 0.23.5, its
# WebAssembly build) available for syntax-checking the generated .NET SDK
# (tests/e2e/nativeSdks.test.ts; there is no dotnet on the test machines).
# Taken from the npm package's tarball (`npm pack`), so nothing native is
# built or installed; web-tree-sitter (a dev dependency) runs it.
#
# Cached under ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/csharp-grammar/<version>/.
# Progress goes to stderr; the LAST line on stdout is the .wasm file's path.
set -euo pipefail

version="0.23.5"
cache_dir="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/csharp-grammar/$version"
wasm="$cache_dir/tree-sitter-c_sharp.wasm"

if [ -s "$wasm" ]; then
  echo "csharp-grammar: cached at $wasm" >&2
  echo "$wasm"
  exit 0
fi

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
echo "csharp-grammar: fetching tree-sitter-c-sharp@$version" >&2
(cd "$tmp" && npm pack --silent "tree-sitter-c-sharp@$version" >/dev/null)
tar -xzf "$tmp"/tree-sitter-c-sharp-"$version".tgz -C "$tmp" package/tree-sitter-c_sharp.wasm
mkdir -p "$cache_dir"
mv "$tmp/package/tree-sitter-c_sharp.wasm" "$wasm.tmp"
mv "$wasm.tmp" "$wasm"
echo "$wasm"
