/**
 * Player Tracking benchmark: synthetic films with exact ground truth, the real jersey crops, and the
 * real clips' speed. Run with `npm run bench:tracking` (nice it on a shared machine);
 * `npm run bench:tracking -- speed [film…]` times the CLI on real films.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { join } from 'node:path';
import {
  CenterNetDetector,
  DETECTOR_VERSION,
  createPersonFinder,
  NumberRecognizer,
  readJerseyNumber,
  loadDigitReader,
  NUMBER_READER_MODEL,
  readImageRgb,
} from '@filmroom/vision/perception';
import { analyseTracking, type TrackingAnalysis } from '@filmroom/vision/tracking';
import { CachedFinder } from './cached-finder.js';
import { cachedSynthFilm } from '../synth-tracking/render-synth-film.js';
import { SYNTH_SCENARIOS } from '../synth-tracking/scenarios.js';
import { sharedMediaDir } from '@filmroom/test-media';
import { evaluateTracking, type TrackingScores } from '../synth-tracking/evaluate-tracking.js';

const benchOptions = {
  ...(process.env.TRACK_FPS ? { fps: Number(process.env.TRACK_FPS) } : {}),
  ...(process.env.TRACK_LAYOUT === 'letterbox' ? { layout: 'letterbox' as const } : {}),
};

const pct = (n: number, d: number): string =>
  d > 0 ? `${((100 * n) / d).toFixed(1)}% (${n}/${d})` : 'n/a';
const pct1 = (n: number, d: number): string => (d > 0 ? `${((100 * n) / d).toFixed(1)}%` : 'n/a');

/** The first seed of each scenario is the film the settings were first developed on. */
const DEFAULT_SEEDS = '11,23,101,202';

interface Totals {
  films: number;
  teamTracks: number;
  teamCorrect: number;
  numberTracks: number;
  numberCorrect: number;
  numberWrong: number;
  playersTotal: number;
  playersListed: number;
  playersSpurious: number;
  crops: number;
  cropsCorrect: number;
  truthSec: number;
  foundSec: number;
  overlapSec: number;
  trackedSec: number;
  durationSec: number;
  wallSec: number;
}

const emptyTotals = (): Totals => ({
  films: 0,
  teamTracks: 0,
  teamCorrect: 0,
  numberTracks: 0,
  numberCorrect: 0,
  numberWrong: 0,
  playersTotal: 0,
  playersListed: 0,
  playersSpurious: 0,
  crops: 0,
  cropsCorrect: 0,
  truthSec: 0,
  foundSec: 0,
  overlapSec: 0,
  trackedSec: 0,
  durationSec: 0,
  wallSec: 0,
});

function addToTotals(t: Totals, s: TrackingScores, durationSec: number, wallSec: number): void {
  t.films++;
  t.teamTracks += s.teamTracks;
  t.teamCorrect += s.teamCorrect;
  t.numberTracks += s.numberTracks;
  t.numberCorrect += s.numberCorrect;
  t.numberWrong += s.numberWrong;
  t.playersTotal += s.playersTotal;
  t.playersListed += s.playersListed;
  t.playersSpurious += s.playersSpurious;
  t.crops += s.crops;
  t.cropsCorrect += s.cropsCorrect;
  t.truthSec += s.appearanceTruthSec;
  t.foundSec += s.appearanceFoundSec;
  t.overlapSec += s.appearanceOverlapSec;
  t.trackedSec += s.appearanceTrackedSec;
  t.durationSec += durationSec;
  t.wallSec += wallSec;
}

async function realCrops(recognizer: NumberRecognizer): Promise<void> {
  const dir = join(sharedMediaDir(), 'jersey-crops');
  const rows = (await readFile(join(dir, 'labels.tsv'), 'utf8'))
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => l.split('\t'));
  const digitReader = await loadDigitReader();
  let plain = 0;
  let ensemble = 0;
  let unreadable = 0;
  let fused = 0;
  let fusedNone = 0;
  const started = performance.now();
  for (const [file, label] of rows) {
    if (!file || !label) continue;
    const crop = await readImageRgb(join(dir, file));
    const single = await recognizer.read(crop);
    if (single.text === label) plain++;
    const read = await readJerseyNumber(recognizer, crop);
    if (read.number === null) unreadable++;
    else if (String(read.number) === label) ensemble++;
    const both = digitReader
      ? await readJerseyNumber(recognizer, crop, undefined, digitReader)
      : null;
    if (both?.number === null) fusedNone++;
    else if (String(both?.number) === label) fused++;
    if (process.env.CROPS_VERBOSE)
      console.log(
        `  ${file}: ${label}; read-number ${read.number ?? '-'} (${read.confidence.toFixed(2)})${both ? `, fused ${both.number ?? '-'} (${both.confidence.toFixed(2)})` : ''}`,
      );
  }
  const ms = (performance.now() - started) / rows.length;
  await digitReader?.close();
  console.log(`\nReal jersey crops (${rows.length}, ../shared/media/jersey-crops)`);
  console.log(`  plain recogniser, digits only:        ${pct(plain, rows.length)}`);
  console.log(
    `  PP-OCR alone (4 variants + threshold): ${pct(ensemble, rows.length)} correct, ${unreadable} unreadable`,
  );
  if (digitReader)
    console.log(
      `  fused with the trained reader (engine): ${pct(fused, rows.length)} correct, ${fusedNone} unreadable`,
    );
  else console.log(`  (no trained reader at ${NUMBER_READER_MODEL}: npm run train:number-reader)`);
  console.log(`  ${ms.toFixed(0)} ms per crop`);
}

