import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MediaError } from '../../media/media-error.js';
import { analyseTracking } from './analyse-tracking.js';
import { appearancesFromSightings, type PictureTimeline, type Sighting } from './appearances.js';
import {
  awaitedSecondMoment,
  isReadDue,
  isSecondMomentLookDue,
  isTextLookDue,
} from './read-schedule.js';
import { sampledFrameTime } from './sample-time.js';
import { splitSwitchedTrack } from './split-switched-tracks.js';
import { stitchFragments } from './stitch-tracks.js';
import { summariseTracks } from './summarise-tracks.js';
import { PackedTrack } from './track-history.js';
import { TrackSpill } from './track-spill.js';
import { TrackRecord } from './track-record.js';
import { voteTrackNumber } from '../../perception/numbers/track-vote.js';
import { INDEPENDENT_READS_SEC, OCR_INTERVAL_SEC, SECOND_MOMENT_LOOKS } from './tuning.js';
import type { Lab } from '../../perception/teams/lab-colour.js';

/** A 1280x720 picture analysed every 0.5 s for 20 s; `panX(t)` is where the camera looks. */
function picture(panX: (t: number) => number = () => 0, from = 0): PictureTimeline {
  const frames: PictureTimeline['frames'] = [];
  for (let t = from; t <= 20; t += 0.5) frames.push([t, panX(t), 0]);
  return { width: 1280, height: 720, frames };
}

