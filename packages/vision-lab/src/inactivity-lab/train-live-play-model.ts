import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Segment } from '@filmroom/vision/media';
import {
  DEFAULT_DECODE_OPTIONS,
  decodeOptionsFor,
  decodePlays,
  liveProbabilities,
  type LivePlayModel,
  buildFeatureMatrix,
  FEATURE_NAMES,
  type FeatureMatrix,
  LIVE_PLAY_MODEL,
  parseLivePlayModel,
  scoreSegments,
  sumScores,
  type SegmentScore,
} from '@filmroom/vision/inactivity';
import { readdirSync, readFileSync } from 'node:fs';
import {
  generateStyledFilm,
  type GeneratedStyledFilm,
} from '../synth/styled/generate-styled-film.js';
import { STYLE_NAMES, type StyleName } from '../synth/styled/film-style.js';
import { generateFilm } from '../synth/generate-film.js';
import { SPORTS } from '../synth/sport-profile.js';
import { findSharedMedia } from '@filmroom/test-media';
import { cachedFeatures } from './feature-cache.js';
import { loadLabelledClips, type LabelledClip } from './real-labels.js';
import { startClipLater } from './clip-variants.js';
import { levelCeiling } from './level-ceiling.js';
import { chooseLevelTrial, type LevelTrial } from './level-choice.js';
import {
  keptDeadTime,
  sumKeptDeadTime,
  type HabitStretch,
  type KeptDeadTime,
} from './kept-dead.js';

/**
 * Trains the live-play model on films of every style and reports leave-one-style-out scores: for
 * each style, a model trained on the other styles only is scored on it. The high and medium real
 * clips are trained on and scored leave-one-clip-out (each by a model that did not see it). Writes
 * the weights data file packages/vision/src/engines/inactivity/live-play-weights.json.
 *
 *   npm run train:inactivity   (TRAIN_SEEDS=1,2,3 TRAIN_SECONDS=90)
 *
 * TRAIN_REAL_WEIGHT=0.3, TRAIN_LIVE_WEIGHT=2 and TRAIN_L2=0.001 set the weight of a real clip
 * against a generated film, of live frames against dead ones, and the L2 penalty.
 * TRAIN_DROP=<regular expression> leaves the matching features out (to compare feature sets on the
 * same films); TRAIN_VERBOSE=1 prints each held-out film and each real clip's probability track.
 * TRAIN_HOLD=2,1,0.4 lists the holds the levels are chosen among; TRAIN_FILM_FLOOR=0.95 the share of
 * its live time every training film should keep; TRAIN_CONTEXT=shipped keeps the shipped weights and
 * levels and chooses only their hold, TRAIN_CONTEXT=shipped-levels keeps the weights and chooses the
 * levels and hold; TRAIN_LEVEL_MARGIN=1 the grid steps around the chosen levels that must keep
 * every play too; TRAIN_OWN_LEVELS=0 decodes every film with the model's levels alone (no
 * `filmLevels`); TRAIN_BURST=0 scores without moving starts to the burst out of stillness
 * (play-onset.ts). TRAIN_SHIFTS=0.05,0.1,0.15 (s) adds the trainable real clips started that much
 * later to the films the levels are chosen on (empty: none). TRAIN_CEILING=1 prints, for each
 * held-out film, how well its probability ranks live above dead time and the dead time that levels
 * chosen for it alone with its labels would remove (level-ceiling.ts): a ceiling for per-film levels.
 */
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const filmDir = join(packageDir, '.cache', 'styled');
const weightsFile = join(
  packageDir,
  '..',
  'vision',
  'src',
  'engines',
  'inactivity',
  'live-play-weights.json',
);

export interface LabelledFilm {
  name: string;
  group: string;
  matrix: FeatureMatrix;
  labels: Uint8Array;
  live: Segment[];
  durationSec: number;
  fps: number;
  /** A generated film's timeline: live play and each dead-time habit (none for real clips). */
  stretches?: HabitStretch[];
}

