#!/usr/bin/env bash
# Installs everything (tools, packages, build) and runs the whole test suite
# against the real tools. This is the README's test command and what CI runs.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
npx vitest run "$@"
