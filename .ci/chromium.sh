#!/usr/bin/env bash
# Headless Chromium for the browser tests (tests/web/); sourced by .ci/run. Installs the
# distribution's package if it is missing and exports TABLERO_TEST_CHROMIUM, the executable
# Playwright drives (its own browser downloads are not used).
set -euo pipefail

chromium_bin=$(command -v chromium || true)
if [ -z "$chromium_bin" ]; then
    echo "== installing Chromium from the distribution's packages"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium > /dev/null
    chromium_bin=$(command -v chromium || true)
fi
[ -n "$chromium_bin" ] || { echo "Chromium is not available" >&2; exit 1; }
export TABLERO_TEST_CHROMIUM="$chromium_bin"
echo "== $("$chromium_bin" --version 2>/dev/null | head -1)"
