"""Trains the jersey-number reader on real shirt crops (and rendered ones) and writes it as ONNX.

The reader answers three questions about a 32 x 32 RGB crop: how many digits (none, one, two), the
first digit, the second digit. A number is what is printed: '0' is one digit, '00' two. After each
epoch it prints its score on crops it never trained on (soccer tracks held out, the basketball set's
own valid split, the bench's crops); those scores choose nothing.
"""

from __future__ import annotations

import argparse
import csv
import os
import time

import numpy as np
import torch
from torch import nn

from jersey_crops import SIZE


class NumberReader(nn.Module):
    def __init__(self, width: float = 1.0) -> None:
        super().__init__()
        c1, c2, c3, fc = (int(round(c * width)) for c in (24, 48, 64, 160))

        def conv(cin: int, cout: int) -> list[nn.Module]:
            return [nn.Conv2d(cin, cout, 3, padding=1, bias=False), nn.BatchNorm2d(cout), nn.ReLU(inplace=True)]

        # small on purpose: it trains on two processor cores and reads hundreds of crops a minute
        self.features = nn.Sequential(
            *conv(3, c1),
            nn.MaxPool2d(2),
            *conv(c1, c2),
            *conv(c2, c2),
            nn.MaxPool2d(2),
            *conv(c2, c3),
            *conv(c3, c3),
            nn.MaxPool2d(2),
        )
        self.shared = nn.Sequential(
            nn.Flatten(), nn.Linear(c3 * 4 * 4, fc), nn.ReLU(inplace=True), nn.Dropout(0.3)
        )
        self.length = nn.Linear(fc, 3)
        self.first = nn.Linear(fc, 10)
        self.second = nn.Linear(fc, 10)

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


def label_targets(labels: list[str]) -> torch.Tensor:
    """(length, first, second) per printed number: '' none, '7' one digit, '00' and '23' two."""
    rows = []
    for text in labels:
        if not text:
            rows.append((0, 0, 0))
        elif len(text) == 1:
            rows.append((1, int(text), 0))
        else:
            rows.append((2, int(text[0]), int(text[1])))
    return torch.tensor(rows, dtype=torch.int64)


def decode(length: torch.Tensor, first: torch.Tensor, second: torch.Tensor) -> list[str]:
    """The printed number per crop ('' for none) from probabilities: a leading 0 only in '00'."""
    out = []
    for l, f, s in zip(length, first, second):
        n = int(l.argmax())
        d1, d2 = int(f.argmax()), int(s.argmax())
        if n == 0:
            out.append("")
        elif n == 1:
            out.append(str(d1))
        else:
            text = f"{d1}{d2}"
            out.append(text if d1 > 0 or text == "00" else "")
    return out


def augment(xb: torch.Tensor, rng: np.random.Generator) -> torch.Tensor:
    n = len(xb)
    # colours swapped between channels, and light on dark as dark on light: kits come in every colour
    xb = xb[:, torch.from_numpy(rng.permutation(3))]
    invert = torch.from_numpy(rng.random(n) < 0.2).view(n, 1, 1, 1)
    xb = torch.where(invert, 1 - xb, xb)
    # shifted by up to 2 px: the detector's box is never exactly centred
    pad = nn.functional.pad(xb, (2, 2, 2, 2), mode="replicate")
    dx, dy = rng.integers(0, 5, 2)
    xb = pad[:, :, dy : dy + SIZE, dx : dx + SIZE]
    # some soft, some noisy: far shirts and compressed broadcasts
    soft = torch.from_numpy(rng.random(n) < 0.25).view(n, 1, 1, 1)
    blurred = nn.functional.avg_pool2d(nn.functional.pad(xb, (1, 1, 1, 1), mode="replicate"), 3, 1)
    xb = torch.where(soft, 0.5 * xb + 0.5 * blurred, xb)
    noise = torch.from_numpy(rng.random(n) < 0.25).view(n, 1, 1, 1)
    xb = torch.where(noise, xb + torch.randn_like(xb) * 0.04, xb)
    return xb.clamp(0, 1)


def to_tensor(x: np.ndarray) -> torch.Tensor:
    return torch.from_numpy(x).permute(0, 3, 1, 2).float() / 255


class CropSet:
    """Crops (N x 32 x 32 x 3 uint8) and the printed number of each ('' for none)."""

    def __init__(self, x: np.ndarray, labels: list[str]) -> None:
        self.x = x
        self.labels = labels

    def __len__(self) -> int:
        return len(self.labels)

    def subset(self, keep: np.ndarray) -> "CropSet":
        return CropSet(self.x[keep], [l for l, k in zip(self.labels, keep) if k])


