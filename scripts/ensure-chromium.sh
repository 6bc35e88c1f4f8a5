#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium (Playwright's own browser download cannot work here).
# Installs it when missing; does nothing when it is there.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "${CHROMIUM_PATH}" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1; then exit 0; fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "Installing Debian's chromium for the end-to-end tests..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-noto-color-emoji >/dev/null
