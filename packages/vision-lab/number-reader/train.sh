#!/usr/bin/env bash
# Rebuilds the jersey-number reader's weights from the labelled real crops in ../shared/datasets
# (and rendered crops for what real shirts lack), into the runtime package's data file
# packages/vision/models/jersey-number-reader.onnx (decision 0024 has their sources and terms).
# Needs Debian's python3-torch, python3-onnx, python3-numpy, python3-pil and the fonts in README.md,
# and the workspace built (npm run build at the root).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cache="$here/../.cache/number-reader"
model="$here/../../vision/models/jersey-number-reader.onnx"
mkdir -p "$cache" "$(dirname "$model")"
python=/usr/bin/python3
# the real crops, resized exactly as the engine resizes them, split by track
node "$here/../dist/number-reader-lab/prepare-real-crops.js" "$cache/real"
cd "$here"
[ -f "$cache/rendered.npz" ] || "$python" render_dataset.py --out "$cache/rendered.npz" --count 40000 --seed 1
"$python" -u train_number_reader.py --real "$cache/real" --rendered "$cache/rendered.npz" \
  --epochs "${READER_EPOCHS:-14}" --out "$cache/jersey-number-reader.onnx"
cp "$cache/jersey-number-reader.onnx" "$model"
echo "wrote $model"
