import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MediaError } from '../media/media-error.js';
import { analyseTracking } from './analyse-tracking.js';
import { appearancesFromTimes } from './appearances.js';
import { sampledFrameTime } from './sample-time.js';
import { splitSwitchedTrack } from './split-switched-tracks.js';
import { stitchFragments } from './stitch-tracks.js';
import { TrackRecord } from './track-record.js';

/** A track walking right from x0 at 20 px/s, sampled every 0.5 s from t0 to t1. */
function walk(id: number, t0: number, t1: number, x0: number): TrackRecord {
  const r = new TrackRecord(id);
  for (let t = t0; t <= t1 + 1e-9; t += 0.5) r.addPosition(t, [x0 + (t - t0) * 20, 100, 40, 100]);
  return r;
}

function read(r: TrackRecord, timeSec: number, number: number, confidence = 0.95): void {
  r.reads.push({ number, confidence, timeSec, box: [0, 0, 40, 100] });
}

describe('tracking analysis', () => {
  it('rejects a file that is not a video with a clear error', async () => {
    const path = join(tmpdir(), `not-a-video-${process.pid}.mp4`);
    await writeFile(path, 'this is text, not a film');
    await expect(analyseTracking(path)).rejects.toBeInstanceOf(MediaError);
    await expect(analyseTracking(path)).rejects.toMatchObject({ code: 'NOT_MEDIA' });
  });

  it('turns sightings into on-screen ranges, bridging short gaps only', () => {
    const ranges = appearancesFromTimes([1, 1.5, 2, 2.5, 6, 6.5], 0.5, 1.2, 10);
    expect(ranges).toEqual([
      { start: 0.75, end: 2.75 },
      { start: 5.75, end: 6.75 },
    ]);
  });

  it('times each sampled frame by the source frame ffmpeg actually picked', () => {
    expect(sampledFrameTime(0, 2, 25)).toBeCloseTo(0.24);
    expect(sampledFrameTime(2, 1, 25)).toBeCloseTo(2.48);
  });

  it('splits a track that switched players when they crossed, keeping both numbers', () => {
    const r = walk(1, 0, 10, 0);
    // the switch: the box jumps at t = 5
    for (const p of r.path) if (p[0] >= 5) p[1] += 60;
    [1, 1.5, 2].forEach((t) => read(r, t, 10));
    [7, 8, 9].forEach((t) => read(r, t, 4));
    const parts = splitSwitchedTrack(r, () => 99);
    expect(parts).toHaveLength(2);
    expect(parts[0]!.lastSec).toBeLessThan(5);
    expect(parts[1]!.firstSec).toBe(5);
    expect(parts[1]!.reads.every((x) => x.number === 4)).toBe(true);
  });

  it('keeps a track whole when one read disagrees (a misread, not a switch)', () => {
    const r = walk(1, 0, 10, 0);
    read(r, 1, 6, 0.8);
    [5, 6, 7].forEach((t) => read(r, t, 7));
    expect(splitSwitchedTrack(r, () => 99)).toHaveLength(1);
  });

  it("gives an unreadable piece of a player's track that player's number, chained", () => {
    const seven = walk(1, 0, 4, 0);
    const pieceA = walk(2, 5, 8, 100); // continues where 7 stopped
    const pieceB = walk(3, 9, 12, 180); // continues the piece
    const far = walk(4, 0, 12, 900); // someone else, on screen all along
    const stitched = stitchFragments([
      { record: seven, teamLetter: 'A', key: 'A:7' },
      { record: pieceA, teamLetter: 'A', key: null },
      { record: pieceB, teamLetter: 'A', key: null },
      { record: far, teamLetter: 'A', key: 'A:9' },
    ]);
    expect(stitched.get(2)).toBe('A:7');
    expect(stitched.get(3)).toBe('A:7');
  });

  it('leaves a piece unreadable when two players could equally well continue into it', () => {
    const seven = walk(1, 0, 4, 0);
    const nine = walk(2, 0, 4, 10);
    const piece = walk(3, 5, 8, 95);
    const stitched = stitchFragments([
      { record: seven, teamLetter: 'A', key: 'A:7' },
      { record: nine, teamLetter: 'A', key: 'A:9' },
      { record: piece, teamLetter: 'A', key: null },
    ]);
    expect(stitched.has(3)).toBe(false);
  });
});
