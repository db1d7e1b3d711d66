#!/usr/bin/env bash
# One command for a newcomer: set up, build and start FilmRoom with the embedded defaults
# (PGlite and local storage under ./data, mail written to ./data/outbox) at http://localhost:8080.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
npm run build
exec npm start
