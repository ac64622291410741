#!/usr/bin/env bash
# One tier of the suite, without the type check and lint that `npm test` runs first:
#   fast         unit and renderer tests (modules alone; no build, no browser), without the soaks
#   integration  the core and the CLI against the sandbox, without the soaks
#   e2e          the app in Chromium through the web shell
#   soak         the long evidence runs: crashes, faults, malformed answers, the web shell's fuzz,
#                hours of the status pace
# Further arguments go to vitest (a file filter, -t NAME, --reporter …).
set -euo pipefail
cd "$(dirname "$0")/.."
SOAKS=(test/integration/evidence-crash.test.ts test/integration/evidence-faults.test.ts test/e2e/evidence-faults.test.ts
  test/integration/evidence-malformed-responses.test.ts test/integration/web-shell-fuzz.test.ts)
UNIT_SOAKS=(test/unit/core/poller/pace-soak.test.ts)
tier=${1:-}
shift || true
case "$tier" in
  fast) args=(--project unit --project renderer) && for f in "${UNIT_SOAKS[@]}"; do args+=(--exclude "$f"); done ;;
  integration) args=(--project integration --exclude 'test/e2e/**') && for f in "${SOAKS[@]}"; do args+=(--exclude "$f"); done ;;
  e2e) args=(--project integration test/e2e/) && for f in "${SOAKS[@]}"; do args+=(--exclude "$f"); done ;;
  soak) args=(--project integration --project unit "${SOAKS[@]}" "${UNIT_SOAKS[@]}") ;;
  *)
    echo "usage: bash scripts/test-tier.sh fast|integration|e2e|soak [vitest arguments]" >&2
    exit 2
    ;;
esac
exec bash scripts/in-test-keyring.sh npx vitest run "${args[@]}" "$@"
