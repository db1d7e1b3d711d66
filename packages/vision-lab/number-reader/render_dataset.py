"""Renders synthetic jersey-number crops to a .npz file (x: N x 32 x 32 x 3 uint8, y: number or -1)."""

from __future__ import annotations

import argparse
from multiprocessing import Pool

import numpy as np

from jersey_crops import render_batch

CHUNK = 2000


def _chunk(args: tuple[int, int]) -> tuple[np.ndarray, np.ndarray]:
    seed, count = args
    return render_batch(seed, count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", required=True)
    parser.add_argument("--count", type=int, default=160_000)
    parser.add_argument("--seed", type=int, default=1, help="different seeds give disjoint crops")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    jobs = [
        (args.seed * 1_000_003 + i, min(CHUNK, args.count - start))
        for i, start in enumerate(range(0, args.count, CHUNK))
    ]
    with Pool(args.workers) as pool:
        parts = pool.map(_chunk, jobs)
    xs = np.concatenate([p[0] for p in parts])
    ys = np.concatenate([p[1] for p in parts])
    np.savez_compressed(args.out, x=xs, y=ys)
    print(f"{len(ys)} crops, {np.mean(ys < 0):.1%} with no number -> {args.out}")


if __name__ == "__main__":
    main()
