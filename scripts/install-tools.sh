#!/usr/bin/env bash
# Installs native tools from Debian/Ubuntu packages (apt-get), by group:
#   runtime  what the running service calls (the Docker image's runtime stage has only this)
#   build    what compiling the spawn helper and the native npm module needs
#   test     what only the test suite needs (PostgreSQL, the clients' toolchains)
#   docker   what the Docker check script needs (scripts/docker-check.sh)
# With no group: runtime and build. Skips packages already installed.
set -euo pipefail

RUNTIME=(
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
  # QR separator pages for split mode=qr (src/tools/zbarimg.ts)
  zbar-tools
  chromium
  openssl
  fonts-dejavu-core fonts-noto-core
  # text in every script for watermark, page-numbers and filled forms (src/pdf/font-chain.ts,
  # tools/hb-subset.ts): Chinese/Japanese/Korean and monospaced Noto faces, HarfBuzz's subsetter
  fonts-noto-cjk fonts-noto-mono libharfbuzz-bin
  hyphen-en-us
  file
)
BUILD=(
  # the spawn helper (native/spawn-helper.c; libqpdf-dev: qpdf jobs in-process) and
  # better-sqlite3 when no prebuilt binary can be fetched
  gcc g++ make python3 libc6-dev libqpdf-dev
)
TEST=(
  # QR codes for the layout tests' separator pages; PIL for their images (test/helpers/layout-fixtures.py)
  qrencode python3-pil
  # the Python client's tests
  python3-httpx python3-pytest python3-pytest-asyncio python3-venv python3-pip python3-setuptools python3-wheel
  # a private throwaway cluster per test file (test/helpers/postgres.ts)
  postgresql
  # the Go, Ruby and PHP clients' own test suites
  golang-go ruby ruby-minitest php-cli php-curl phpunit
  # an independent XLSX reader for the PDF → XLSX tests (test/helpers/sheets.ts)
  python3-openpyxl
  # the PHP client's documented install (a Composer path repository, offline)
  composer
)
DOCKER=(
  docker.io mmdebstrap
)

groups=("$@")
[ ${#groups[@]} -eq 0 ] && groups=(runtime build)
PACKAGES=()
for group in "${groups[@]}"; do
  case "$group" in
    runtime) PACKAGES+=("${RUNTIME[@]}") ;;
    build) PACKAGES+=("${BUILD[@]}") ;;
    test) PACKAGES+=("${TEST[@]}") ;;
    docker) PACKAGES+=("${DOCKER[@]}") ;;
    *) echo "install-tools: unknown group '$group' (runtime, build, test, docker)" >&2; exit 2 ;;
  esac
done

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
  echo "install-tools: all packages of ${groups[*]} present"
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
