/**
 * Player Tracking on real game film: the labelled real frames (each made a 3-s still film and run
 * through the engine as the app would) and the real clips. Run with `npm run bench:tracking:real`
 * (nice it on a shared machine). `TRACK_DETECT_CACHE=1` replays stored person detections (for work
 * downstream of the detector; its timings are not the engine's). `REAL_FRAMES=a,b` picks frames by
 * name prefix; the argument `frames` or `clips` runs one part.
 */
import { existsSync } from 'node:fs';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DETECTOR_VERSION,
  createPersonFinder,
  type PersonFinder,
  NumberRecognizer,
} from '@filmroom/vision/perception';
import { ffmpegPath, runProcess } from '@filmroom/vision/media';
import { analyseTracking, type TrackingAnalysis } from '@filmroom/vision/tracking';
import { findSharedMedia } from '@filmroom/test-media';
import { CachedFinder } from './cached-finder.js';
import {
  foldOf,
  readRealFrameLabels,
  scoreRealFrame,
  sumScores,
  type FrameScore,
  type ScoreTotals,
} from './real-frames.js';

const STILL_SEC = 3;

function cacheDir(): string {
  return fileURLToPath(new URL('../../.cache/real-frames/', import.meta.url));
}

/** A still film of one frame (H.264, even size, 25 fps), made once and kept in the cache. */
async function stillFilm(image: string, name: string): Promise<string> {
  const out = join(cacheDir(), `${name}.still${STILL_SEC}s.mp4`);
  if (existsSync(out)) return out;
  await mkdir(cacheDir(), { recursive: true });
  const result = await runProcess(ffmpegPath(), [
    '-v',
    'error',
    '-y',
    '-loop',
    '1',
    '-i',
    image,
    '-t',
    String(STILL_SEC),
    '-r',
    '25',
    '-vf',
    'scale=trunc(iw/2)*2:trunc(ih/2)*2',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '14',
    '-tune',
    'stillimage',
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  if (result.code !== 0) throw new Error(`ffmpeg failed on ${image}: ${result.stderr}`);
  return out;
}

const pct = (n: number, d: number): string =>
  d > 0 ? `${((100 * n) / d).toFixed(1)}% (${n}/${d})` : 'n/a';

function totalsLine(name: string, t: ScoreTotals): string {
  return `  ${name.padEnd(18)} certain numbers listed ${pct(t.listedCertain, t.certain).padEnd(16)} unlabelled per frame ${(t.unlabelled / Math.max(1, t.frames)).toFixed(2)} (${t.unlabelled} in ${t.frames})  team pairs agreeing ${pct(t.pairsAgreeing, t.pairs)}`;
}

function teamsLine(a: TrackingAnalysis): string {
  return a.teams
    .map((t) => `${t.teamLetter} ${t.primaryColor}/${t.secondaryColor} [${t.players.join(',')}]`)
    .join('  ');
}

function finderFor(file: string): PersonFinder | undefined {
  return process.env.TRACK_DETECT_CACHE
    ? new CachedFinder(
        () => createPersonFinder(),
        `${file}.detections-${DETECTOR_VERSION}-2-tiles.json`,
      )
    : undefined;
}

async function realFrames(media: string, recognizer: NumberRecognizer): Promise<void> {
  const dir = join(media, 'real-frames');
  const frames = await readRealFrameLabels(dir);
  // an empty name (a trailing comma) would pick every frame
  const picked = process.env.REAL_FRAMES?.split(',').filter((p) => p.trim() !== '');
  const chosen = frames.filter((f) => !picked?.length || picked.some((p) => f.file.startsWith(p)));
  console.log(
    `\nReal frames (${chosen.length} of ${frames.length}, ../shared/media/real-frames), each a ${STILL_SEC}-s still film`,
  );
  const scores: (FrameScore & { fold: 'A' | 'B' })[] = [];
  let wall = 0;
  for (const frame of chosen) {
    const film = await stillFilm(join(dir, 'frames', frame.file), frame.file);
    const finder = finderFor(film);
    const analysis = await analyseTracking(film, {
      recognizer,
      ...(finder ? { finder } : {}),
    });
    await finder?.close();
    if (process.env.TRACK_DUMP) await writeFile(`${film}.analysis.json`, JSON.stringify(analysis));
    wall += analysis.timings.analysisSec;
    const s = { ...scoreRealFrame(frame, analysis), fold: foldOf(frame, frames) };
    scores.push(s);
    const labels = frame.teams
      .filter((t) => t.numbers.length > 0)
      .map((t) => `${t.colour.split(' (')[0]} [${t.numbers.join(',')}]`)
      .join('  ');
    console.log(
      `  ${s.fold} ${frame.file}: ${s.listedCertain}/${s.certain} listed, unlabelled [${s.unlabelled.join(',')}], pairs ${s.pairsAgreeing}/${s.pairs}, ${analysis.timings.analysisSec.toFixed(1)} s`,
    );
    console.log(`      labels: ${labels}`);
    console.log(`      engine: ${teamsLine(analysis)}`);
  }
  console.log('\nTotals');
  for (const sport of [...new Set(scores.map((s) => s.sport))].sort()) {
    console.log(totalsLine(sport, sumScores(scores.filter((s) => s.sport === sport))));
  }
  console.log(totalsLine('all frames', sumScores(scores)));
  console.log(totalsLine('fold A (tuning)', sumScores(scores.filter((s) => s.fold === 'A'))));
  console.log(totalsLine('fold B (held out)', sumScores(scores.filter((s) => s.fold === 'B'))));
  console.log(
    `  analysis wall time ${wall.toFixed(1)} s for ${chosen.length * STILL_SEC} s of film`,
  );
}

async function realClips(media: string, recognizer: NumberRecognizer): Promise<void> {
  const dir = join(media, 'video');
  const files = (await readdir(dir)).filter((f) => f.endsWith('.mp4')).sort();
  console.log('\nReal clips (../shared/media/video; no labels): what reaches Select Players');
  for (const f of files) {
    const finder = finderFor(join(cacheDir(), f));
    if (finder) await mkdir(cacheDir(), { recursive: true });
    const analysis = await analyseTracking(join(dir, f), {
      recognizer,
      ...(finder ? { finder } : {}),
    });
    await finder?.close();
    console.log(
      `  ${f} (${analysis.durationSec.toFixed(1)} s): wall ${(analysis.timings.analysisSec / analysis.durationSec).toFixed(2)}x, CPU/2 cores ${((analysis.timings.cpuSec ?? 0) / analysis.durationSec / 2).toFixed(2)}x, ${analysis.stats.tracks} tracks`,
    );
    console.log(`      ${teamsLine(analysis)}`);
  }
}

const media = findSharedMedia();
if (!media) {
  console.log('Skipped: ../shared/media not found (set SHARED_MEDIA_DIR).');
} else {
  const only = process.argv[2];
  console.log(
    'Player Tracking on real film. Timings are wall-clock on a shared 2-core machine: treat them as noisy.',
  );
  const recognizer = await NumberRecognizer.create();
  try {
    if (!only || only === 'frames') await realFrames(media, recognizer);
    if (!only || only === 'clips') await realClips(media, recognizer);
  } finally {
    await recognizer.close();
  }
}