const shiftedDir = join(packageDir, '.cache', 'shifted');

/** A marked clip started `shiftSec` later, as a labelled film. */
async function shiftedClip(clip: LabelledClip, shiftSec: number): Promise<LabelledFilm> {
  const { path, live } = await startClipLater(clip, shiftSec, shiftedDir);
  return loadFilm(`${clip.name} from ${shiftSec} s`, 'real', path, live);
}

function frameLabels(live: Segment[], count: number, fps: number): Uint8Array {
  const labels = new Uint8Array(count);
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / fps;
    labels[i] = live.some((s) => t >= s.start && t < s.end) ? 1 : 0;
  }
  return labels;
}

export async function loadFilm(
  name: string,
  group: string,
  path: string,
  live: Segment[],
  stretches?: HabitStretch[],
): Promise<LabelledFilm> {
  const features = await cachedFeatures(path);
  const matrix = buildFeatureMatrix(features);
  return {
    name,
    group,
    matrix,
    labels: frameLabels(live, features.count, features.fps),
    live,
    durationSec: features.count / features.fps,
    fps: features.fps,
    ...(stretches ? { stretches } : {}),
  };
}

/**
 * Logistic regression, full batch with Adam. Each film weighs the same (a real clip of a few seconds
 * a third of a film: there are many of them, all of one game), live frames count double.
 */
/**
 * The features the model is trained on: all measured ones, less those matching TRAIN_DROP (a regular
 * expression over names such as "far\\.|rank"), for comparing feature sets on the same films.
 */
export function trainedFeatures(): number[] {
  const drop = process.env.TRAIN_DROP ? new RegExp(process.env.TRAIN_DROP) : null;
  return FEATURE_NAMES.flatMap((f, c) => (drop?.test(f.name) ? [] : [c]));
}

/** Weight of one real clip against one generated film (TRAIN_REAL_WEIGHT; clips are a few seconds). */
const REAL_CLIP_WEIGHT = Number(process.env.TRAIN_REAL_WEIGHT ?? 0.3);
/** Weight of a film's live frames against its dead frames (TRAIN_LIVE_WEIGHT). */
const LIVE_FRAME_WEIGHT = Number(process.env.TRAIN_LIVE_WEIGHT ?? 2);
/** Whether long films are decoded with their own levels (TRAIN_OWN_LEVELS=0: the model's alone). */
const OWN_LEVELS = process.env.TRAIN_OWN_LEVELS !== '0';
/** L2 penalty on the weights (TRAIN_L2). */
const L2 = Number(process.env.TRAIN_L2 ?? 1e-3);