async function synthFilms(): Promise<void> {
  const detector = await CenterNetDetector.create();
  const films = process.env.TRACK_FILMS?.split(',');
  // each scenario is played with several seeds (other casts, runs and crossings): two films move a
  // lot with small changes, the totals over all of them do not. TRACK_SEEDS=303,404 picks others.
  const seeds = (process.env.TRACK_SEEDS ?? DEFAULT_SEEDS).split(',').map(Number);
  const scenarios = SYNTH_SCENARIOS.filter((s) => !films || films.includes(s.name)).flatMap((s) =>
    seeds.map((seed) => ({ ...s, seed })),
  );
  const totals = new Map<string, Totals>();
  for (const scenario of scenarios) {
    const { videoPath, truth } = await cachedSynthFilm(scenario, async () => detector);
    // TRACK_DETECT_CACHE=1 replays stored detections: for work downstream of the detector only
    const finder = process.env.TRACK_DETECT_CACHE
      ? new CachedFinder(
          () => createPersonFinder(),
          `${videoPath}.detections-${DETECTOR_VERSION}-${benchOptions.fps ?? 2}-${benchOptions.layout ?? 'tiles'}.json`,
        )
      : undefined;
    const analysis = await analyseTracking(videoPath, {
      includeTracks: true,
      ...benchOptions,
      ...(finder ? { finder } : {}),
    });
    await finder?.close();
    if (process.env.TRACK_DUMP) {
      await writeFile(`${videoPath}.analysis.json`, JSON.stringify(analysis));
    }
    const s = evaluateTracking(truth, analysis);
    for (const key of [scenario.name, 'all films']) {
      const t = totals.get(key) ?? emptyTotals();
      addToTotals(t, s, truth.durationSec, analysis.timings.analysisSec);
      totals.set(key, t);
    }
    const recall = s.appearanceTruthSec > 0 ? s.appearanceOverlapSec / s.appearanceTruthSec : 0;
    const precision = s.appearanceFoundSec > 0 ? s.appearanceOverlapSec / s.appearanceFoundSec : 0;
    console.log(
      `\nSynthetic film "${scenario.name}" seed ${scenario.seed} (${truth.durationSec} s, ${truth.width}x${truth.height}, ${videoPath})`,
    );
    console.log(
      `  tracks matched to a person:      ${s.matchedTracks} (of ${analysis.stats.tracks})`,
    );
    console.log(`  team assignment per track:       ${pct(s.teamCorrect, s.teamTracks)}`);
    console.log(`  referee/keeper kept out of teams: ${pct(s.outliersKeptOut, s.outlierTracks)}`);
    console.log(
      `  number per track:                ${pct(s.numberCorrect, s.numberTracks)} correct, ${s.numberWrong} wrong, ${s.numberUnreadable} unreadable`,
    );
    console.log(`  number per crop (single read):   ${pct(s.cropsCorrect, s.crops)}`);
    console.log(
      `  players listed (team + number):  ${s.playersListed} of ${s.playersTotal} real, ${s.playersSpurious} nobody wears`,
    );
    console.log(
      `  appearances, all players:        recall ${(100 * recall).toFixed(1)}%, precision ${(100 * precision).toFixed(1)}%`,
    );
    console.log(
      `  seconds some track was on them:  ${pct1(s.appearanceTrackedSec, s.appearanceTruthSec)} (the recall a perfect assignment of tracks would reach)`,
    );
    console.log(
      `  per player (recall/precision): ${s.perPlayer
        .map(
          (p) =>
            `${p.teamLetter}#${p.number} ${(100 * p.recall).toFixed(0)}/${(100 * p.precision).toFixed(0)}`,
        )
        .join(', ')}`,
    );
    const chosen = s.perPlayer[0];
    if (chosen) {
      console.log(
        `  appearances, player ${chosen.teamLetter}#${chosen.number}:         recall ${(100 * chosen.recall).toFixed(1)}%, precision ${(100 * chosen.precision).toFixed(1)}%`,
      );
    }
    console.log(
      `  teams found: ${analysis.teams.map((t) => `${t.teamLetter} ${t.primaryColor}/${t.secondaryColor} [${t.players.join(',')}]`).join('  ')}`,
    );
    console.log(
      `  truth kits:  A ${truth.kits.A.primary}/${truth.kits.A.secondary}  B ${truth.kits.B.primary}/${truth.kits.B.secondary}`,
    );
    console.log(
      `  analysis wall time / video duration: ${(analysis.timings.analysisSec / truth.durationSec).toFixed(2)}x (${analysis.timings.analysisSec.toFixed(1)} s)`,
    );
    console.log(
      `  CPU time / (video duration x 2 cores): ${((analysis.timings.cpuSec ?? 0) / truth.durationSec / 2).toFixed(2)}x (${analysis.timings.cpuSec} CPU s)`,
    );
  }
  await detector.close();
  console.log(`\nTotals over the seeds ${seeds.join(', ')}`);
  const all = totals.get('all films');
  totals.delete('all films');
  if (all) totals.set('all films', all);
  for (const [name, t] of totals) {
    console.log(
      `  ${name.padEnd(12)} ${t.films} films: team per track ${pct(t.teamCorrect, t.teamTracks)}, number per track ${pct(t.numberCorrect, t.numberTracks)} (${t.numberWrong} wrong), players listed ${t.playersListed}/${t.playersTotal} + ${t.playersSpurious} nobody wears, per crop ${pct(t.cropsCorrect, t.crops)}, appearances recall ${pct1(t.overlapSec, t.truthSec)} precision ${pct1(t.overlapSec, t.foundSec)} (tracked ${pct1(t.trackedSec, t.truthSec)}), wall ${(t.wallSec / t.durationSec).toFixed(2)}x`,
    );
  }
}

