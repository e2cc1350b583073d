#!/usr/bin/env bash
# Makes one of the Python environments of the tests, a virtual environment
# with every version pinned (from PyPI):
#   pulumi  Pulumi's Python SDK at the CLI's version and the packages the
#           generated Python SDK needs (scripts/tools/python/requirements.txt):
#           a test's Python program gets a virtual environment of its own that
#           sees these packages (a .pth file) and installs the provider's wheel
#           on top (tests/helpers/pythonSdk.ts);
#   fuzz    schemathesis, which fuzzes the emulator against the contract
#           (scripts/tools/python/fuzz-requirements.txt; tests/contract/fuzz.test.ts);
#   langgraph-cli  langgraph-cli, LangSmith's deploy client, run against the
#           emulator as a conformance client
#           (scripts/tools/python/langgraph-cli-requirements.txt; tests/integration/langgraphCli.test.ts);
#   langsmith  the official `langsmith` Python SDK (with langchain-core), run
#           against the emulator as a conformance client
#           (scripts/tools/python/langsmith-requirements.txt; tests/integration/langsmithPython.test.ts).
# Cached under ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/python-<name>/<key>/,
# where <key> covers the requirements and the interpreter's version.
#
# Usage: scripts/build-python-env.sh pulumi|fuzz|langgraph-cli|langsmith
# Idempotent. Progress goes to stderr; the LAST line on stdout is the
# environment's directory.
set -euo pipefail

name="${1:?usage: build-python-env.sh pulumi|fuzz|langgraph-cli|langsmith}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
case "$name" in
  pulumi) requirements="$here/tools/python/requirements.txt"; cache_name=python-env ;;
  fuzz) requirements="$here/tools/python/fuzz-requirements.txt"; cache_name=python-fuzz ;;
  langgraph-cli) requirements="$here/tools/python/langgraph-cli-requirements.txt"; cache_name=python-langgraph-cli ;;
  langsmith) requirements="$here/tools/python/langsmith-requirements.txt"; cache_name=python-langsmith ;;
  *) echo "build-python-env.sh: unknown environment $name (pulumi, fuzz, langgraph-cli or langsmith)" >&2; exit 2 ;;
esac
python=/usr/bin/python3
log() { echo "python environment $name (tests): $*" >&2; }

key="$({ cat "$requirements"; "$python" --version; } | sha256sum | cut -c1-12)"
env_dir="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/$cache_name/$key"
if [ -x "$env_dir/bin/python" ] && [ -f "$env_dir/.complete" ]; then
  log "cached at $env_dir"
  echo "$env_dir"
  exit 0
fi
rm -rf "$env_dir"
mkdir -p "$(dirname "$env_dir")"
start=$SECONDS
log "creating $env_dir"
"$python" -m venv "$env_dir"
"$env_dir/bin/python" -m pip install --quiet --disable-pip-version-check --no-input -r "$requirements" >&2
touch "$env_dir/.complete"
log "ready in $((SECONDS - start))s"
echo "$env_dir"
