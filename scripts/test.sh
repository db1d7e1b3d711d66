#!/usr/bin/env bash
# One command for the whole test suite: set up, build, lint, type-check, unit/API tests, browser e2e.
# API tests also run against a real PostgreSQL when TEST_DATABASE_URL is set.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh --test
step() { echo; echo "==> $*"; }
step build;      npm run build
step lint;       npm run lint
step typecheck;  npm run typecheck
step "unit and API tests";  npm run test:unit
step "browser e2e";         npm run test:e2e
if [ ! -e "${SHARED_MEDIA_DIR:-../shared/media/README.md}" ]; then
  echo; echo "Skipped for want of real footage (${SHARED_MEDIA_DIR:-../shared/media beside this clone} not found; set SHARED_MEDIA_DIR to run them):"
  grep -rlE --include='*.test.ts' --include='*.spec.ts' 'sharedMediaForTests\(|realClip\(' packages apps e2e 2>/dev/null | grep -v node_modules | sed 's/^/  /' || true
fi
echo; echo "All checks passed."
