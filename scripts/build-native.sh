#!/usr/bin/env bash
# Compiles the spawn helper (native/spawn-helper.c → dist/spawn-helper), the
# small process that forks every tool for the server. Needs a C
# compiler (cc/gcc). With libqpdf's headers (libqpdf-dev, installed by
# install-tools.sh) it links libqpdf and runs qpdf jobs in-process (see the
# source's header). Skips the build when the binary is newer than its source
# and this script.
set -euo pipefail
cd "$(dirname "$0")/.."
src=native/spawn-helper.c
out=dist/spawn-helper
if [ -x "$out" ] && [ "$out" -nt "$src" ] && [ "$out" -nt "$0" ]; then exit 0; fi
mkdir -p dist
flags=(-O2 -Wall -Wextra -Werror)
libs=()
if [ -f /usr/include/qpdf/qpdfjob-c.h ]; then
  flags+=(-DWITH_QPDF)
  libs+=(-lqpdf)
else
  echo "build-native: libqpdf headers missing; qpdf will be exec'd per job" >&2
fi
cc "${flags[@]}" -o "$out.tmp" "$src" "${libs[@]}"
mv "$out.tmp" "$out"
echo "build-native: built $out"
