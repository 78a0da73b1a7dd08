#!/usr/bin/env bash
# Installs everything the service needs: native tools (apt), npm packages, and
# the compiled JavaScript. Safe to re-run; each step skips what is done.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/install-tools.sh

if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  echo "setup: installing npm packages"
  # `npm ci`: exactly the committed lock (checked with npm 10 and 11), and a failure when
  # package.json and the lock drift apart. The lock lists every platform's optional
  # binaries (npm/cli#4828), so ci accepts it on any machine.
  npm ci --no-audit --no-fund
fi

echo "setup: compiling TypeScript"
npx tsc -p tsconfig.json
bash scripts/build-native.sh
