import { writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  liveProbabilities,
  decodePlays,
  decodeOptionsFor,
  findRunningPlays,
  quietStretches,
  type QuietStretch,
  type LivePlayModel,
  scoreSegments,
  sumScores,
  type SegmentScore,
} from '@filmroom/vision/inactivity';
import { probeVideo, normaliseSegments, type Segment } from '@filmroom/vision/media';
import { createPersonFinder, type PersonFinder } from '@filmroom/vision/perception';
import { cachedFeatures } from './feature-cache.js';
import { generateStyledFilm } from '../synth/styled/generate-styled-film.js';
import { STYLE_NAMES, type StyleName } from '../synth/styled/film-style.js';
import { findSharedMedia } from '@filmroom/test-media';
import { joinClips } from './clip-variants.js';
import { loadLabelledClips } from './real-labels.js';
import { formatScore, loadFilm, trainModel, type LabelledFilm } from './train-live-play-model.js';
import { decodeShot, type GameRhythm } from './rhythm/rhythm-decoder.js';
import { calibrate, logit, rhythmEvidence, type CalibrationPrior } from './rhythm/calibrate.js';

/**
 * Whole-film trial of the decoders: each film scored by a model that never saw its style (styled
 * films) or its half of the real game (the real clips joined in recording order, two halves), decoded
 * by the shipped hysteresis and by the rhythm decoder.
 */
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const filmDir = join(packageDir, '.cache', 'styled');
const joinDir = join(packageDir, '.cache', 'joined');

type Sport = 'football' | 'volleyball' | 'basketball' | 'soccer' | 'other';
const RHYTHMS: Record<Sport, GameRhythm> = {
  football: {
    play: { minSec: 1.5, medianSec: 5.5, sigma: 0.45, maxSec: 20 },
    gap: { minSec: 10, meanExtraSec: 20 },
  },
  volleyball: {
    play: { minSec: 2, medianSec: 7, sigma: 0.55, maxSec: 45 },
    gap: { minSec: 7, meanExtraSec: 10 },
  },
  basketball: {
    play: { minSec: 3, medianSec: 35, sigma: 0.9, maxSec: 400 },
    gap: { minSec: 4, meanExtraSec: 20 },
  },
  soccer: {
    play: { minSec: 5, medianSec: 60, sigma: 1, maxSec: 600 },
    gap: { minSec: 4, meanExtraSec: 25 },
  },
  other: {
    play: { minSec: 1.5, medianSec: 10, sigma: 1.2, maxSec: 600 },
    gap: { minSec: 3, meanExtraSec: 15 },
  },
};

function sportOf(group: string): Sport {
  if (/football|real|joined/.test(group)) return 'football';
  if (/volleyball/.test(group)) return 'volleyball';
  if (/basketball/.test(group)) return 'basketball';
  if (/soccer/.test(group)) return 'soccer';
  return 'other';
}

const WEIGHT = Number(process.env.RHYTHM_WEIGHT ?? 0.25);
const PRIOR_FRAMES = Number(process.env.RHYTHM_PRIOR_FRAMES ?? 300);
const PAD_BEFORE = Number(process.env.RHYTHM_PAD_BEFORE ?? 1.2);
const PAD_AFTER = Number(process.env.RHYTHM_PAD_AFTER ?? 2.5);
const UNKNOWN_SPORT = process.env.RHYTHM_UNKNOWN === '1';

function shots(cuts: Uint8Array): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  for (let i = 1; i <= cuts.length; i++)
    if (i === cuts.length || cuts[i]) {
      out.push([start, i]);
      start = i;
    }
  return out;
}

/** The model's own levels: mean log-odds of live and dead frames over its training films. */
function priorOf(model: LivePlayModel, films: LabelledFilm[]): CalibrationPrior {
  let sL = 0,
    nL = 0,
    sD = 0,
    nD = 0,
    q = 0;
  for (const f of films) {
    const p = liveProbabilities(f.matrix, model);
    for (let i = 0; i < p.length; i++) {
      const x = logit(p[i]!);
      if (f.labels[i]) {
        sL += x;
        nL++;
      } else {
        sD += x;
        nD++;
      }
    }
  }
  const liveMean = sL / nL;
  const deadMean = sD / nD;
  for (const f of films) {
    const p = liveProbabilities(f.matrix, model);
    for (let i = 0; i < p.length; i++)
      q += (logit(p[i]!) - (f.labels[i] ? liveMean : deadMean)) ** 2;
  }
  return {
    liveMean,
    deadMean,
    sd: Math.sqrt(q / (nL + nD)),
    weightFrames: PRIOR_FRAMES,
    liveShare: nL / (nL + nD),
  };
}

