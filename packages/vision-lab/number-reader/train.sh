#!/usr/bin/env bash
# Renders synthetic jersey-number crops, trains the reader on them and writes its weights to
# .cache/number-reader/jersey-number-reader.onnx (with a checkpoint per epoch beside it).
# Needs Debian's python3-torch, python3-pil, python3-onnx, python3-numpy and the fonts in README.md.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="$here/../.cache/number-reader"
mkdir -p "$out"
python=/usr/bin/python3
cd "$here"
[ -f "$out/train.npz" ] || "$python" render_dataset.py --out "$out/train.npz" --count "${READER_TRAIN_CROPS:-160000}" --seed 1
[ -f "$out/val.npz" ] || "$python" render_dataset.py --out "$out/val.npz" --count 8000 --seed 2
"$python" -u train_number_reader.py --train "$out/train.npz" --val "$out/val.npz" \
  --real "${SHARED_MEDIA_DIR:-$here/../../../../shared/media}/jersey-crops" --epochs "${READER_EPOCHS:-6}" --checkpoints \
  --out "$out/jersey-number-reader.onnx"