export function trainModel(
  films: LabelledFilm[],
  trainedOn: string,
  levelFilms: LabelledFilm[] = films,
): LivePlayModel {
  const columns = trainedFeatures();
  const stride = FEATURE_NAMES.length;
  const width = columns.length;
  const mean = new Array<number>(width).fill(0);
  const std = new Array<number>(width).fill(0);
  let rows = 0;
  for (const f of films)
    for (let i = 0; i < f.matrix.count; i++, rows++)
      for (let c = 0; c < width; c++) mean[c]! += f.matrix.values[i * stride + columns[c]!]!;
  for (let c = 0; c < width; c++) mean[c]! /= Math.max(1, rows);
  for (const f of films)
    for (let i = 0; i < f.matrix.count; i++)
      for (let c = 0; c < width; c++)
        std[c]! += (f.matrix.values[i * stride + columns[c]!]! - mean[c]!) ** 2;
  for (let c = 0; c < width; c++) std[c] = Math.sqrt(std[c]! / Math.max(1, rows)) || 1;
  const x: Float32Array[] = [];
  const y: number[] = [];
  const w: number[] = [];
  for (const f of films) {
    const live = f.labels.reduce((a, b) => a + b, 0);
    const dead = f.matrix.count - live;
    const filmWeight = f.group === 'real' ? REAL_CLIP_WEIGHT : 1;
    for (let i = 0; i < f.matrix.count; i++) {
      const row = new Float32Array(width);
      for (let c = 0; c < width; c++)
        row[c] = (f.matrix.values[i * stride + columns[c]!]! - mean[c]!) / std[c]!;
      x.push(row);
      y.push(f.labels[i]!);
      w.push(
        filmWeight * (f.labels[i] ? LIVE_FRAME_WEIGHT / Math.max(1, live) : 1 / Math.max(1, dead)),
      );
    }
  }
  const totalW = w.reduce((a, b) => a + b, 0);
  const weights = new Float64Array(width);
  let bias = 0;
  const m = new Float64Array(width + 1);
  const v = new Float64Array(width + 1);
  const lr = 0.05;
  for (let step = 1; step <= 250; step++) {
    const grad = new Float64Array(width + 1);
    for (let i = 0; i < x.length; i++) {
      const row = x[i]!;
      let z = bias;
      for (let c = 0; c < width; c++) z += weights[c]! * row[c]!;
      const err = (1 / (1 + Math.exp(-z)) - y[i]!) * (w[i]! / totalW);
      for (let c = 0; c < width; c++) grad[c]! += err * row[c]!;
      grad[width]! += err;
    }
    for (let c = 0; c <= width; c++) {
      const g = grad[c]! + (c < width ? L2 * weights[c]! : 0);
      m[c] = 0.9 * m[c]! + 0.1 * g;
      v[c] = 0.999 * v[c]! + 0.001 * g * g;
      const mh = m[c]! / (1 - 0.9 ** step);
      const vh = v[c]! / (1 - 0.999 ** step);
      const delta = (lr * mh) / (Math.sqrt(vh) + 1e-8);
      if (c < width) weights[c]! -= delta;
      else bias -= delta;
    }
  }
  const model: LivePlayModel = {
    featureNames: columns.map((c) => FEATURE_NAMES[c]!.name),
    mean: mean.map(round),
    std: std.map(round),
    weights: Array.from(weights, round),
    bias: round(bias),
    enter: 0.5,
    stay: 0.3,
    trainedOn,
  };
  return chooseLevels(model, levelFilms);
}

/**
 * Lulls a play may bridge (s), chosen with the levels; the first value wins ties. TRAIN_HOLD=2 fixes
 * the hold of 0012's first models (no choice).
 */
const HOLD_CHOICES = (process.env.TRAIN_HOLD ?? '2,1,0.4').split(',').map(Number);

function range(from: number, to: number, step: number): number[] {
  const out: number[] = [];
  for (let v = from; v <= to; v += step) out.push(v);
  return out;
}

/** Share of live seconds the decoding levels must keep on the training films. */
const LIVE_TARGET = Number(process.env.TRAIN_LIVE_TARGET ?? 0.99);
/**
 * Grid steps around the chosen levels (0.05 of enter, 0.04 of stay) whose levels must keep the
 * training films' plays too (TRAIN_LEVEL_MARGIN; 0: the best levels alone, as before 0012's
 * revision "levels that keep every play at their neighbours too").
 */
const LEVEL_MARGIN = Number(process.env.TRAIN_LEVEL_MARGIN ?? 1);
/** Share of its live seconds each training film should keep (counted like a dropped play). */
const FILM_LIVE_FLOOR = Number(process.env.TRAIN_FILM_FLOOR ?? 0.95);

/**
 * The decoding levels that remove the most dead time while keeping every play (on training films),
 * judged for keeping play by the worst of their neighbours within LEVEL_MARGIN (level-choice.ts).
 * They are chosen on the plays as the probability finds them, before any start moves to the burst
 * out of stillness: the levels say where play is, the burst only trims its opening (with it in the
 * choice, lower levels look cheap and keep more dead time elsewhere: 0012).
 */
