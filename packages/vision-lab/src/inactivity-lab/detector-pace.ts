import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPersonFinder, findPeople, type Box } from '@filmroom/vision/perception';
import { readFrames, probeVideo, type Segment } from '@filmroom/vision/media';
import {
  matchPace,
  type CameraStep,
  buildFeatureMatrix,
  FEATURE_NAMES,
} from '@filmroom/vision/inactivity';
import { findSharedMedia } from '@filmroom/test-media';
import { cachedFeatures } from './feature-cache.js';
import { STYLE_NAMES } from '../synth/styled/film-style.js';
import { generateStyledFilm } from '../synth/styled/generate-styled-film.js';
import { loadLabelledClips } from './real-labels.js';
import { auc } from './auc.js';

/**
 * Lab probe: how fast the people a person detector finds move, each in their own body heights per
 * second, once the camera's pan and zoom (measured by the inactivity analysis at 5 fps) are undone.
 * Set players before a snap stand still whatever their size; a coach near the camera is one person.
 * Prints, over the marked real clips (or, with `PACE_FILMS=generated`, one generated film of each
 * style with its people drawn as athlete figures), how well the pace separates live from dead
 * seconds, per style and pooled.
 *
 *   npm run build -w @filmroom/vision -w @filmroom/vision-lab && node packages/vision-lab/dist/inactivity-lab/detector-pace.js
 *   (PACE_FPS=2 PACE_WIDTH=1024 PACE_LAYOUT=tiles|letterbox PACE_FILMS=real|generated
 *    PACE_SEED=1 PACE_DURATION=90 PACE_REACH=1.5)
 */

/** People running (over `runningAbove` heights per second) and the 75th percentile speed. */
export function paceOf(speeds: number[], runningAbove = 1): { running: number; p75: number } {
  return {
    running: speeds.filter((s) => s > runningAbove).length,
    p75: speeds.length > 0 ? speeds[Math.floor(0.75 * (speeds.length - 1))]! : 0,
  };
}

/** A film with live play marked: a real clip, or a generated film with exact truth. */
interface MarkedFilm {
  name: string;
  /** Style of a generated film; 'real' for a real clip. */
  group: string;
  path: string;
  live: Segment[];
}

/** The high and medium confidence real clips with hand-marked plays. */
function realFilms(): MarkedFilm[] {
  return loadLabelledClips(findSharedMedia())
    .filter((c) => c.path.includes('real-clips') && c.confidence !== 'low')
    .map((c) => ({ name: c.name, group: 'real', path: c.path, live: c.live }));
}

/** One generated film per style (seed `seed`), people drawn as athlete figures a detector sees. */
async function generatedFilms(seed: number, durationSec: number): Promise<MarkedFilm[]> {
  const films: MarkedFilm[] = [];
  for (const style of STYLE_NAMES) {
    const film = await generateStyledFilm({
      style,
      seed,
      durationSec,
      outDir: GENERATED_DIR,
      people: 'figures',
    });
    films.push({ name: `${style}-s${seed}`, group: style, path: film.path, live: film.live });
  }
  return films;
}

/** The motion features the pace is compared with, each on its own. */
const COMPARED_NAMES = ['people.around', 'speed.around', 'motion.around', 'movers.around'];
const COMPARED = COMPARED_NAMES.map((name) => FEATURE_NAMES.findIndex((f) => f.name === name));
const stride = FEATURE_NAMES.length;

const GENERATED_DIR = fileURLToPath(new URL('../../.cache/pace-films/', import.meta.url));

