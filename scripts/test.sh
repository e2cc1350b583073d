#!/usr/bin/env bash
# The whole test suite, as `npm test` runs it: tools, build, type-check, lint,
# then jest's unit, integration and e2e projects. Extra arguments go to jest.
# jest's JSON results land in tests/.tmp/jest-results.json (read by .ci/run).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/bootstrap-tools.sh
echo "test: building, type-checking and linting" >&2
npm run --silent build
# The e2e global setup (tests/e2e/globalSetup.ts) builds only when this is not 1: the build above is the one it needs.
export PULUMI_LANGSMITH_BUILT=1
npm run --silent typecheck
npm run --silent lint
mkdir -p tests/.tmp
npx jest --ci --json --outputFile=tests/.tmp/jest-results.json "$@"
