#!/usr/bin/env bash
# Compiles the spawn helper (native/spawn-helper.c → dist/spawn-helper), the
# small process that forks every tool for the server (issue 15). Needs a C
# compiler (cc/gcc). Skips the build when the binary is newer than its source.
set -euo pipefail
cd "$(dirname "$0")/.."
src=native/spawn-helper.c
out=dist/spawn-helper
if [ -x "$out" ] && [ "$out" -nt "$src" ]; then exit 0; fi
mkdir -p dist
cc -O2 -Wall -Wextra -Werror -o "$out.tmp" "$src"
mv "$out.tmp" "$out"
echo "build-native: built $out"