function chooseLevels(
  model: LivePlayModel,
  films: LabelledFilm[],
  onlyHold = false,
): LivePlayModel {
  const probs = films.map((f) => liveProbabilities(f.matrix, model));
  const enters = onlyHold ? [model.enter] : range(0.2, 0.81, 0.05);
  const trials: LevelTrial[] = [];
  for (const [h, holdSec] of HOLD_CHOICES.entries())
    for (const [e, enter] of enters.entries()) {
      const stays = onlyHold ? [model.stay] : range(0.08, enter + 1e-9, 0.04);
      for (const [t, stay] of stays.entries()) {
        const options = decodeOptionsFor({ holdSec }, { ownLevels: OWN_LEVELS });
        const scores = films.map((f, i) => {
          const { segments } = decodePlays(
            probs[i]!,
            { cuts: f.matrix.cuts },
            f.fps,
            f.durationSec,
            { enter, stay },
            options,
          );
          return scoreSegments(segments, f.live, f.durationSec);
        });
        const total = sumScores(scores);
        const liveKept = total.liveKeptSec / Math.max(1e-9, total.liveSec);
        const deadRemoved = total.deadRemovedSec / Math.max(1e-9, total.deadSec);
        // Films that keep under 95% of their live time (an all-live clip cut in its quiet phase).
        const filmsShort = scores.filter(
          (x) => x.liveSec > 0 && x.liveKeptSec < FILM_LIVE_FLOOR * x.liveSec,
        ).length;
        // Keeping play comes first: a dropped play or a film cut short costs more than any dead
        // time saved.
        const keep =
          (liveKept >= LIVE_TARGET ? 1 : liveKept) * 10 - (total.playsDropped + filmsShort) * 0.5;
        trials.push({
          at: [h, e, t],
          enter: round(enter),
          stay: round(stay),
          holdSec,
          keep,
          deadRemoved,
        });
      }
    }
  const best = chooseLevelTrial(trials, LEVEL_MARGIN);
  return { ...model, enter: best.enter, stay: best.stay, holdSec: best.holdSec };
}

/** Whether plays start at the burst out of stillness when films are scored (TRAIN_BURST=0: not). */
const BURST = process.env.TRAIN_BURST !== '0';

interface DecodedFilm {
  p: Float32Array;
  segments: Segment[];
  score: SegmentScore;
}

/** A film decoded as the trainer scores it: its probability, the kept segments and their score. */
export function decodeFilm(film: LabelledFilm, model: LivePlayModel): DecodedFilm {
  const p = liveProbabilities(film.matrix, model);
  const { segments } = decodePlays(
    p,
    BURST ? film.matrix : { cuts: film.matrix.cuts },
    film.fps,
    film.durationSec,
    model,
    decodeOptionsFor(model, { ownLevels: OWN_LEVELS }),
  );
  return { p, segments, score: scoreSegments(segments, film.live, film.durationSec) };
}

function round(v: number): number {
  return Math.round(v * 1e5) / 1e5;
}

