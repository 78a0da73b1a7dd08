#!/usr/bin/env bash
# `npm run test:docker`: builds the image from this clone and checks it end to end
# (test/docker/image.check.ts): the README's docker run, key command, every operation, stop and
# restart. Prints the image size and the build and start times. Needs root or sudo for Docker.
#
# Where no Docker daemon runs, starts one with its own data root (DOCKER_DATA_ROOT), trying the
# storage drivers overlay2, fuse-overlayfs, then vfs (which works anywhere but copies every
# layer: a build takes about four times as long), and stops it again at the end. Where the base
# image cannot be pulled (no registry), builds a local stand-in for it
# (scripts/docker/base-standin.sh).
set -euo pipefail
cd "$(dirname "$0")/../.."
# Docker needs root (or sudo): the whole check runs as root.
if [ "$(id -u)" -ne 0 ]; then exec sudo -E bash "$0" "$@"; fi

IMAGE="${PDF_SERVICE_IMAGE:-pdf-service:check}"
BASE="$(sed -n 's/^FROM \([^ ]*\).*/\1/p' Dockerfile | head -1)"
DATA_ROOT="${DOCKER_DATA_ROOT:-/var/lib/pdf-service-docker}"

bash scripts/install-tools.sh docker
bash scripts/setup.sh >/dev/null   # the check itself runs on the host's Node (vitest, the TypeScript client, pdfinfo…)

started_daemon=""
stop_daemon() {
  if [ -n "$started_daemon" ]; then
    kill "$started_daemon" 2>/dev/null || true
    for _ in $(seq 1 30); do kill -0 "$started_daemon" 2>/dev/null || break; sleep 1; done
  fi
}
trap stop_daemon EXIT

if ! docker info >/dev/null 2>&1; then
  mkdir -p "$DATA_ROOT"
  for driver in overlay2 fuse-overlayfs vfs; do
    log="$(mktemp)"
    dockerd --data-root "$DATA_ROOT" --storage-driver "$driver" >"$log" 2>&1 &
    pid=$!
    for _ in $(seq 1 30); do
      docker info >/dev/null 2>&1 && break
      kill -0 "$pid" 2>/dev/null || break
      sleep 1
    done
    if docker info >/dev/null 2>&1; then
      started_daemon="$pid"
      echo "docker-check: started dockerd (storage driver $driver, data root $DATA_ROOT)"
      rm -f "$log"
      break
    fi
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
    echo "docker-check: dockerd with $driver did not start: $(tail -1 "$log")"
    rm -f "$log"
  done
  [ -n "$started_daemon" ] || { echo "docker-check: no storage driver worked" >&2; exit 1; }
fi

if ! docker image inspect "$BASE" >/dev/null 2>&1 && ! docker pull "$BASE" >/dev/null 2>&1; then
  echo "docker-check: $BASE cannot be pulled; building a local stand-in"
  bash scripts/docker/base-standin.sh "$BASE"
fi

build_started=$(date +%s)
docker build --network=host -t "$IMAGE" .
build_seconds=$(( $(date +%s) - build_started ))
size=$(docker image inspect -f '{{.Size}}' "$IMAGE")
base_size=$(docker image inspect -f '{{.Size}}' "$BASE")
echo "docker-check: built $IMAGE in ${build_seconds} s: $(( size / 1000000 )) MB ($(( (size - base_size) / 1000000 )) MB over the base image $BASE)"

PDF_SERVICE_IMAGE="$IMAGE" npx vitest run --config vitest.docker.config.ts
