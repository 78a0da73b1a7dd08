#!/usr/bin/env bash
# Installs everything (tools, packages, build) and runs the whole test suite
# against the real tools. This is the README's test command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
bash scripts/install-tools.sh test

# The layer rules first (.dependency-cruiser.cjs, docs/architecture.md "Layers"): a break fails the command.
npm run --silent lint:layers

report="$(mktemp)"
trap 'rm -f "$report"' EXIT
status=0
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@" || status=$?
# A plain closing line that any CI can read: "N passed, N failed".
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed` + (r.numPendingTests ? `, ${r.numPendingTests} skipped` : ""));
' "$report" || true
exit "$status"
