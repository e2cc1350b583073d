#!/usr/bin/env bash
# The whole test suite, as `npm test` runs it: tools, build, type-check, lint,
# then jest's unit, integration and e2e projects. Extra arguments go to jest.
# jest's JSON results land in tests/.tmp/jest-results.json (read by .ci/run).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/bootstrap-tools.sh
echo "test: building, type-checking and linting" >&2
npm run --silent build
npm run --silent typecheck
npm run --silent lint
mkdir -p tests/.tmp
npx jest --ci --json --outputFile=tests/.tmp/jest-results.json "$@"