const pct = (a: number, b: number): string => (b > 0 ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');

export function formatScore(title: string, s: SegmentScore): string {
  return `| ${title} | ${pct(s.liveKeptSec, s.liveSec)} | ${s.playsDropped}/${s.plays} | ${pct(s.deadRemovedSec, s.deadSec)} |`;
}

/** Whether held-out films are also scored at their own best levels (TRAIN_CEILING=1). */
const CEILING = process.env.TRAIN_CEILING === '1';

interface CeilingRow {
  film: LabelledFilm;
  auc: number | null;
  decoded: SegmentScore;
  best: SegmentScore;
  kept: KeptDeadTime;
}

/** A held-out film's score as decoded beside its score at its own best levels. */
function ceilingRow(film: LabelledFilm, model: LivePlayModel, decoded: DecodedFilm): CeilingRow {
  const ceiling = levelCeiling(
    decoded.p,
    BURST ? film.matrix : { cuts: film.matrix.cuts },
    film.fps,
    film.durationSec,
    film.live,
    model.holdSec ?? DEFAULT_DECODE_OPTIONS.holdSec,
    decoded.score,
  );
  const kept = keptDeadTime(decoded.segments, film.live, film.durationSec, film.stretches);
  return { film, auc: ceiling.auc, decoded: decoded.score, best: ceiling.best, kept };
}

/** Per film: the probability's live/dead AUC, dead removed as decoded and at the ceiling. */
function printCeilings(title: string, rows: CeilingRow[]): void {
  const dead = (s: SegmentScore): string => pct(s.deadRemovedSec, s.deadSec);
  console.log(`\n${title} (a ceiling, not a method):\n`);
  console.log('| film | live/dead AUC | dead removed as decoded | at its own best levels |');
  console.log('| --- | --- | --- | --- |');
  for (const { film, auc, decoded, best } of rows)
    console.log(
      `| ${film.name} | ${auc === null ? 'n/a' : auc.toFixed(3)} | ${dead(decoded)} | ${dead(best)} |`,
    );
  console.log(formatScore('**all, as decoded**', sumScores(rows.map((r) => r.decoded))));
  console.log(
    formatScore("**all, at each one's best levels**", sumScores(rows.map((r) => r.best))),
  );
  const kept = sumKeptDeadTime(rows.map((r) => r.kept));
  const sec = (v: number): string => `${v.toFixed(1)} s`;
  console.log(
    `\nDead time kept as decoded: ${sec(kept.inFalsePlaysSec + kept.aroundPlaysSec)} of ${sec(kept.countedSec)} counted; ${sec(kept.inFalsePlaysSec)} in segments without a play, ${sec(kept.aroundPlaysSec)} in a play's segment past its allowance.`,
  );
  if (kept.byHabit.size === 0) return;
  console.log('\n| dead-time habit | counted | kept as decoded |');
  console.log('| --- | --- | --- |');
  for (const [habit, { countedSec, keptSec }] of [...kept.byHabit].sort(
    (a, b) => b[1].keptSec - a[1].keptSec,
  ))
    console.log(
      `| ${habit} | ${sec(countedSec)} | ${sec(keptSec)} (${pct(keptSec, countedSec)}) |`,
    );
}

async function main(): Promise<void> {
  const seeds = (process.env.TRAIN_SEEDS ?? '1,2').split(',').map(Number);
  const seconds = Number(process.env.TRAIN_SECONDS ?? 90);
  const films: LabelledFilm[] = [];
  // TRAIN_CACHED_ONLY=1 trains on the styled films already in the cache instead of rendering missing
  // ones; TRAIN_FILM_VERSION picks the generator version (the shipped weights: v2).
  const cachedOnly = process.env.TRAIN_CACHED_ONLY === '1';
  const version = process.env.TRAIN_FILM_VERSION ?? 'v3';
  const cachedTruths = cachedOnly ? readdirSync(filmDir).filter((f) => f.endsWith('.json')) : [];
  for (const style of STYLE_NAMES) {
    for (const seed of seeds) {
      let film: GeneratedStyledFilm | null = null;
      if (cachedOnly) {
        const truth = cachedTruths.find(
          (f) => f === `${style}-s${seed}-${seconds}s-${version}.json`,
        );
        if (truth)
          film = JSON.parse(readFileSync(join(filmDir, truth), 'utf8')) as GeneratedStyledFilm;
      } else {
        film = await generateStyledFilm({ style, seed, durationSec: seconds, outDir: filmDir });
      }
      if (!film) continue;
      films.push(await loadFilm(`${style}-s${seed}`, style, film.path, film.live, film.stretches));
      process.stderr.write(`.`);
    }
  }
  // The first generator's look (flat side view, one camera) is one more style.
  for (const sport of SPORTS) {
    const film = await generateFilm({
      sport,
      seed: 101,
      durationSec: seconds,
      width: 480,
      height: 270,
      outDir: filmDir,
    });
    films.push(await loadFilm(`classic-${sport}`, 'classic', film.path, film.live));
    process.stderr.write(`.`);
  }
  // Real clips with hand-marked plays: trained on (high and medium confidence), and scored only by
  // models that did not see them (leave-one-clip-out).
  const clips = loadLabelledClips(findSharedMedia());
  const real: { film: LabelledFilm; clip: (typeof clips)[number] }[] = [];
  for (const clip of clips) {
    real.push({ clip, film: await loadFilm(clip.name, 'real', clip.path, clip.live) });
    process.stderr.write(`.`);
  }
  // The trainable real clips started a little later (TRAIN_SHIFTS, s): every sampled frame moves.
  // The levels are chosen on them as well, so they keep the plays whichever frames get sampled;
  // the weights are not trained on them.
  const shifts = (process.env.TRAIN_SHIFTS ?? '0.05,0.1,0.15').split(',').filter(Boolean);
  const shifted: { film: LabelledFilm; clip: (typeof clips)[number] }[] = [];
  for (const shift of shifts)
    for (const clip of clips.filter((c) => c.confidence !== 'low')) {
      const film = await shiftedClip(clip, Number(shift));
      shifted.push({ clip, film });
      process.stderr.write(`.`);
    }
  process.stderr.write('\n');
  // TRAIN_REAL=0 trains on generated films only (the real clips are then an unseen domain).
  const useReal = process.env.TRAIN_REAL !== '0';
  const levelFilmsWithout = (train: LabelledFilm[], heldOut?: (typeof clips)[number]) => [
    ...train,
    ...(useReal ? shifted.filter((s) => s.clip !== heldOut).map((s) => s.film) : []),
  ];
  const trainable = (f: LabelledFilm): boolean =>
    f.group !== 'real' ||
    (useReal && real.some((r) => r.film === f && r.clip.confidence !== 'low'));
  const realFilms = real.map((r) => r.film);
  const all = [...films, ...realFilms];
  console.log('Leave-one-style-out (each style scored by a model trained without it):\n');
  console.log('| held-out style | live kept | plays dropped | dead removed |');
  console.log('| --- | --- | --- | --- |');
  const held: SegmentScore[] = [];
  const ceilings: CeilingRow[] = [];
  for (const style of [...STYLE_NAMES, 'classic']) {
    if (!films.some((f) => f.group === style)) continue;
    const train = all.filter((f) => f.group !== style && trainable(f));
    const model = trainModel(train, `all but ${style}`, levelFilmsWithout(train));
    const heldOut = films.filter((f) => f.group === style);
    const decoded = heldOut.map((f) => decodeFilm(f, model));
    const scores = decoded.map((d) => d.score);
    const total = sumScores(scores);
    held.push(total);
    console.log(
      formatScore(
        `${style} (enter ${model.enter}, stay ${model.stay}, hold ${model.holdSec} s)`,
        total,
      ),
    );
    if (process.env.TRAIN_VERBOSE === '1')
      heldOut.forEach((f, i) => console.log(formatScore(`&nbsp;&nbsp;${f.name}`, scores[i]!)));
    if (CEILING) heldOut.forEach((film, i) => ceilings.push(ceilingRow(film, model, decoded[i]!)));
  }
  console.log(formatScore('**all held-out styles**', sumScores(held)));
  if (CEILING) printCeilings('Levels chosen per held-out film with its labels', ceilings);
  if (real.length > 0) {
    console.log(
      '\nReal clips, leave-one-clip-out (each clip scored by a model trained without it):\n',
    );
    const rows = real.map(({ clip, film }) => {
      const train = all.filter((f) => f !== film && trainable(f));
      const model = trainModel(train, `all but ${clip.name}`, levelFilmsWithout(train, clip));
      const decoded = decodeFilm(film, model);
      const { p, segments, score } = decoded;
      if (process.env.TRAIN_VERBOSE === '1') {
        const fmt = (list: Segment[]): string =>
          list.map((s) => `${s.start.toFixed(1)}-${s.end.toFixed(1)}`).join(' ');
        console.log(
          `${clip.name.padEnd(34)} ${clip.confidence.padEnd(6)} live ${fmt(clip.live).padEnd(12)} kept ${fmt(segments).padEnd(20)} p ${Array.from(
            p.filter((_, i) => i % 2 === 0),
            (v) => Math.round(v * 9),
          ).join('')}`,
        );
      }
      return { clip, score, ceiling: CEILING ? ceilingRow(film, model, decoded) : null };
    });
    console.log('| clips | live kept | plays dropped | dead removed |');
    console.log('| --- | --- | --- | --- |');
    const groups: [string, (c: (typeof clips)[number]) => boolean][] = [
      [
        'youth football high+medium',
        (c) => c.path.includes('real-clips') && c.confidence !== 'low',
      ],
      ['youth football low', (c) => c.path.includes('real-clips') && c.confidence === 'low'],
      ['own marks (video/)', (c) => !c.path.includes('real-clips')],
    ];
    for (const [title, test] of groups) {
      const list = rows.filter((r) => test(r.clip));
      const dropped = list.filter((r) => r.score.playsDropped > 0).map((r) => r.clip.name);
      console.log(
        formatScore(
          `${title} (${list.length})${dropped.length ? `; dropped in ${dropped.join(', ')}` : ''}`,
          sumScores(list.map((r) => r.score)),
        ),
      );
    }
    if (CEILING)
      printCeilings(
        'Youth football high+medium, levels chosen per clip with its marks',
        rows.filter((r) => groups[0]![1](r.clip)).flatMap((r) => r.ceiling ?? []),
      );
  }
  // TRAIN_CONTEXT=shipped keeps the shipped weights and levels and chooses only their hold;
  // TRAIN_CONTEXT=shipped-levels keeps the shipped weights and chooses their levels and hold.
  const context = process.env.TRAIN_CONTEXT;
  const levelFilms = levelFilmsWithout(all.filter(trainable));
  const realCount = real.filter((r) => trainable(r.film)).length;
  const chosenOn = `${films.length} styled and classic films (v3), ${realCount} marked real clips and ${shifted.length} of them started ${shifts.join(', ')} s later`;
  const model =
    context === 'shipped' || context === 'shipped-levels'
      ? {
          ...chooseLevels(LIVE_PLAY_MODEL, levelFilms, context === 'shipped'),
          trainedOn: `${LIVE_PLAY_MODEL.trainedOn.split('; ')[0]}; ${context === 'shipped' ? 'hold' : 'levels and hold'} chosen on ${chosenOn}`,
        }
      : trainModel(
          all.filter(trainable),
          `${films.length} styled and classic films (${STYLE_NAMES.length} styles, seeds ${seeds.join(',')}, ${seconds} s) and ${realCount} marked real clips; levels chosen with ${shifted.length} of them started ${shifts.join(', ')} s later`,
          levelFilms,
        );
  console.log(
    `\nchosen: enter ${model.enter}, stay ${model.stay}, hold ${model.holdSec ?? DEFAULT_DECODE_OPTIONS.holdSec} s`,
  );
  if (process.env.TRAIN_WRITE !== '0') {
    await writeFile(weightsFile, `${JSON.stringify(parseLivePlayModel(model), null, 2)}\n`);
    console.log(
      `\nwrote ${weightsFile} (enter ${model.enter}, stay ${model.stay}, hold ${model.holdSec} s)`,
    );
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}

export type { StyleName };
