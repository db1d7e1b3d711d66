#!/usr/bin/env bash
# Installs what FilmRoom needs on a Debian/Ubuntu machine with Node.js 20: system packages (when missing)
# and the npm workspaces. Pass --test to also install what the test suite needs (Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

node_ok=$(node -e 'const [a,b]=process.versions.node.split(".").map(Number);console.log(a>20||(a===20&&b>=19)?1:0)')
if [ "$node_ok" != 1 ]; then
  echo "FilmRoom needs Node.js 20.19 or newer (found $(node --version))." >&2
  exit 1
fi

missing=()
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v ffprobe >/dev/null 2>&1 || missing+=(ffmpeg)
command -v yt-dlp >/dev/null 2>&1 || missing+=(yt-dlp)
# Player Tracking labels each chosen player's box with their number in DejaVu Sans Bold.
[ -f /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf ] || missing+=(fonts-dejavu-core)
if [ "${1:-}" = "--test" ]; then
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
fi
if [ ${#missing[@]} -gt 0 ]; then
  mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u)
  echo "Installing Debian packages: ${missing[*]}"
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  elif command -v sudo >/dev/null 2>&1; then
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "Please install these Debian packages and run again: ${missing[*]}" >&2
    exit 1
  fi
fi

# onnxruntime-node's install script would try to download GPU libraries; its CPU build ships inside it.
export ONNXRUNTIME_NODE_INSTALL=skip
export ONNXRUNTIME_NODE_INSTALL_CUDA=skip

# Reinstall node_modules only when the lockfile changed since the last install.
stamp=node_modules/.filmroom-lock-hash
want=$(sha256sum package-lock.json | cut -d' ' -f1)
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
  npm ci --no-audit --no-fund
  echo "$want" > "$stamp"
fi