async function main(): Promise<void> {
  const fps = Number(process.env.PACE_FPS ?? 2);
  const width = Number(process.env.PACE_WIDTH ?? 1024);
  const height = Math.round((width * 9) / 32) * 2;
  const layout = process.env.PACE_LAYOUT === 'letterbox' ? 'letterbox' : 'tiles';
  const reachHeights = Number(process.env.PACE_REACH ?? 1.5);
  const films =
    process.env.PACE_FILMS === 'generated'
      ? await generatedFilms(
          Number(process.env.PACE_SEED ?? 1),
          Number(process.env.PACE_DURATION ?? 90),
        )
      : realFilms();
  const finder = await createPersonFinder(0);
  const pooled = new Map<string, Paces>();
  const paces = (group: string): Paces => {
    const found = pooled.get(group) ?? {
      live: { running: [], p75: [], compared: [] },
      dead: { running: [], p75: [], compared: [] },
      people: 0,
      frames: 0,
    };
    pooled.set(group, found);
    return found;
  };
  const cpuStart = process.cpuUsage();
  let filmSec = 0;
  for (const film of films) {
    const info = await probeVideo(film.path);
    const analysis = await cachedFeatures(film.path);
    const matrix = buildFeatureMatrix(analysis);
    filmSec += info.durationSec;
    let last: { t: number; boxes: Box[] } | null = null;
    let line = '';
    for await (const fr of readFrames({ input: film.path, info, fps, width, height })) {
      const found = await findPeople(
        finder,
        {
          width: fr.width,
          height: fr.height,
          data: fr.data,
        },
        { minScore: 0.25, layout },
      );
      const boxes = found.map((d) => d.box);
      for (const group of [film.group, 'all']) {
        const counted = paces(group);
        counted.people += boxes.length;
        counted.frames += 1;
      }
      if (last) {
        const steps: CameraStep[] = [];
        for (
          let i = Math.round(last.t * analysis.fps) + 1;
          i <= Math.round(fr.timeSec * analysis.fps) && i < analysis.count;
          i++
        )
          steps.push({ panX: analysis.panX[i]!, panY: analysis.panY[i]!, zoom: analysis.zoom[i]! });
        const pace = paceOf(
          matchPace(last.boxes, boxes, fr.timeSec - last.t, fr, steps, reachHeights),
        );
        const t = (last.t + fr.timeSec) / 2;
        const live = film.live.some((s) => t >= s.start && t < s.end);
        const scored = live || !film.live.some((s) => t >= s.start - 1.5 && t < s.end + 3);
        if (scored) {
          const row = Math.min(matrix.count - 1, Math.round(t * analysis.fps)) * stride;
          for (const group of [film.group, 'all']) {
            const bucket = live ? paces(group).live : paces(group).dead;
            bucket.running.push(pace.running);
            bucket.p75.push(pace.p75);
            for (const [k, c] of COMPARED.entries())
              (bucket.compared[k] ??= []).push(matrix.values[row + c]!);
          }
        }
        line += `${live ? 'L' : '.'}${Math.min(9, pace.running)} `;
      }
      last = { t: fr.timeSec, boxes };
    }
    console.log(`${film.name.padEnd(34)} ${line}`);
  }
  await finder.close();
  const cpu = process.cpuUsage(cpuStart);
  console.log(
    `\nlive vs dead seconds outside the allowance, AUC of: people running (>1 height/s) | 75th percentile pace | the motion features ${COMPARED_NAMES.join(', ')}; people found per frame`,
  );
  for (const [group, p] of pooled) {
    const compared = COMPARED.map((_, k) =>
      (auc(p.live.compared[k] ?? [], p.dead.compared[k] ?? []) ?? 0).toFixed(3),
    );
    console.log(
      `  ${group.padEnd(22)} ${(auc(p.live.running, p.dead.running) ?? 0).toFixed(3)} | ${(auc(p.live.p75, p.dead.p75) ?? 0).toFixed(3)} | ${compared.join(' ')}   ${(p.people / Math.max(1, p.frames)).toFixed(1)} people/frame  (${p.live.p75.length} live, ${p.dead.p75.length} dead samples)`,
    );
  }
  console.log(
    `detector and pace CPU (this process, without ffmpeg): ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s for ${filmSec.toFixed(1)} s of film`,
  );
}

interface Samples {
  running: number[];
  p75: number[];
  /** The motion features' values at the same moments, in `COMPARED` order. */
  compared: number[][];
}

interface Paces {
  live: Samples;
  dead: Samples;
  people: number;
  frames: number;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
