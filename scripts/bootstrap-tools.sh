#!/usr/bin/env bash
# Makes a fresh machine ready for the tests and the demo, with no manual step:
# builds (or finds) the Pulumi CLI with its Node.js language host,
# versitygw, the YAML language host, the SDK generator and the C# grammar
# (for syntax-checking the generated .NET SDK), then records where they are in
# ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/tools.env, which the test
# harness and the demo read. Idempotent: a second run takes seconds.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith"
mkdir -p "$cache_root"
start=$SECONDS

pulumi_dir="$("$here/build-pulumi.sh" | tail -n 1)"
versitygw_bin="$("$here/build-versitygw.sh" | tail -n 1)"
yaml_dir="$("$here/build-yaml.sh" | tail -n 1)"
sdkgen_dir="$("$here/build-sdkgen.sh" | tail -n 1)"
csharp_grammar="$("$here/fetch-csharp-grammar.sh" | tail -n 1)"

env_file="$cache_root/tools.env"
{
  echo "PULUMI_BIN_DIR=$pulumi_dir"
  echo "VERSITYGW_BIN=$versitygw_bin"
  echo "PULUMI_YAML_BIN_DIR=$yaml_dir"
  echo "SDKGEN_BIN=$sdkgen_dir/pulumi-langsmith-sdkgen"
  echo "SDKGEN_DOTNET_BIN=$sdkgen_dir/pulumi-langsmith-sdkgen-dotnet"
  echo "CSHARP_GRAMMAR_WASM=$csharp_grammar"
} > "$env_file.tmp"
mv "$env_file.tmp" "$env_file"
echo "tools: ready in $((SECONDS - start))s; recorded in $env_file" >&2
