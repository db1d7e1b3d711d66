import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedFilm, type GeneratedFilm } from '@filmroom/test-media';
import { ffmpegPath } from '../../../media/ffmpeg-paths.js';
import { mergeRanges } from '../appearances.js';
import type { TrackingAnalysis, TrackingPlayer } from '../tracking-types.js';
import { renderClips } from './render-clips.js';
import { labelSize, PLAYER_COLOURS } from './spotlight-filter.js';

type Rgb = [number, number, number];
const rgbOf = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;

/** The film's players as a perfect analysis would list them: exact boxes at every frame. */
function analysisFromTruth(film: GeneratedFilm<'tracking-12s'>): TrackingAnalysis {
  const { truth } = film;
  const players: TrackingPlayer[] = truth.players
    .filter((p) => p.teamLetter !== null && p.number !== null)
    .map((p) => {
      const path = truth.frames.flatMap((f) =>
        f.boxes
          .filter((b) => b.id === p.id)
          .map((b): [number, number, number, number, number] => [f.timeSec, ...b.box]),
      );
      const appearances = mergeRanges(
        path.map(([t]) => ({ start: t, end: t + 1 / truth.fps })),
        0.2,
      );
      return {
        id: `${p.teamLetter!}-${p.number!}`,
        teamLetter: p.teamLetter!,
        number: p.number!,
        confidence: 1,
        appearances,
        best: { time: path[0]![0], box: [path[0]![1], path[0]![2], path[0]![3], path[0]![4]] },
        path,
      };
    });
  return {
    durationSec: truth.durationSec,
    teams: (['A', 'B'] as const).map((teamLetter) => ({
      teamLetter,
      primaryColor: '#ffffff',
      secondaryColor: '#000000',
      players: film.numbers[teamLetter],
    })),
    players,
    unnumbered: [],
    timings: { analysisSec: 0 },
    stats: { sampledFrames: 0, tracks: 0, teamTracks: 0, outlierTracks: 0, unreadableTracks: 0 },
  };
}

interface Frame {
  width: number;
  height: number;
  data: Buffer;
}

/** The output's frame at `at` seconds, as RGB. */
async function frameAt(input: string, at: number, width: number, height: number): Promise<Frame> {
  const { stdout } = await promisify(execFile)(
    ffmpegPath(),
    ['-v', 'error', '-ss', at.toFixed(3), '-i', input, '-frames:v', '1'].concat([
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      '-',
    ]),
    { encoding: 'buffer', maxBuffer: width * height * 3 + 1024 },
  );
  return { width, height, data: stdout };
}

/** Share of the pixels in a rectangle within `tolerance` of a colour. */
function shareOf(frame: Frame, area: [number, number, number, number], colour: Rgb): number {
  const [x0, y0, w, h] = area;
  let near = 0;
  let all = 0;
  for (let y = Math.max(0, y0); y < Math.min(frame.height, y0 + h); y++) {
    for (let x = Math.max(0, x0); x < Math.min(frame.width, x0 + w); x++) {
      const i = (y * frame.width + x) * 3;
      const d = colour.reduce((s, c, k) => s + Math.abs(frame.data[i + k]! - c), 0);
      if (d < 90) near++;
      all++;
    }
  }
  return all === 0 ? 0 : near / all;
}

describe('spotlight render', () => {
  let film: GeneratedFilm<'tracking-12s'>;
  let dir: string;
  beforeAll(async () => {
    film = await generatedFilm('tracking-12s');
    dir = await mkdtemp(join(tmpdir(), 'spotlight-test-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'labels each chosen player with their number in their own colour, following them',
    { timeout: 180_000 },
    async () => {
      const analysis = analysisFromTruth(film);
      const team = analysis.players.filter((p) => p.teamLetter === 'A');
      // the two players of team A on screen longest
      const [first, second] = [...team].sort((a, b) => b.path.length - a.path.length);
      const chosen = [first!.number, second!.number];
      const output = join(dir, 'clips.mp4');
      const result = await renderClips({
        input: film.path,
        analysis,
        teamLetter: 'A',
        numbers: chosen,
        output,
        spotlight: true,
      });
      expect(result.mode).toBe('spotlight');
      const clip = result.clips[0]!;

      let checked = 0;
      for (let at = 0.5; clip.start + at < clip.end - 0.5; at += 1) {
        const frame = await frameAt(output, at, film.truth.width, film.truth.height);
        // a frame of the first clip: the output's `at` is `clip.start + at` in the film
        const source = clip.start + at;
        const truth = film.truth.frames.reduce((best, f) =>
          Math.abs(f.timeSec - source) < Math.abs(best.timeSec - source) ? f : best,
        );
        const boxes = [first!, second!].map((p) => {
          const id = film.truth.players.find(
            (q) => q.teamLetter === 'A' && q.number === p.number,
          )!.id;
          return truth.boxes.find((b) => b.id === id)?.box;
        });
        if (boxes.some((b) => !b || b[1] < 60)) continue;
        checked++;
        boxes.forEach((box, i) => {
          const [x, y, w] = box!;
          const label = labelSize(film.truth.height, `#${chosen[i]}`);
          // where the label sits: centred above the box, with some slack for the player's motion
          const area: [number, number, number, number] = [
            Math.round(x + w / 2 - label.w / 2) - 8,
            Math.round(y - w * 0.15 - label.h - 4) - 8,
            label.w + 16,
            label.h + 16,
          ];
          const own = shareOf(frame, area, rgbOf(PLAYER_COLOURS[i]!));
          const other = shareOf(frame, area, rgbOf(PLAYER_COLOURS[1 - i]!));
          expect(own, `label of #${chosen[i]} at ${source.toFixed(2)} s`).toBeGreaterThan(0.25);
          expect(other).toBeLessThan(own / 3);
          // and the number's dark digits are drawn on it
          expect(shareOf(frame, area, [0, 0, 0])).toBeGreaterThan(0.03);
        });
      }
      expect(checked).toBeGreaterThan(2);
    },
  );
});