def prepared(folder: str, name: str) -> tuple[np.ndarray, list[dict[str, str]]]:
    """A set written by prepare-real-crops (the engine's own resize): pixels and label rows."""
    with open(os.path.join(folder, f"{name}.tsv")) as f:
        rows = list(csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE))
    x = np.fromfile(os.path.join(folder, f"{name}.u8"), dtype=np.uint8).reshape(-1, SIZE, SIZE, 3)
    assert len(x) == len(rows), f"{name}: {len(x)} crops, {len(rows)} labels"
    return x, rows


def split(folder: str, name: str, which: str) -> CropSet:
    x, rows = prepared(folder, name)
    keep = np.array([r["split"] == which for r in rows])
    return CropSet(x[keep], [r["number"] for r, k in zip(rows, keep) if k])


def rendered(path: str) -> CropSet:
    data = np.load(path)
    return CropSet(data["x"], ["" if int(y) < 0 else str(int(y)) for y in data["y"]])


def evaluate(model: nn.Module, crops: CropSet) -> float:
    model.eval()
    right = 0
    with torch.no_grad():
        for start in range(0, len(crops), 512):
            xb = to_tensor(crops.x[start : start + 512])
            reads = decode(*[t.softmax(1) for t in model(xb)])
            right += sum(r == want for r, want in zip(reads, crops.labels[start : start + 512]))
    return right / max(1, len(crops))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--real", required=True, help="the folder prepare-real-crops wrote")
    parser.add_argument("--rendered", help="rendered crops (.npz) that add what real shirts lack")
    parser.add_argument("--rendered-per-epoch", type=int, default=24_000)
    parser.add_argument("--out", required=True, help="the ONNX file to write")
    parser.add_argument("--epochs", type=int, default=14)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--width", type=float, default=1.0, help="the layers' widths, times the first reader's")
    parser.add_argument(
        "--basketball-repeat", type=int, default=1, help="how many times an epoch shows each basketball crop"
    )
    parser.add_argument("--seed", type=int, default=1, help="another seed trains another member of the readers")
    args = parser.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)
    rng = np.random.default_rng(args.seed)
    real_train = [split(args.real, name, "train") for name in ("soccer", "basketball")]
    real_train += [real_train[1]] * (args.basketball_repeat - 1)
    synthetic = rendered(args.rendered) if args.rendered else None
    held_out = {
        "soccer tracks held out": split(args.real, "soccer", "test"),
        "basketball valid": split(args.real, "basketball", "test"),
        "bench crops": split(args.real, "bench", "bench"),
    }
    for name, crops in [("soccer train", real_train[0]), ("basketball train", real_train[1])]:
        print(f"{name}: {len(crops)} inputs", flush=True)
    for name, crops in held_out.items():
        print(f"{name}: {len(crops)} crops", flush=True)
    model = NumberReader(args.width)
    per_epoch = sum(len(c) for c in real_train) + (args.rendered_per_epoch if synthetic else 0)
    steps = args.epochs * ((per_epoch + 255) // 256)
    optimiser = torch.optim.AdamW(model.parameters(), lr=2e-3, weight_decay=1e-4)
    schedule = torch.optim.lr_scheduler.OneCycleLR(optimiser, max_lr=3e-3, total_steps=steps)
    ce = nn.CrossEntropyLoss(reduction="none")
    for epoch in range(args.epochs):
        model.train()
        started, total, seen = time.time(), 0.0, 0
        parts = list(real_train)
        if synthetic is not None:
            pick = np.zeros(len(synthetic), dtype=bool)
            pick[rng.choice(len(synthetic), args.rendered_per_epoch, replace=False)] = True
            parts.append(synthetic.subset(pick))
        x = np.concatenate([p.x for p in parts])
        labels = [l for p in parts for l in p.labels]
        order = rng.permutation(len(labels))
        for start in range(0, len(order), 256):
            idx = order[start : start + 256]
            xb = augment(to_tensor(x[idx]), rng)
            want = label_targets([labels[i] for i in idx])
            length, first, second = want[:, 0], want[:, 1], want[:, 2]
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
            total += float(loss) * len(idx)
            seen += len(idx)
        scores = ", ".join(f"{name} {evaluate(model, crops):.1%}" for name, crops in held_out.items())
        print(f"epoch {epoch + 1}: loss {total / seen:.3f}; {scores} ({time.time() - started:.0f} s)", flush=True)
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
