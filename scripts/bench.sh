#!/usr/bin/env bash
# Runs the benchmarks (bench/): time to ready, preview and up at scale,
# rate limits, provider memory, install footprint. Prints the tables and writes
# bench/results/latest.md and latest.json (bench/results/tmp/ for --quick or
# --only runs). Arguments go to bench/main.ts: --quick, --only ttr,scale,estate,rate,fleet,install,start,reads,packing.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/bootstrap-tools.sh
echo "bench: compiling bench/" >&2
rm -rf dist-bench
npx tsc -p tsconfig.bench.json
# The e2e global setup finds the repository two directories above its own
# file, so it is compiled a second time to dist-bench/e2e/globalSetup.js.
npx tsc --rootDir tests --outDir dist-bench --module commonjs --target ES2022 --moduleResolution node \
  --esModuleInterop --skipLibCheck --strict --types node tests/e2e/globalSetup.ts
export BENCH_COMMAND="npm run bench${*:+ -- $*}"
node dist-bench/bench/main.js "$@"
