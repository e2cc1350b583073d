#!/usr/bin/env bash
# The application's CI against a local LangSmith: starts the emulator, runs
# `pulumi up` of this directory's program (the one the prod stack runs
# against LangSmith) in a throwaway `ci` stack against it, then runs the
# application's tests (app/) with the langsmith SDK pointed at it.
#
# Needs: pulumi and the langsmith plugin, Node.js with pulumi-langsmith-emulator
# installed (a dev dependency), and a Python with app/requirements.txt.
#
# Environment (all optional):
#   LANGSMITH_EMULATOR   command that starts the emulator
#                        (default: npx --no-install pulumi-langsmith-emulator)
#   PYTHON               the Python that runs the tests (default: python3)
#   PULUMI_BACKEND_URL   where the ci stack's state goes (default: a temporary
#                        local directory, removed at the end: the emulator keeps
#                        nothing either, so every run starts from scratch)
#   PULUMI_CONFIG_PASSPHRASE  the ci stack's passphrase (default with the
#                        temporary backend: "ci"; it only guards the emulator's key)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
read -r -a emulator <<<"${LANGSMITH_EMULATOR:-npx --no-install pulumi-langsmith-emulator}"
python="${PYTHON:-python3}"
stack=ci
# The emulator's default workspace and its API key (docs/emulator.md, "Default seed").
workspace_id=22222222-2222-4222-8222-222222222222
api_key=lsv2_pt_emulator_demo_key

work="$(mktemp -d)"
emulator_pid=""
stack_file=""
cleanup() {
  if [ -n "$emulator_pid" ]; then kill -TERM -- "-$emulator_pid" 2>/dev/null || true; fi
  if [ -n "$stack_file" ]; then rm -f "$stack_file"; fi
  rm -rf "$work"
}
trap cleanup EXIT

if [ -z "${PULUMI_BACKEND_URL:-}" ]; then
  mkdir -p "$work/state"
  export PULUMI_BACKEND_URL="file://$work/state"
  export PULUMI_CONFIG_PASSPHRASE="${PULUMI_CONFIG_PASSPHRASE-ci}"
fi

# 1. The emulator, on a free port, in a process group of its own (so stopping
#    it stops what npx started); it prints `ready: <url>` once it serves.
set -m
"${emulator[@]}" --port 0 --timings fast >"$work/emulator.log" 2>&1 &
emulator_pid=$!
set +m
url=""
for _ in $(seq 1 300); do
  url="$(sed -n 's/^ready: //p' "$work/emulator.log")"
  if [ -n "$url" ]; then break; fi
  if ! kill -0 "$emulator_pid" 2>/dev/null; then
    echo "ci.sh: the emulator exited before it was ready:" >&2
    cat "$work/emulator.log" >&2
    exit 1
  fi
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "ci.sh: the emulator printed no ready line within 30 s:" >&2
  cat "$work/emulator.log" >&2
  exit 1
fi
echo "ci.sh: LangSmith emulator at $url"

# 2. The team's LangSmith program, in the ci stack, against the emulator. The
#    provider and the SDK read the same variables, so the stack has no config
#    of its own; the stack file `pulumi stack init` writes (its passphrase's
#    salt) is removed at the end unless it was there before.
export LANGSMITH_ENDPOINT="$url/api/v1" LANGSMITH_API_KEY="$api_key" LANGSMITH_WORKSPACE_ID="$workspace_id"
cd "$here"
if [ ! -e "Pulumi.$stack.yaml" ]; then stack_file="$here/Pulumi.$stack.yaml"; fi
pulumi stack select --create --non-interactive "$stack"
pulumi up --stack "$stack" --yes --skip-preview --non-interactive

# 3. The application's tests, on what the stack made: its names and the commit it tagged.
TRIAGE_PROMPT="$(pulumi stack output --stack "$stack" promptHandle):production"
TRIAGE_DATASET="$(pulumi stack output --stack "$stack" datasetName)"
TRIAGE_PROMPT_COMMIT="$(pulumi stack output --stack "$stack" productionCommitHash)"
export TRIAGE_PROMPT TRIAGE_DATASET TRIAGE_PROMPT_COMMIT
cd "$here/app"
LANGSMITH_TRACING=false "$python" -m unittest -v
