#!/usr/bin/env bash
# Installs everything the service needs: native tools (apt), npm packages, and
# the compiled JavaScript. Safe to re-run; each step skips what is done.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-tools.sh

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  # `npm install`, not `npm ci`: npm 11's ci refuses this lock because it lacks other
  # platforms' optional rollup binaries (npm/cli#4828); install honours the lock's versions.
  npm install --no-audit --no-fund
fi

echo "setup: compiling TypeScript"
npx tsc -p tsconfig.json
bash scripts/build-native.sh
