#!/usr/bin/env bash
# Installs the native tools the service runs (Debian/Ubuntu, apt-get).
# Used by the README quick start, .ci/run and the Dockerfile, so every
# environment gets the same tools. Skips packages already installed.
set -euo pipefail

PACKAGES=(
  qpdf
  ghostscript
  poppler-utils
  mupdf-tools
  img2pdf
  ocrmypdf
  tesseract-ocr
  tesseract-ocr-eng tesseract-ocr-deu tesseract-ocr-fra
  tesseract-ocr-spa tesseract-ocr-ita tesseract-ocr-por tesseract-ocr-osd
  libreoffice-writer-nogui libreoffice-calc-nogui libreoffice-impress-nogui
  python3-uno
  # the vector redaction pass (src/tools/vector-redact.py)
  python3-pikepdf
  chromium
  openssl
  fonts-dejavu-core fonts-noto-core
  hyphen-en-us
  file
  # the Python client's tests (test/clients/python-client.test.ts)
  python3-httpx python3-pytest python3-pytest-asyncio
  # the spawn helper (native/spawn-helper.c, compiled by scripts/build-native.sh; libqpdf-dev: qpdf jobs in-process)
  gcc libc6-dev libqpdf-dev
  # Tests only: a private throwaway cluster per test file (test/helpers/postgres.ts); the service needs just a DATABASE_URL.
  postgresql
)

if ! command -v apt-get >/dev/null 2>&1; then
  echo "install-tools: apt-get not found; install these packages by hand: ${PACKAGES[*]}" >&2
  exit 1
fi

missing=()
for pkg in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$pkg")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-tools: all native tools present"
  exit 0
fi

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1; then
    SUDO="sudo"
  else
    echo "install-tools: need root or sudo to install: ${missing[*]}" >&2
    exit 1
  fi
fi

echo "install-tools: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
echo "install-tools: done"