function rhythmDecode(
  film: LabelledFilm,
  model: LivePlayModel,
  prior: CalibrationPrior,
): Segment[] {
  const p = liveProbabilities(film.matrix, model);
  const x = Float32Array.from(p, logit);
  const usable = (i: number): boolean =>
    film.matrix.fieldSeen[i]! >= 0.5 && film.matrix.steady[i]! >= 0.5;
  const c = calibrate(x, usable, prior);
  const evidence = rhythmEvidence(x, usable, c);
  const rhythm = RHYTHMS[UNKNOWN_SPORT ? 'other' : sportOf(film.group)];
  const out: Segment[] = [];
  for (const [from, to] of shots(film.matrix.cuts)) {
    for (const play of decodeShot(evidence, from, to, rhythm, film.fps, WEIGHT)) {
      out.push({
        start: Math.max(from / film.fps, play.start / film.fps - PAD_BEFORE),
        end: Math.min(to / film.fps, play.end / film.fps + PAD_AFTER),
      });
    }
  }
  return normaliseSegments(out, film.durationSec);
}

function shippedDecode(film: LabelledFilm, model: LivePlayModel): Segment[] {
  const p = liveProbabilities(film.matrix, model);
  return decodePlays(p, film.matrix, film.fps, film.durationSec, model, decodeOptionsFor(model))
    .segments;
}

/**
 * The shipped decoder, then the second look the engine takes (play-rescue.ts): the stretches of game
 * shots where nothing was kept are read again by the person detector for people running. `wholeShots`
 * limits it to shots with nothing kept at all (the second look before it read between plays).
 */
async function rescuedDecode(
  film: LabelledFilm,
  path: string,
  model: LivePlayModel,
  finder: PersonFinder,
  wholeShots: boolean,
): Promise<Segment[]> {
  const segments = shippedDecode(film, model);
  const quiet = quietStretches(film.matrix, film.fps, film.durationSec, segments).filter(
    (s: QuietStretch) => !wholeShots || s.wholeShot,
  );
  if (quiet.length === 0) return segments;
  const info = await probeVideo(path);
  // The trial's films fill their frames (no black bars), so the whole frame is the picture.
  const found = await findRunningPlays({
    input: path,
    info,
    stretches: quiet,
    camera: await cachedFeatures(path),
    durationSec: film.durationSec,
    finder,
  });
  return normaliseSegments([...segments, ...found], film.durationSec);
}

