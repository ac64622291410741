#!/usr/bin/env bash
# Runs a command inside a private D-Bus session with an unlocked gnome-keyring in a fresh directory,
# so keychain tests use a real Secret Service and never the user's own keyring (nor one an earlier
# run left locked with another password).
set -euo pipefail
keyrings=$(mktemp -d)
trap 'rm -rf "$keyrings"' EXIT
dbus-run-session -- env XDG_DATA_HOME="$keyrings" sh -c \
  'echo -n notarium-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"' sh "$@"
