import { readdir, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runInactivityFilter } from '../inactivity/run-inactivity-filter.js';
import { scoreSegments, type SegmentScore } from '../inactivity/score-segments.js';
import { ffmpegPath } from '../media/ffmpeg-paths.js';
import { renderSegments } from '../media/render-segments.js';
import { runProcess } from '../media/run-process.js';
import type { Segment } from '../media/segments.js';
import { generateFilm } from '../synth/generate-film.js';
import type { Sport } from '../synth/sport-profile.js';

/**
 * Inactivity benchmark: synthetic films with exact ground truth for four sports plus the real clips
 * in ../shared/media/video. Speed is our wall time over `ffmpeg -i <file> -f null -` on the same file
 * in the same run, which cancels out how busy the machine is.
 */
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const repoRoot = resolve(packageDir, '../..');
const cacheDir = join(packageDir, '.cache', 'bench');
const mediaDir = process.env.FILMROOM_MEDIA_DIR ?? resolve(repoRoot, '../shared/media/video');

// 640x360 keeps generation affordable on two cores; the real clips cover 720p and 1080p decoding.
const SYNTHETIC: { sport: Sport; seed: number; durationSec: number }[] = [
  { sport: 'football', seed: 11, durationSec: 180 },
  { sport: 'basketball', seed: 12, durationSec: 210 },
  { sport: 'volleyball', seed: 13, durationSec: 120 },
  { sport: 'soccer', seed: 14, durationSec: 210 },
];
const SYNTHETIC_SIZE = { width: 640, height: 360 };

interface FilmRow {
  name: string;
  durationSec: number;
  keptSec: number;
  score: SegmentScore | null;
  baselineSec: number;
  analysisSec: number;
  renderSec: number;
  renderMode: string;
  heapMb: number;
}

async function timeBaseline(path: string): Promise<number> {
  const started = performance.now();
  const result = await runProcess(ffmpegPath(), [
    '-nostdin',
    '-v',
    'error',
    '-i',
    path,
    '-f',
    'null',
    '-',
  ]);
  if (result.code !== 0) throw new Error(`ffmpeg could not decode ${path}: ${result.stderr}`);
  return (performance.now() - started) / 1000;
}

async function measure(name: string, path: string, live: Segment[] | null): Promise<FilmRow> {
  const baselineSec = await timeBaseline(path);
  let heap = 0;
  const sampler = setInterval(() => {
    heap = Math.max(heap, process.memoryUsage().heapUsed);
  }, 200);
  const result = await runInactivityFilter({ input: path });
  clearInterval(sampler);
  let renderSec = 0;
  let renderMode = '-';
  if (result.segments.length > 0) {
    const started = performance.now();
    const rendered = await renderSegments({
      input: path,
      segments: result.segments,
      output: join(cacheDir, `${name}.cut.mp4`),
    });
    renderSec = (performance.now() - started) / 1000;
    renderMode =
      rendered.encodedSec > 0
        ? `${rendered.mode} (${rendered.encodedSec.toFixed(1)}s enc)`
        : rendered.mode;
  }
  return {
    name,
    durationSec: result.durationSec,
    keptSec: result.keptSec,
    score: live ? scoreSegments(result.segments, live, result.durationSec) : null,
    baselineSec,
    analysisSec: result.timings.analysisSec,
    renderSec,
    renderMode,
    heapMb: heap / 1e6,
  };
}

const pct = (a: number, b: number): string => (b > 0 ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');

function printRow(r: FilmRow): void {
  const s = r.score;
  const cells = [
    r.name.padEnd(34),
    `${r.durationSec.toFixed(0)}s`.padStart(6),
    `${pct(r.keptSec, r.durationSec)}`.padStart(7),
    (s ? pct(s.liveKeptSec, s.liveSec) : '-').padStart(8),
    (s ? pct(s.deadRemovedSec, s.deadSec) : '-').padStart(8),
    (s ? `${s.playsDropped}/${s.plays}` : '-').padStart(7),
    `${r.baselineSec.toFixed(1)}s`.padStart(7),
    `${(r.analysisSec / r.baselineSec).toFixed(2)}x`.padStart(7),
    `${((r.analysisSec + r.renderSec) / r.baselineSec).toFixed(2)}x`.padStart(7),
    `${r.heapMb.toFixed(0)}MB`.padStart(6),
    r.renderMode,
  ];
  console.log(cells.join(' '));
}

async function main(): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  const only = process.env.BENCH_ONLY;
  const rows: FilmRow[] = [];
  console.log('Generating synthetic films (cached in packages/vision/.cache/bench)...');
  const films = [];
  for (const spec of SYNTHETIC) {
    if (only && !spec.sport.includes(only)) continue;
    console.log(`  ${spec.sport} (${spec.durationSec}s, seed ${spec.seed})`);
    films.push(await generateFilm({ ...spec, ...SYNTHETIC_SIZE, outDir: cacheDir }));
  }
  if (process.env.BENCH_GENERATE_ONLY) return;
  console.log(
    [
      'film'.padEnd(34),
      'length'.padStart(6),
      'kept'.padStart(7),
      'live kept'.padStart(8),
      'dead cut'.padStart(8),
      'dropped'.padStart(7),
      'ffmpeg'.padStart(7),
      'analysis'.padStart(7),
      '+render'.padStart(7),
      'heap'.padStart(6),
      'render mode',
    ].join(' '),
  );
  for (const film of films) {
    const row = await measure(`synthetic-${film.sport}-s${film.seed}`, film.path, film.live);
    rows.push(row);
    printRow(row);
  }
  let real: string[] = [];
  try {
    real = (await readdir(mediaDir)).filter((f) => /\.(mp4|mov|mkv|webm|gif)$/i.test(f)).sort();
  } catch {
    console.log(`(no real footage at ${mediaDir})`);
  }
  for (const file of real) {
    if (only && !file.includes(only)) continue;
    try {
      const row = await measure(`real-${file}`, join(mediaDir, file), null);
      rows.push(row);
      printRow(row);
    } catch (error) {
      console.log(`real-${file}: ${(error as Error).message}`);
    }
  }
  const scored = rows.filter((r) => r.score);
  const sum = (f: (r: FilmRow) => number, list = rows): number =>
    list.reduce((a, r) => a + f(r), 0);
  console.log('');
  console.log(
    `Overall (synthetic, ground truth): live kept ${pct(
      sum((r) => r.score!.liveKeptSec, scored),
      sum((r) => r.score!.liveSec, scored),
    )}, ` +
      `dead time removed ${pct(
        sum((r) => r.score!.deadRemovedSec, scored),
        sum((r) => r.score!.deadSec, scored),
      )}, ` +
      `plays dropped ${sum((r) => r.score!.playsDropped, scored)}/${sum((r) => r.score!.plays, scored)}`,
  );
  const baseline = sum((r) => r.baselineSec);
  console.log(
    `Overall speed vs plain ffmpeg decode: analysis ${(sum((r) => r.analysisSec) / baseline).toFixed(2)}x, ` +
      `analysis + render ${(sum((r) => r.analysisSec + r.renderSec) / baseline).toFixed(2)}x ` +
      `(targets 1.3x and 2x); peak heap ${Math.max(...rows.map((r) => r.heapMb)).toFixed(0)} MB`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