async function main(): Promise<void> {
  const trainSeeds = (process.env.TRIAL_TRAIN_SEEDS ?? '1').split(',').map(Number);
  const testSeed = Number(process.env.TRIAL_TEST_SEED ?? 7);
  // Athlete figures, which the person detector takes for people, let the second look be scored on
  // every look (the default block figures are not seen as people).
  const testPeople = process.env.TRIAL_TEST_PEOPLE === 'figures' ? 'figures' : 'blocks';
  const styled: LabelledFilm[] = [];
  const tests: LabelledFilm[] = [];
  const paths = new Map<LabelledFilm, string>();
  const finder = await createPersonFinder();
  for (const style of STYLE_NAMES) {
    for (const seed of trainSeeds) {
      const film = await generateStyledFilm({ style, seed, durationSec: 90, outDir: filmDir });
      const loaded = await loadFilm(
        `${style}-s${seed}`,
        style,
        film.path,
        film.live,
        film.stretches,
      );
      paths.set(loaded, film.path);
      styled.push(loaded);
    }
    const film = await generateStyledFilm({
      style,
      seed: testSeed,
      durationSec: 120,
      outDir: filmDir,
      people: testPeople,
    });
    const loaded = await loadFilm(
      `${style}-s${testSeed}`,
      style,
      film.path,
      film.live,
      film.stretches,
    );
    paths.set(loaded, film.path);
    tests.push(loaded);
    process.stderr.write('.');
  }
  const clips = loadLabelledClips(findSharedMedia()).filter((c) => c.path.includes('real-clips'));
  clips.sort((a, b) => a.name.localeCompare(b.name));
  const half = Math.ceil(clips.length / 2);
  const halves = [clips.slice(0, half), clips.slice(half)];
  const realFilms = await Promise.all(
    clips.map(async (c) => {
      const loaded = await loadFilm(c.name, 'real', c.path, c.live);
      paths.set(loaded, c.path);
      return loaded;
    }),
  );
  const joined: LabelledFilm[] = [];
  for (const [k, part] of halves.entries()) {
    const film = await joinClips(`real-half-${k + 1}`, part, joinDir);
    const loaded = await loadFilm(`real-half-${k + 1}`, 'joined', film.path, film.live);
    paths.set(loaded, film.path);
    joined.push(loaded);
  }
  process.stderr.write('\n');
  const rows: {
    name: string;
    group: string;
    shipped: SegmentScore;
    shotsLook: SegmentScore;
    rescued: SegmentScore;
    rhythm: SegmentScore;
  }[] = [];
  const rescued = async (
    film: LabelledFilm,
    model: LivePlayModel,
    wholeShots = false,
  ): Promise<SegmentScore> =>
    scoreSegments(
      await rescuedDecode(film, paths.get(film)!, model, finder, wholeShots),
      film.live,
      film.durationSec,
    );
  const dump: unknown[] = [];
  const record = (
    film: LabelledFilm,
    group: string,
    model: LivePlayModel,
    prior: CalibrationPrior,
  ): void => {
    const p = liveProbabilities(film.matrix, model);
    dump.push({
      name: film.name,
      group,
      sport: sportOf(film.group),
      fps: film.fps,
      durationSec: film.durationSec,
      live: film.live,
      p: Array.from(p, (v) => Math.round(v * 1e4) / 1e4),
      cuts: Array.from(film.matrix.cuts),
      usable: Array.from(film.matrix.fieldSeen, (v, i) =>
        v >= 0.5 && film.matrix.steady[i]! >= 0.5 ? 1 : 0,
      ),
      players: Array.from(film.matrix.players, (v) => Math.round(v * 1e3) / 1e3),
      whistle: [],
      prior,
      enter: model.enter,
      stay: model.stay,
      holdSec: model.holdSec,
      oldSegments: shippedDecode(film, model),
    });
  };
  const trainable = (f: LabelledFilm): boolean =>
    f.group !== 'real' || clips.find((c) => c.name === f.name)?.confidence !== 'low';
  for (const style of STYLE_NAMES as readonly StyleName[]) {
    const train = [...styled.filter((f) => f.group !== style), ...realFilms.filter(trainable)];
    const model = trainModel(train, `all but ${style}`);
    const prior = priorOf(model, train);
    for (const film of [...styled, ...tests].filter((f) => f.group === style)) {
      record(
        film,
        film.name.endsWith(`-s${testSeed}`) ? 'styled-test' : 'styled-train-seeds',
        model,
        prior,
      );
      rows.push({
        name: film.name,
        group: film.name.endsWith(`-s${testSeed}`) ? 'styled-test' : 'styled-train-seeds',
        shipped: scoreSegments(shippedDecode(film, model), film.live, film.durationSec),
        shotsLook: await rescued(film, model, true),
        rescued: await rescued(film, model),
        rhythm: scoreSegments(rhythmDecode(film, model, prior), film.live, film.durationSec),
      });
    }
    process.stderr.write('.');
  }
  for (const [k, part] of halves.entries()) {
    const names = new Set(part.map((c) => c.name));
    const train = [...styled, ...realFilms.filter((f) => !names.has(f.name) && trainable(f))];
    const model = trainModel(train, `all but half ${k + 1}`);
    const prior = priorOf(model, train);
    const film = joined[k]!;
    record(film, 'joined', model, prior);
    rows.push({
      name: film.name,
      group: 'joined',
      shipped: scoreSegments(shippedDecode(film, model), film.live, film.durationSec),
      shotsLook: await rescued(film, model, true),
      rescued: await rescued(film, model),
      rhythm: scoreSegments(rhythmDecode(film, model, prior), film.live, film.durationSec),
    });
    for (const clipFilm of realFilms.filter((f) => names.has(f.name))) {
      record(clipFilm, 'clips', model, prior);
      rows.push({
        name: clipFilm.name,
        group: 'clips',
        shipped: scoreSegments(shippedDecode(clipFilm, model), clipFilm.live, clipFilm.durationSec),
        shotsLook: await rescued(clipFilm, model, true),
        rescued: await rescued(clipFilm, model),
        rhythm: scoreSegments(
          rhythmDecode(clipFilm, model, prior),
          clipFilm.live,
          clipFilm.durationSec,
        ),
      });
    }
  }
  if (process.env.TRIAL_DUMP) await writeFile(process.env.TRIAL_DUMP, JSON.stringify(dump));
  await finder.close();
  console.log(
    '| film | probability decoder: live kept, plays dropped, dead removed | second look, shots with no play | second look, all left out | rhythm decoder |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  for (const r of rows)
    if (process.env.TRIAL_VERBOSE === '1' || r.group === 'joined')
      console.log(
        formatScore(r.name, r.shipped) +
          formatScore('', r.shotsLook).slice(4) +
          formatScore('', r.rescued).slice(4) +
          formatScore('', r.rhythm).slice(4),
      );
  for (const group of ['styled-train-seeds', 'styled-test', 'joined', 'clips']) {
    const g = rows.filter((r) => r.group === group);
    console.log(
      formatScore(`**${group}**`, sumScores(g.map((r) => r.shipped))) +
        formatScore('', sumScores(g.map((r) => r.shotsLook))).slice(4) +
        formatScore('', sumScores(g.map((r) => r.rescued))).slice(4) +
        formatScore('', sumScores(g.map((r) => r.rhythm))).slice(4),
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
