import { describe, expect, it } from 'vitest';
import type { Box } from '../detector/types.js';
import { ByteTracker } from './byte-tracker.js';
import { estimateCameraShift, type GreyThumb } from './camera-motion.js';

describe('tracking players between sampled frames', () => {
  it('keeps each player on one track while the camera pans', () => {
    const tracker = new ByteTracker({ minHits: 1 });
    const ids = new Map<string, Set<number>>();
    for (let i = 0; i < 10; i++) {
      const pan = -60 * i; // the scene moves 60 px left per sample
      const boxes: Record<string, Box> = {
        left: [300 + 20 * i + pan, 300, 60, 150],
        right: [700 - 20 * i + pan, 320, 60, 150],
      };
      const names = Object.keys(boxes);
      const { assignments } = tracker.update(
        i * 0.5,
        names.map((n) => ({ box: boxes[n]!, score: 0.5 })),
        { dx: i === 0 ? 0 : -60, dy: 0 },
      );
      for (const a of assignments) {
        const name = names[a.detectionIndex]!;
        ids.set(name, (ids.get(name) ?? new Set()).add(a.trackId));
      }
    }
    expect(ids.get('left')?.size).toBe(1);
    expect(ids.get('right')?.size).toBe(1);
  });

  it('re-finds a player after a short occlusion on the same track', () => {
    const tracker = new ByteTracker({ minHits: 1 });
    const seen: number[] = [];
    for (let i = 0; i < 8; i++) {
      const hidden = i === 3 || i === 4;
      const { assignments } = tracker.update(
        i * 0.5,
        hidden ? [] : [{ box: [100 + 15 * i, 200, 50, 140], score: 0.4 }],
      );
      seen.push(...assignments.map((a) => a.trackId));
    }
    expect(new Set(seen).size).toBe(1);
  });

  it('does not hand a lost track to another player passing near where it was expected', () => {
    const tracker = new ByteTracker({ minHits: 1 });
    const first = new Set<number>();
    for (let i = 0; i < 3; i++) {
      const { assignments } = tracker.update(i * 0.5, [
        { box: [100 + 15 * i, 200, 50, 140], score: 0.4 },
      ]);
      assignments.forEach((a) => first.add(a.trackId));
    }
    tracker.update(1.5, []); // the player is missed
    // someone else, 40 px beside where the lost player was expected
    const { assignments } = tracker.update(2, [{ box: [200, 200, 50, 140], score: 0.4 }]);
    expect(assignments).toHaveLength(1);
    expect(first.has(assignments[0]!.trackId)).toBe(false);
  });

  it('extends a track with a weak detection but never starts one from it', () => {
    const tracker = new ByteTracker({ minHits: 1, highScore: 0.3, lowScore: 0.05 });
    expect(tracker.update(0, [{ box: [0, 0, 50, 120], score: 0.06 }]).assignments).toHaveLength(0);
    tracker.update(0.5, [{ box: [100, 0, 50, 120], score: 0.5 }]);
    const { assignments } = tracker.update(1, [{ box: [104, 0, 50, 120], score: 0.06 }]);
    expect(assignments).toHaveLength(1);
  });
});

describe('camera motion', () => {
  it('measures how far the scene moved between two frames', () => {
    const width = 160;
    const height = 90;
    const texture = (x: number, y: number): number =>
      128 + 60 * Math.sin(x * 0.37 + Math.cos(y * 0.21) * 3) * Math.cos(y * 0.13 + x * 0.05);
    const thumb = (offset: number): GreyThumb => {
      const data = new Float32Array(width * height);
      for (let y = 0; y < height; y++)
        for (let x = 0; x < width; x++) data[y * width + x] = texture(x - offset, y);
      return { width, height, data };
    };
    const shift = estimateCameraShift(thumb(0), thumb(-9));
    expect(shift).toEqual({ dx: -9, dy: 0 });
  });
});
