#!/usr/bin/env bash
# Makes the Python environment the tests run Python programs in: a virtual
# environment with Pulumi's Python SDK at the CLI's version and the packages
# the generated Python SDK needs, every version pinned in
# scripts/tools/python/requirements.txt (from PyPI). Cached under
# ${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/python-env/<key>/, where
# <key> covers the requirements and the interpreter's version. A test's
# program gets a virtual environment of its own that sees these packages
# (a .pth file) and installs the provider's wheel on top (tests/helpers/pythonProject.ts).
#
# Idempotent. Progress goes to stderr; the LAST line on stdout is the
# environment's directory.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
requirements="$here/tools/python/requirements.txt"
python=/usr/bin/python3
log() { echo "python environment (tests): $*" >&2; }

key="$({ cat "$requirements"; "$python" --version; } | sha256sum | cut -c1-12)"
env_dir="${XDG_CACHE_HOME:-$HOME/.cache}/pulumi-langsmith/python-env/$key"
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
