#!/usr/bin/env bash
# Installs Debian's Chromium for the e2e tests when it is missing (no browser download:
# Playwright drives /usr/bin/chromium). Needs root (or sudo) and Debian's package mirror.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Installing Debian chromium for the e2e tests..."
SUDO=""
if [ "$(id -u)" != "0" ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium fonts-liberation >/dev/null
/usr/bin/chromium --version
