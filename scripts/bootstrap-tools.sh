#!/usr/bin/env bash
# Makes a fresh machine ready for the tests and the demo, with no manual step:
# builds (or finds) the Pulumi CLI with its Node.js language host,
# versitygw, the YAML language host, the SDK generator, the C# grammar
# (for syntax-checking the generated .NET SDK) and the test-only Go and Python
# language hosts, installs Python's packaging tools from Debian's packages,
# makes the Python environments of the tests (Pulumi's Python SDK,
# schemathesis, langgraph-cli and the langsmith SDK, from PyPI) and installs
# the langsmith JS SDK the tests run as a client,
# then records where they are in
# ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/tools.env, which the test
# harness and the demo read. Idempotent: a second run takes seconds.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cache_root="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith"
mkdir -p "$cache_root"
start=$SECONDS

# Python's standard packaging tools, from Debian's packages: the release script
# builds the Python SDK's sdist and wheel with them, and a test installs the
# wheel into a virtual environment.
if ! /usr/bin/python3 -c "import build, wheel, setuptools, ensurepip" >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "tools: installing python3-build, python3-wheel, python3-setuptools and python3-venv from Debian's packages" >&2
    apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-build python3-wheel python3-setuptools python3-venv >&2
  else
    echo "tools: python3-build, python3-wheel, python3-setuptools and python3-venv are missing: install them (as root: apt-get install python3-build python3-wheel python3-setuptools python3-venv)" >&2
    exit 1
  fi
fi

pulumi_dir="$("$here/build-pulumi.sh" | tail -n 1)"
versitygw_bin="$("$here/build-versitygw.sh" | tail -n 1)"
yaml_dir="$("$here/build-yaml.sh" | tail -n 1)"
sdkgen_dir="$("$here/build-sdkgen.sh" | tail -n 1)"
csharp_grammar="$("$here/fetch-csharp-grammar.sh" | tail -n 1)"
go_langhost_dir="$("$here/build-langhost.sh" go | tail -n 1)"
python_langhost_dir="$("$here/build-langhost.sh" python | tail -n 1)"
python_env_dir="$("$here/build-python-env.sh" pulumi | tail -n 1)"
python_fuzz_dir="$("$here/build-python-env.sh" fuzz | tail -n 1)"
python_langgraph_cli_dir="$("$here/build-python-env.sh" langgraph-cli | tail -n 1)"
python_langsmith_dir="$("$here/build-python-env.sh" langsmith | tail -n 1)"
langsmith_js_dir="$("$here/fetch-langsmith-js.sh" | tail -n 1)"

env_file="$cache_root/tools.env"
{
  echo "PULUMI_BIN_DIR=$pulumi_dir"
  echo "VERSITYGW_BIN=$versitygw_bin"
  echo "PULUMI_YAML_BIN_DIR=$yaml_dir"
  echo "SDKGEN_BIN=$sdkgen_dir/pulumi-langsmith-sdkgen"
  echo "SDKGEN_DOTNET_BIN=$sdkgen_dir/pulumi-langsmith-sdkgen-dotnet"
  echo "CSHARP_GRAMMAR_WASM=$csharp_grammar"
  echo "GO_LANGHOST_DIR=$go_langhost_dir"
  echo "PYTHON_LANGHOST_DIR=$python_langhost_dir"
  echo "PYTHON_ENV_DIR=$python_env_dir"
  echo "PYTHON_FUZZ_DIR=$python_fuzz_dir"
  echo "PYTHON_LANGGRAPH_CLI_DIR=$python_langgraph_cli_dir"
  echo "PYTHON_LANGSMITH_DIR=$python_langsmith_dir"
  echo "LANGSMITH_JS_DIR=$langsmith_js_dir"
} > "$env_file.tmp"
mv "$env_file.tmp" "$env_file"
echo "tools: ready in $((SECONDS - start))s; recorded in $env_file" >&2
