#!/usr/bin/env bash
# All tests: types, lint, then unit + integration tests inside a private D-Bus session with an
# unlocked gnome-keyring, so keychain tests use a real Secret Service and never the user's own.
set -euo pipefail
cd "$(dirname "$0")/.."

for tool in dbus-run-session dbus-send gnome-keyring-daemon curl openssl chromium desktop-file-validate makensis gio pdftotext unzip; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "npm test needs '$tool'. On Debian or Ubuntu run 'bash .ci/run' once (it installs the test dependencies), or: apt-get install -y dbus dbus-bin gnome-keyring curl openssl chromium desktop-file-utils nsis libglib2.0-bin poppler-utils unzip" >&2
    exit 2
  fi
done
# The team library's tests start private PostgreSQL clusters: Debian keeps initdb out of PATH.
if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null && ! command -v initdb >/dev/null 2>&1; then
  echo "npm test needs PostgreSQL's server programs (initdb, postgres). On Debian or Ubuntu run 'bash .ci/run' once, or: apt-get install -y postgresql" >&2
  exit 2
fi

npm run --silent typecheck
npm run --silent lint

exec bash scripts/in-test-keyring.sh npx vitest run "$@"
