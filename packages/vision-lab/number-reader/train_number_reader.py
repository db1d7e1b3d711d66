"""Trains the jersey-number reader on rendered crops and writes its weights as ONNX.

The reader answers three questions about a 32 x 32 RGB crop: how many digits (none, one, two), the
first digit, the second digit. Judged, after training, on real crops it never trained on.
"""

from __future__ import annotations

import argparse
import csv
import os
import time

import numpy as np
import torch
from PIL import Image
from torch import nn

from jersey_crops import SIZE, to_input


class NumberReader(nn.Module):
    def __init__(self) -> None:
        super().__init__()

        def conv(cin: int, cout: int) -> list[nn.Module]:
            return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]

        # small on purpose: it trains on two processor cores and reads hundreds of crops a minute
        self.features = nn.Sequential(
            *conv(3, 24),
            nn.MaxPool2d(2),
            *conv(24, 48),
            *conv(48, 48),
            nn.MaxPool2d(2),
            *conv(48, 64),
            *conv(64, 64),
            nn.MaxPool2d(2),
        )
        self.shared = nn.Sequential(
            nn.Flatten(), nn.Linear(64 * 4 * 4, 160), nn.ReLU(inplace=True), nn.Dropout(0.3)
        )
        self.length = nn.Linear(160, 3)
        self.first = nn.Linear(160, 10)
        self.second = nn.Linear(160, 10)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        # x: N x 3 x SIZE x SIZE, RGB 0-1. Each crop is brought to zero mean and unit spread, so
        # light, exposure and contrast do not matter; the colours' differences do.
        mean = x.mean(dim=(1, 2, 3), keepdim=True)
        std = x.std(dim=(1, 2, 3), keepdim=True)
        x = (x - mean) / (std + 0.02)
        h = self.shared(self.features(x))
        return self.length(h), self.first(h), self.second(h)


class Exported(nn.Module):
    """The reader as shipped: probabilities, not logits."""

    def __init__(self, reader: NumberReader) -> None:
        super().__init__()
        self.reader = reader

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
        length, first, second = self.reader(x)
        return length.softmax(1), first.softmax(1), second.softmax(1)


def targets(y: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    length = torch.where(y < 0, 0, torch.where(y < 10, 1, 2))
    first = torch.where(y < 10, y.clamp(min=0), y // 10)
    second = torch.where(y < 10, 0, y % 10)
    return length, first, second


def decode(length: torch.Tensor, first: torch.Tensor, second: torch.Tensor) -> list[tuple[int, float]]:
    """(number or -1, confidence) per crop, from probabilities."""
    out = []
    for l, f, s in zip(length, first, second):
        n = int(l.argmax())
        d1, d2 = int(f.argmax()), int(s.argmax())
        if n == 0:
            out.append((-1, float(l[0])))
        elif n == 1:
            out.append((d1, float(l[1] * f[d1])))
        else:
            out.append((d1 * 10 + d2 if d1 > 0 else -1, float(l[2] * f[d1] * s[d2])))
    return out


def batches(x: np.ndarray, y: np.ndarray, size: int, rng: np.random.Generator, augment: bool):
    order = rng.permutation(len(y)) if augment else np.arange(len(y))
    for start in range(0, len(y), size):
        idx = order[start : start + size]
        xb = torch.from_numpy(x[idx]).permute(0, 3, 1, 2).float() / 255
        if augment:
            # colours swapped between channels: kits come in every colour
            perm = torch.from_numpy(rng.permutation(3))
            xb = xb[:, perm]
            # shifted by up to 2 px: the detector's box is never exactly centred
            pad = nn.functional.pad(xb, (2, 2, 2, 2), mode="replicate")
            dx, dy = rng.integers(0, 5, 2)
            xb = pad[:, :, dy : dy + SIZE, dx : dx + SIZE]
        yield xb, torch.from_numpy(y[idx].astype(np.int64))


def real_crops(folder: str) -> tuple[np.ndarray, np.ndarray]:
    with open(os.path.join(folder, "labels.tsv")) as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    x = np.stack([to_input(Image.open(os.path.join(folder, r["file"]))) for r in rows])
    return x, np.array([int(r["number"]) for r in rows])


def evaluate(model: nn.Module, x: np.ndarray, y: np.ndarray) -> float:
    model.eval()
    right = 0
    with torch.no_grad():
        for xb, yb in batches(x, y, 512, np.random.default_rng(0), augment=False):
            for (number, _), want in zip(decode(*[t.softmax(1) for t in model(xb)]), yb.tolist()):
                right += number == want
    return right / len(y)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--train", required=True)
    parser.add_argument("--val", required=True)
    parser.add_argument("--real", help="a folder of real crops with labels.tsv, scored after each epoch")
    parser.add_argument("--out", required=True, help="the ONNX file to write")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--checkpoints", action="store_true", help="also write the reader after each epoch")
    args = parser.parse_args()
    torch.manual_seed(1)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(1)
    train = np.load(args.train)
    val = np.load(args.val)
    real = real_crops(args.real) if args.real else None
    model = NumberReader()
    steps = args.epochs * ((len(train["y"]) + 255) // 256)
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    ce = nn.CrossEntropyLoss(reduction="none")
    for epoch in range(args.epochs):
        model.train()
        started, total, seen = time.time(), 0.0, 0
        for xb, yb in batches(train["x"], train["y"], 256, rng, augment=True):
            length, first, second = targets(yb)
            out_len, out_first, out_second = model(xb)
            loss = (
                ce(out_len, length)
                + ce(out_first, first) * (length > 0)
                + ce(out_second, second) * (length == 2)
            ).mean()
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            schedule.step()
            total += float(loss) * len(yb)
            seen += len(yb)
        line = f"epoch {epoch + 1}: loss {total / seen:.3f}, synthetic held out {evaluate(model, val['x'], val['y']):.1%}"
        if real is not None:
            line += f", real crops {evaluate(model, *real):.1%}"
        print(f"{line} ({time.time() - started:.0f} s)", flush=True)
        if args.checkpoints:
            export(model, f"{args.out}.epoch{epoch + 1}")
    export(model, args.out)


def export(model: NumberReader, path: str) -> None:
    model.eval()
    torch.onnx.export(
        Exported(model),
        torch.zeros(1, 3, SIZE, SIZE),
        path,
        input_names=["crop"],
        output_names=["length", "first", "second"],
        dynamic_axes={"crop": {0: "n"}, "length": {0: "n"}, "first": {0: "n"}, "second": {0: "n"}},
        opset_version=13,
    )
    print(f"wrote {path} ({os.path.getsize(path) / 1e6:.2f} MB)", flush=True)

if __name__ == "__main__":
    main()
