#!/usr/bin/env bash
# Installs, from Debian's packages, what the tests use beside Node when it is missing: Chromium for
# the e2e tests (Playwright drives /usr/bin/chromium; no browser download), ffmpeg (the e2e camera
# test makes the fake camera's video with it) and poppler-utils (the count sheet test renders the
# PDF with pdftoppm). Needs root (or sudo) and Debian's package mirror.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium fonts-liberation)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
echo "Installing Debian packages for the tests: ${missing[*]}"
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq "${missing[@]}" >/dev/null
/usr/bin/chromium --version