async function realClips(): Promise<void> {
  const dir = join(sharedMediaDir(), 'video');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.mp4'));
  console.log('\nReal clips (no ground truth: speed and what was found)');
  for (const f of files) {
    const analysis = await analyseTracking(join(dir, f));
    console.log(
      `  ${f}: wall ${(analysis.timings.analysisSec / analysis.durationSec).toFixed(2)}x, CPU/2 cores ${((analysis.timings.cpuSec ?? 0) / analysis.durationSec / 2).toFixed(2)}x, ${analysis.stats.tracks} tracks, teams ${analysis.teams
        .map((t) => `${t.teamLetter} ${t.primaryColor} [${t.players.join(',')}]`)
        .join(' ')}`,
    );
  }
}

/**
 * `speed [film…]`: each film (default the 16-s 720p volleyball clip) through the built CLI, as a
 * user runs it, in its own process: wall and CPU seconds per film second, peak RSS, and the load
 * average around the run (the machine is shared: CPU per film second is the robust figure).
 */
async function speed(films: string[]): Promise<void> {
  const launcher = fileURLToPath(new URL('../../../vision/bin/scout-vision.js', import.meta.url));
  const chosen =
    films.length > 0 ? films : [join(sharedMediaDir(), 'video', 'volleyball_ovideo_katsbeds.mp4')];
  const dir = await mkdtemp(join(tmpdir(), 'track-speed-'));
  console.log('\nSpeed (scout-vision track, model loading included)');
  try {
    for (const film of chosen) {
      const json = join(dir, 'analysis.json');
      const load = loadavg()[0]!.toFixed(1);
      const started = performance.now();
      await promisify(execFile)(process.execPath, [
        launcher,
        'track',
        film,
        '--json',
        json,
        '--quiet',
      ]);
      const processSec = (performance.now() - started) / 1000;
      const a = JSON.parse(await readFile(json, 'utf8')) as TrackingAnalysis;
      const cpu = a.timings.cpuSec ?? 0;
      console.log(
        `  ${film} (${a.durationSec.toFixed(1)} s): wall ${a.timings.analysisSec.toFixed(1)} s = ${(a.timings.analysisSec / a.durationSec).toFixed(2)}x (process ${processSec.toFixed(1)} s), CPU ${cpu.toFixed(1)} s = ${(cpu / a.durationSec).toFixed(2)} CPU s per film s, peak RSS ${a.timings.peakRssMb ?? '?'} MB, load ${load} -> ${loadavg()[0]!.toFixed(1)}, players ${a.teams.map((t) => `${t.teamLetter} [${t.players.join(',')}]`).join(' ')}`,
      );
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const only = process.argv[2];
if (only === 'speed') {
  await speed(process.argv.slice(3));
  process.exit(0);
}
const recognizer = await NumberRecognizer.create();
console.log(
  'Player Tracking benchmark. Timings are wall-clock on a shared 2-core machine: treat them as noisy.',
);
if (!only || only === 'crops') await realCrops(recognizer);
await recognizer.close();
if (!only || only === 'synth') await synthFilms();
if (!only || only === 'real') await realClips();
