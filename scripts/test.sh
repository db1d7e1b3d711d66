#!/usr/bin/env bash
# One command for the whole test suite: set up, build, lint, type-check, the generated test films
# (made once per run), unit/API tests, browser e2e. The build type-checks every package it compiles,
# so the type-check step covers only what it does not compile (the server's tests and the e2e
# suite), beside lint. The server's tests run beside the packages'; the browser tests run three
# workers, each with its own server. API
# tests also run against a real PostgreSQL when TEST_DATABASE_URL is set. Each stage's time is
# printed at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
times=()
step() {
  local name=$1
  shift
  echo
  echo "==> $name"
  local started=$SECONDS
  "$@"
  times+=("$(printf '%-22s %4d s' "$name" $((SECONDS - started)))")
}
step setup bash scripts/setup.sh --test
step build npm run build
step "lint and typecheck" npm run check
step "test films" npm run make:test-films
step "unit and API tests" npm run test:unit
step "browser e2e" npm run test:e2e
if [ ! -e "${SHARED_MEDIA_DIR:-../shared/media/README.md}" ]; then
  echo; echo "Skipped for want of real footage (${SHARED_MEDIA_DIR:-../shared/media beside this clone} not found; set SHARED_MEDIA_DIR to run them):"
  grep -rlE --include='*.test.ts' --include='*.spec.ts' 'sharedMediaForTests\(|realClip\(' packages apps e2e 2>/dev/null | grep -v node_modules | sed 's/^/  /' || true
fi
echo
echo "Stage times:"
printf '  %s\n' "${times[@]}"
echo; echo "All checks passed."