/** Sightings every 0.5 s from t0 to t1 of a player walking from field x0 to x1 (no camera pan). */
function seen(t0: number, t1: number, x0: number, x1 = x0, panX: (t: number) => number = () => 0) {
  const out: Sighting[] = [];
  for (let t = t0; t <= t1 + 1e-9; t += 0.5) {
    const x = x0 + ((x1 - x0) * (t - t0)) / Math.max(0.5, t1 - t0);
    out.push({ timeSec: t, box: [x - panX(t), 300, 40, 100], offset: [panX(t), 0] });
  }
  return out;
}

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

  it('drops the band reads of a person on whom text detection never found a number', () => {
    const coach = walk(1, 0, 3, 100);
    coach.addBandRead({ number: 3, confidence: 0.82, timeSec: 0.5, box: [0, 0, 40, 100] });
    coach.textLooks = 1;
    expect(coach.bandReadsUnbacked(2)).toBe(false); // one look is not enough to judge
    coach.textLooks = 3;
    expect(coach.bandReadsUnbacked(2)).toBe(true);
    coach.dropBandReads();
    expect(coach.reads).toEqual([]);

    const player = walk(2, 0, 3, 300);
    read(player, 0, 23, 0.6); // a text look's read
    player.addBandRead({ number: 57, confidence: 0.53, timeSec: 0.5, box: [0, 0, 40, 100] });
    player.textLooks = 3;
    player.textLooksWithText = 1;
    expect(player.bandReadsUnbacked(2)).toBe(false); // text was found on him: the band may help
    player.dropBandReads();
    expect(player.reads.map((r) => r.number)).toEqual([23]); // only band reads ever go
  });

  it('drops the band reads a sure text read contradicts, and keeps those that agree', () => {
    const band = (r: TrackRecord, timeSec: number, number: number, confidence: number): void =>
      r.addBandRead({ number, confidence, timeSec, box: [0, 0, 40, 100] });
    // a still picture: the band misreads the same '57' at every read, one text look reads 23 clearly
    const player = walk(1, 0, 3, 100);
    for (const t of [0, 0.5, 1, 1.5, 2.5]) band(player, t, 57, 0.53);
    read(player, 2, 23, 0.96);
    expect(voteTrackNumber(player.reads).number).toBe(57);
    player.dropContradictedBandReads();
    expect(player.reads.map((r) => r.number)).toEqual([23]);
    expect(voteTrackNumber(player.reads).number).toBe(23);

    // agreeing band reads, and a band read of one of its digits, stay; doubtful text decides nothing
    const other = walk(2, 0, 3, 300);
    read(other, 0, 11, 1);
    band(other, 0.5, 11, 0.99);
    band(other, 1, 1, 0.9);
    read(other, 1.5, 0, 0.88);
    band(other, 2, 40, 0.7);
    other.dropContradictedBandReads();
    expect(other.reads.map((r) => r.number)).toEqual([11, 11, 1, 0]);
    const unsure = walk(3, 0, 3, 500);
    read(unsure, 0, 23, 0.9);
    band(unsure, 0.5, 57, 0.6);
    unsure.dropContradictedBandReads();
    expect(unsure.reads.map((r) => r.number)).toEqual([23, 57]);
  });

  describe('on-screen ranges from sightings', () => {
    const options = { sampleIntervalSec: 0.5, durationSec: 20 };

    it('bridges a gap in which the player stayed in the picture, hidden or missed', () => {
      const ranges = appearancesFromSightings([...seen(1, 3, 600), ...seen(7, 8, 700)], {
        ...options,
        picture: picture(),
      });
      expect(ranges).toEqual([{ start: 0.75, end: 8.25 }]);
    });

    it('does not bridge a player who walked out at the edge and came back', () => {
      const ranges = appearancesFromSightings([...seen(1, 3, 200, 0), ...seen(5, 6, 0, 200)], {
        ...options,
        picture: picture(),
      });
      expect(ranges).toEqual([
        { start: 0.75, end: 3.25 },
        { start: 4.75, end: 6.25 },
      ]);
    });

    it('does not bridge a player the camera panned away from', () => {
      // the camera swings 1000 px right and back while the player stands at field x 300
      const pan = (t: number): number => (t > 3 && t < 5 ? 1000 : 0);
      const ranges = appearancesFromSightings([...seen(1, 3, 300), ...seen(5, 6, 300)], {
        ...options,
        picture: picture(pan),
      });
      expect(ranges).toHaveLength(2);
    });

    it('does not bridge a span that was not analysed, nor a gap longer than 8 s', () => {
      const cut = picture();
      cut.frames = cut.frames.filter(([t]) => t < 4 || t > 6);
      const across = appearancesFromSightings([...seen(1, 3, 600), ...seen(7, 8, 600)], {
        ...options,
        picture: cut,
      });
      expect(across).toHaveLength(2);
      const long = appearancesFromSightings([...seen(1, 2, 600), ...seen(11, 12, 600)], {
        ...options,
        picture: picture(),
      });
      expect(long).toHaveLength(2);
    });
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

  it('splits a run of 4s from a run of 14s when another track surely wears 4', () => {
    const r = walk(1, 0, 10, 0);
    for (const p of r.path) if (p[0] >= 5) p[1] += 60;
    [1, 1.5, 2].forEach((t) => read(r, t, 4));
    [7, 8, 9].forEach((t) => read(r, t, 14));
    // alone, the 4s are 14 half-seen (the '1' hidden): one player
    expect(splitSwitchedTrack(r, () => 99)).toHaveLength(1);
    const parts = splitSwitchedTrack(
      r,
      () => 99,
      (n) => n === 4,
    );
    expect(parts).toHaveLength(2);
    expect(parts[0]!.reads.every((x) => x.number === 4)).toBe(true);
    expect(parts[1]!.reads.every((x) => x.number === 14)).toBe(true);
  });

  it('splits a switch the clear reads show even when doubtful misreads blur it', () => {
    const r = walk(1, 0, 12, 0);
    for (const p of r.path) if (p[0] >= 9.5) p[1] += 60;
    [2.5, 3, 8].forEach((t) => read(r, t, 11, 1));
    read(r, 5, 0, 0.51);
    read(r, 6.5, 0, 0.91);
    read(r, 9.5, 9, 0.97);
    read(r, 10, 9, 0.77);
    [10.5, 11].forEach((t) => read(r, t, 9, 0.99));
    const parts = splitSwitchedTrack(r, () => 99);
    expect(parts).toHaveLength(2);
    expect(parts[0]!.lastSec).toBeLessThan(9.5);
    expect(parts[1]!.reads.every((x) => x.number === 9)).toBe(true);
  });

  it('keeps reading a long track, less often, so a later swap can still be seen', () => {
    const r = walk(1, 0, 60, 0);
    const readTimes: number[] = [];
    for (const [t] of r.path) {
      if (!isReadDue(r, t)) continue;
      r.lastReadSec = t;
      read(r, t, 7, 0.85); // never sure: the number does not settle
      readTimes.push(t);
    }
    expect(readTimes.slice(0, 14)).toEqual(Array.from({ length: 14 }, (_, i) => i * 0.5));
    expect(readTimes[14]! - readTimes[13]!).toBe(1.5);
    expect(readTimes.at(-1)).toBeGreaterThan(40);
    expect(readTimes.length).toBeLessThanOrEqual(60);
  });

  it('reads a settled number only as often as a long track, to see a swap', () => {
    const r = walk(1, 0, 20, 0);
    const readTimes: number[] = [];
    for (const [t] of r.path) {
      if (!isReadDue(r, t)) continue;
      r.lastReadSec = t;
      read(r, t, 7, 0.97);
      readTimes.push(t);
    }
    // two sure reads of 7 from two moments settle it (0 and 0.5 s are one moment)
    expect(readTimes.slice(0, 5)).toEqual([0, 0.5, 1, 2.5, 4]);
    expect(readTimes.at(-1)).toBeGreaterThan(18);
    // in a still two sure reads settle it, as ever
    const still = walk(2, 0, 20, 0);
    const stillTimes: number[] = [];
    for (const [t] of still.path) {
      if (!isReadDue(still, t, true)) continue;
      still.lastReadSec = t;
      read(still, t, 7, 0.97);
      stillTimes.push(t);
    }
    expect(stillTimes.slice(0, 4)).toEqual([0, 0.5, 2, 3.5]);
  });

  it('looks again at a number read at one moment only, from 0.95 s on, a bounded number of times', () => {
    const r = walk(1, 0, 20, 0);
    r.reads.length = 0;
    r.addTextRead(
      { number: 20, confidence: 0.97, timeSec: 0, box: [0, 0, 40, 100] },
      { look: 1, inDetail: true },
    );
    r.lastReadSec = 0;
    r.lastTextLookSec = 0;
    r.textLooks = 2;
    r.textLooksWithText = 1;
    // one moment: not yet a second
    expect(isSecondMomentLookDue(r, 0.5, false)).toBe(false);
    expect(awaitedSecondMoment(r)).toEqual({
      fromSec: INDEPENDENT_READS_SEC - 1e-6,
      look: { look: 1, inDetail: true },
    });
    const looks: number[] = [];
    for (const t of [1, 1.5, 2, 2.5, 3, 3.5]) {
      if (!isSecondMomentLookDue(r, t, false)) continue;
      expect(isReadDue(r, t)).toBe(true);
      expect(isTextLookDue(r, t)).toBe(true);
      r.secondMomentLooks++;
      looks.push(t);
    }
    // every sampled frame from 0.95 s on (the usual text looks come every other one), bounded
    expect(looks).toEqual([1, 1.5, 2, 2.5].slice(0, SECOND_MOMENT_LOOKS));
    // a still has one moment: no extra looks
    expect(isSecondMomentLookDue(walk(2, 0, 5, 0), 1, true)).toBe(false);
    // a second moment agreeing ends them
    const s = walk(3, 0, 5, 0);
    read(s, 0, 20, 0.97);
    read(s, 1, 20, 0.7);
    expect(awaitedSecondMoment(s)).toBeNull();
  });

  it('looks less often at a person on whom two cycles of looks found no text', () => {
    const r = walk(1, 0, 20, 0);
    const looks: number[] = [];
    for (const [t] of r.path) {
      if (!isTextLookDue(r, t)) continue;
      r.lastTextLookSec = t;
      r.textLooks++;
      looks.push(t);
    }
    expect(looks.slice(0, 7)).toEqual([0, 1, 2, 3, 4, 5, 8]);
    r.textLooksWithText = 1; // text was found once: the person may show a number again
    expect(isTextLookDue(r, r.lastTextLookSec + 1)).toBe(true);
  });

  it('looks for a number by text detection every other frame, every 3 s once it is settled', () => {
    const r = walk(1, 0, 20, 0);
    const looks: number[] = [];
    for (const [t] of r.path) {
      if (!isTextLookDue(r, t)) continue;
      r.lastTextLookSec = t;
      read(r, t, 23, 0.97);
      looks.push(t);
    }
    // two sure reads of 23 settle it: then only a look every 3 s, to see a swap
    expect(looks.slice(0, 3)).toEqual([0, 1, 4]);
    expect(looks.at(-1)).toBeGreaterThan(15);
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

  it("lets a lone '19' continue player 9 (an edge taken for a '1'), but never player 7", () => {
    const nine = walk(1, 0, 4, 0);
    const lone = walk(2, 5, 8, 100);
    read(lone, 6, 19, 0.98);
    const asNine = stitchFragments([
      { record: nine, teamLetter: 'B', key: 'B:9' },
      { record: lone, teamLetter: 'B', key: null, weakNumber: 19 },
    ]);
    expect(asNine.get(2)).toBe('B:9');
    const seven = walk(3, 0, 4, 0);
    const notSeven = stitchFragments([
      { record: seven, teamLetter: 'B', key: 'B:7' },
      { record: lone, teamLetter: 'B', key: null, weakNumber: 19 },
    ]);
    expect(notSeven.has(2)).toBe(false);
  });

  it('keeps a sure read of another number from joining a player', () => {
    const nine = walk(1, 0, 4, 0);
    const other = walk(2, 5, 8, 100);
    read(other, 6, 23, 0.98);
    const stitched = stitchFragments([
      { record: nine, teamLetter: 'B', key: 'B:9' },
      { record: other, teamLetter: 'B', key: null },
    ]);
    expect(stitched.has(2)).toBe(false);
  });

  it('packs a finished track with every value as it was', () => {
    const r = walk(3, 0, 2, 100);
    r.offsets[2] = [12.25, -3.5];
    r.addKit({ jersey: [45.1, 65, 45], accent: null, shorts: [20, 1, -2] });
    r.addKit({ jersey: [44, 64.5, 44], lit: [80, 12, 6], accent: [90, 0, 1], shorts: null });
    read(r, 0.5, 23, 0.973);
    r.reads.push({ number: null, confidence: 0.2, timeSec: 1, box: [1.5, 2, 40, 100] });
    const spill = new TrackSpill();
    try {
      for (const packed of [r.pack(), r.pack(spill)]) {
        expect(packed).toBeInstanceOf(PackedTrack);
        for (const key of [
          'id',
          'samples',
          'path',
          'offsets',
          'kits',
          'kitCount',
          'reads',
          'firstSec',
          'lastSec',
        ])
          expect(packed[key as keyof PackedTrack]).toEqual(r[key as keyof TrackRecord]);
        expect(packed.kits[0]).not.toHaveProperty('lit');
        for (let i = 0; i < r.samples; i++) {
          expect(packed.fieldPoint(i)).toEqual(r.fieldPoint(i));
          expect(packed.heightAt(i)).toBe(r.heightAt(i));
        }
      }
    } finally {
      spill.close();
    }
  });

  describe('summary of the tracks', () => {
    const RED: Lab = [45, 65, 45];
    const BLUE: Lab = [30, 20, -60];
    /** A player's track: `walk`, dressed in `jersey`, with sure reads of `number` 1 s apart. */
    function dressed(id: number, t0: number, t1: number, x0: number, jersey: Lab, number?: number) {
      const r = walk(id, t0, t1, x0);
      for (const _ of r.path) r.addKit({ jersey, accent: null, shorts: null });
      if (number !== undefined) [t0, t0 + 1].forEach((t) => read(r, t, number));
      return r;
    }
    const options = { durationSec: 20, sampleIntervalSec: 0.5, scale: 1, picture: picture() };
    const summarise = (records: TrackRecord[]) => summariseTracks(records, options);

    it('summarises packed tracks as it summarises live ones', () => {
      const tracks = () => [
        dressed(1, 0, 8, 0, RED, 4),
        dressed(2, 0, 19, 300, RED, 10),
        dressed(3, 0, 19, 600, BLUE, 7),
        dressed(4, 10, 14, 200, [45, 40, 30], 4),
        dressed(5, 0, 19, 1200, [20, 0, 0]),
      ];
      const live = summariseTracks(tracks(), { ...options, includeTracks: true });
      const spill = new TrackSpill();
      const packed = summariseTracks(
        tracks().map((r) => r.pack(spill)),
        { ...options, includeTracks: true },
      );
      spill.close();
      expect(packed).toEqual(live);
      expect(live.players.length).toBeGreaterThan(2);
    });

    it("gives a track whose colour was off its team's player when the number is surely that player's", () => {
      const teams = [
        dressed(1, 0, 8, 0, RED, 4),
        dressed(2, 0, 19, 300, RED, 10),
        dressed(3, 0, 19, 600, BLUE, 7),
        dressed(4, 0, 19, 900, BLUE, 9),
      ];
      const blurred = dressed(5, 10, 14, 200, [45, 40, 30], 4); // reddish, far from both kits
      const referee = dressed(6, 0, 19, 1200, [20, 0, 0]);
      const result = summarise([...teams, blurred, referee]);
      const four = result.players.find((p) => p.number === 4)!;
      expect(four.appearances.at(-1)!.end).toBeGreaterThan(13);
      expect(result.stats.outlierTracks).toBe(1);
    });

    it('makes the teams from the players, not from a crowd of small spectators', () => {
      const players = [0, 1, 2, 3].map((i) =>
        dressed(i + 1, 0, 19, i * 150, i < 2 ? RED : BLUE, 10 + i),
      );
      // twelve people in the stands, a fifth of a player's height, in grey and black
      const crowd = Array.from({ length: 12 }, (_, i) => {
        const r = new TrackRecord(100 + i);
        for (let t = 0; t <= 19; t += 0.5) r.addPosition(t, [40 * i, 10, 8, 20]);
        for (const _ of r.path)
          r.addKit({ jersey: i % 2 ? [50, 0, 0] : [10, 0, 0], accent: null, shorts: null });
        return r;
      });
      const result = summarise([...players, ...crowd]);
      // the team colours are the players' kits (saturated), not the crowd's greys
      const chroma = (hex: string) => {
        const [r, g, b] = [1, 3, 5].map((k) => parseInt(hex.slice(k, k + 2), 16));
        return Math.max(r!, g!, b!) - Math.min(r!, g!, b!);
      };
      expect(result.teams.map((t) => chroma(t.primaryColor) > 60)).toEqual([true, true]);
      const teamOf = (n: number) => result.players.find((p) => p.number === n)?.teamLetter;
      expect(teamOf(10)).toBeDefined();
      expect(teamOf(10)).toBe(teamOf(11));
      expect(teamOf(12)).toBe(teamOf(13));
      expect(teamOf(10)).not.toBe(teamOf(12));
    });

    it('names a team by the shirts of its players whose number was read', () => {
      const players = [
        dressed(1, 0, 19, 0, RED, 4),
        dressed(2, 0, 19, 150, RED, 10),
        dressed(3, 0, 19, 600, BLUE, 7),
        dressed(4, 0, 19, 900, BLUE, 9),
      ];
      // three people clustered with the red players (their shirts' mean is near red) whose lit
      // pixels are pale: staff and crowd behind the bench, white print
      const staff = [5, 6, 7].map((id) => {
        const r = walk(id, 0, 19, 150 * id);
        for (const _ of r.path)
          r.addKit({ jersey: [45, 63, 44], lit: [85, 12, 6], accent: null, shorts: null });
        return r;
      });
      const result = summarise([...players, ...staff]);
      const red = result.teams.find((t) => t.players.includes(4))!;
      const [r, g, b] = [1, 3, 5].map((k) => parseInt(red.primaryColor.slice(k, k + 2), 16));
      expect(r! - Math.max(g!, b!)).toBeGreaterThan(100);
    });

    it('lists a number in one team when its player in the other team is never on screen with him', () => {
      const players = [
        dressed(1, 0, 19, 0, RED, 4),
        dressed(2, 0, 19, 600, BLUE, 7),
        dressed(3, 0, 6, 300, RED, 35),
        dressed(4, 12, 19, 320, RED, 35),
        // the same player later, his kit taken for the other team's: never on screen with the 35s
        dressed(5, 7, 11, 310, BLUE, 35),
      ];
      read(players[2]!, 2, 35);
      const result = summarise(players);
      const listed = result.teams.map((t) => t.players);
      expect(listed.flat().filter((n) => n === 35)).toEqual([35]);
      const red = result.teams.find((t) => t.players.includes(4))!;
      expect(red.players).toContain(35);
      const thirtyFive = result.players.find((p) => p.number === 35)!;
      expect(thirtyFive.appearances).toEqual([{ start: 0, end: 19.25 }]);

      // two players of one number on screen at the same time are two players
      const both = summarise([...players.slice(0, 3), dressed(6, 0, 19, 900, BLUE, 35)]);
      expect(both.teams.map((t) => t.players.includes(35))).toEqual([true, true]);
    });

    it('lists a player outside both team colours whose number was read again and again', () => {
      const teams = [dressed(1, 0, 19, 0, RED, 4), dressed(2, 0, 19, 600, BLUE, 7)];
      const shadowed = dressed(3, 0, 19, 300, [20, 10, 10], 23); // far from both kits
      const result = summarise([...teams, shadowed]);
      expect(result.players.map((p) => p.number)).toContain(23);
    });

    it('lists a number only when reads from two moments agree on it', () => {
      const teams = [dressed(1, 0, 19, 0, RED, 4), dressed(2, 0, 19, 600, BLUE, 7)];
      const numbers = (...tracks: TrackRecord[]) =>
        summarise([...teams, ...tracks]).players.map((p) => p.number);
      const readAt = (times: number[], jersey: Lab = RED) => {
        const r = dressed(3, 0, 19, 300, jersey);
        for (const t of times) read(r, t, 37);
        return r;
      };
      // two sure reads of consecutive sampled frames (the schedule's interval): one pose read twice,
      // as a fold of the shirt misreads the same way twice
      expect(numbers(readAt([5, 5 + OCR_INTERVAL_SEC]))).not.toContain(37);
      expect(numbers(readAt([5]))).not.toContain(37);
      expect(numbers(readAt([5, 5 + INDEPENDENT_READS_SEC]))).toContain(37);
      // a track outside both team colours joins a team only on a number read at two moments
      const shadow: Lab = [20, 10, 10];
      expect(numbers(readAt([5, 5 + OCR_INTERVAL_SEC], shadow))).not.toContain(37);
      expect(numbers(readAt([5, 5 + INDEPENDENT_READS_SEC], shadow))).toContain(37);
      // two tracks of one player, each read once, are two moments
      const first = dressed(3, 0, 6, 300, RED);
      read(first, 5, 37);
      const second = dressed(5, 8, 19, 340, RED);
      read(second, 12, 37);
      expect(numbers(first, second)).toContain(37);
    });

    it('lists a number read once in a still, which has one moment, and counts two looks as sure', () => {
      const teams = [dressed(1, 0, 19, 0, RED, 4), dressed(2, 0, 19, 600, BLUE, 7)];
      const once = dressed(3, 0, 19, 300, RED);
      read(once, 5, 37);
      const still = summariseTracks([...teams, once], { ...options, still: true });
      expect(still.players.map((p) => p.number)).toContain(37);
      const shadowed = dressed(3, 0, 19, 300, [20, 10, 10]);
      [5, 5 + OCR_INTERVAL_SEC].forEach((t) => read(shadowed, t, 37));
      const rescued = summariseTracks([...teams, shadowed], { ...options, still: true });
      expect(rescued.players.map((p) => p.number)).toContain(37);
    });

    it('counts a player as on screen across a gap between two of his tracks in the picture', () => {
      const before = dressed(1, 0, 4, 100, BLUE, 7);
      const after = dressed(2, 6, 9, 200, BLUE, 7); // re-found 2 s later: hidden, not gone
      const later = dressed(3, 18, 19, 200, BLUE, 7); // 9 s later: too long to call hidden
      const others = [dressed(4, 0, 19, 600, RED, 4), dressed(5, 0, 19, 900, RED, 10)];
      const seven = summarise([before, after, later, ...others]).players.find(
        (p) => p.number === 7,
      )!;
      expect(seven.appearances).toEqual([
        { start: 0, end: 9.25 },
        { start: 17.75, end: 19.25 },
      ]);
    });

    it('keeps a two-sample track the end of the footage cut short, not one in mid-film', () => {
      const seven = dressed(1, 0, 18.5, 100, BLUE, 7);
      const cut = dressed(2, 19.5, 20, 100 + 19.5 * 20, BLUE); // still going when the film ends
      const flicker = dressed(3, 10, 10.5, 1100, BLUE);
      const others = [dressed(4, 0, 20, 600, RED, 4), dressed(5, 0, 20, 900, RED, 10)];
      const result = summarise([seven, cut, flicker, ...others]);
      expect(result.stats.tracks).toBe(4);
      const player = result.players.find((p) => p.number === 7)!;
      expect(player.appearances).toEqual([{ start: 0, end: 20 }]);
    });

    it.each([
      { misread: 19, confidence: 0.98, player: 9, why: "an edge taken for a '1'" },
      { misread: 2, confidence: 0.99, player: 21, why: "the '1' hidden" },
    ])("takes a lone '$misread' that continues player $player ($why) for that player", (c) => {
      const real = dressed(1, 0, 4, 0, BLUE, c.player);
      const lone = dressed(2, 5, 8, 100, BLUE);
      read(lone, 6, c.misread, c.confidence);
      const others = [dressed(3, 0, 19, 600, BLUE, 7), dressed(4, 0, 19, 900, RED, 4)];
      const result = summarise([real, lone, ...others]);
      const blue = result.teams.find((t) => t.players.includes(7))!;
      expect(blue.players).toEqual([7, c.player]);
      const player = result.players.find((p) => p.number === c.player)!;
      expect(player.appearances.at(-1)!.end).toBeGreaterThan(7.5);
    });
  });
});
