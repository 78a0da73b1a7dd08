#!/usr/bin/env bash
# Quick start: install everything, create a first API key if there is none
# (printed once), and serve on HOST:PORT (default 127.0.0.1:8080).
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh

if [ "$(node bin/pdf-service keys list --json | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>console.log(JSON.parse(s).filter(k=>!k.revoked_at).length))')" = "0" ]; then
  node bin/pdf-service keys create --account default --plan enterprise
fi

exec node bin/pdf-service serve
