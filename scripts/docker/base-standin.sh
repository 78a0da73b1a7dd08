#!/usr/bin/env bash
# Builds a local stand-in for the Dockerfile's base image (node:20-bookworm-slim) where the
# registry cannot be reached: a Debian bookworm root file system made by mmdebstrap, with this
# machine's Node 20 (binary, npm, and the headers node-gyp needs, since it cannot download them)
# at the paths the official image uses, imported and tagged with the base image's name.
# Needs root, mmdebstrap and a Node 20 from the nodesource/Debian layout (/usr/bin/node).
set -euo pipefail
TAG="${1:-node:20-bookworm-slim}"
node_bin="$(command -v node)"
case "$(node --version)" in v20.*) ;; *) echo "base-standin: needs Node 20 on this machine" >&2; exit 1 ;; esac
node_prefix="$(dirname "$(dirname "$(readlink -f "$node_bin")")")"   # /usr or /usr/local
npm_dir="$node_prefix/lib/node_modules/npm"
headers="$node_prefix/include/node"
[ -d "$npm_dir" ] && [ -f "$headers/node.h" ] || { echo "base-standin: npm or Node headers not found under $node_prefix" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# minbase: what the slim image has (no recommends), plus the runtime libraries node links.
mmdebstrap --quiet --variant=minbase --include=ca-certificates,libstdc++6 bookworm "$work/root"
install -D -m 0755 "$(readlink -f "$node_bin")" "$work/root/usr/local/bin/node"
mkdir -p "$work/root/usr/local/lib/node_modules" "$work/root/usr/local/include"
cp -a "$npm_dir" "$work/root/usr/local/lib/node_modules/npm"
cp -a "$headers" "$work/root/usr/local/include/node"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$work/root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$work/root/usr/local/bin/npx"
# The host's trusted certificates, so the stand-in reaches what the host reaches (a machine whose
# egress goes through a TLS-inspecting proxy trusts that proxy's CA); npm reads them from its
# global config (node itself does not use the system store), and node-gyp finds the headers
# copied in above instead of downloading them.
if [ -d /usr/local/share/ca-certificates ]; then
  cp -a /usr/local/share/ca-certificates/. "$work/root/usr/local/share/ca-certificates/"
  chroot "$work/root" update-ca-certificates >/dev/null 2>&1 || cp /etc/ssl/certs/ca-certificates.crt "$work/root/etc/ssl/certs/ca-certificates.crt"
fi
mkdir -p "$work/root/usr/local/etc"
printf '%s\n' 'cafile=/etc/ssl/certs/ca-certificates.crt' 'nodedir=/usr/local' > "$work/root/usr/local/etc/npmrc"
rm -rf "$work/root/var/lib/apt/lists/"* "$work/root/var/cache/apt/"*.bin
tar -C "$work/root" -c . | docker import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change 'ENV NODE_VERSION='"$(node --version | cut -c2-)" \
  --change 'CMD ["node"]' - "$TAG" >/dev/null
echo "base-standin: built $TAG ($(docker image inspect -f '{{.Size}}' "$TAG" | awk '{printf "%.0f MB", $1/1e6}'))"
