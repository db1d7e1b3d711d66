/**
 * Player Tracking's memory over film length: a real clip looped with ffmpeg (`-stream_loop`, stream
 * copy) to N minutes, analysed in a process started as the server starts its engine process, with
 * the process's peak RSS (main thread and worker threads) printed against the minutes analysed,
 * and the wall time against the film's duration.
 *
 * `npm run bench:tracking-memory -- [minutes] [film…]`: minutes default 30; films default the 1080p
 * broadcast soccer clip and the 720p volleyball clip. Run it niced on a shared machine. The looped
 * films are kept in `.cache/tracking-memory/`. `npm run bench:tracking-memory -- tracks` measures
 * the bytes a finished track holds (see `trackBytes`).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, rename } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { basename, extname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ENGINE_EXEC_ARGV, ENGINE_MALLOC_ENV } from '@filmroom/vision/engine';
import { ffmpegPath, runProcess } from '@filmroom/vision/media';
import {
  analyseTracking,
  TrackRecord,
  TrackSpill,
  type TrackingAnalysis,
} from '@filmroom/vision/tracking';
import { sharedMediaDir } from '@filmroom/test-media';

interface MinuteLine {
  minute: number;
  peakRssMb: number;
  rssMb: number;
  heapMb: number;
  wallSec: number;
  cpuSec: number;
}

interface DoneLine {
  done: true;
  durationSec: number;
  peakRssMb: number;
  wallSec: number;
  cpuSec?: number;
  tracks: number;
  teams: string[];
}

const cacheDir = fileURLToPath(new URL('../../.cache/tracking-memory/', import.meta.url));

/** The clip looped (stream copy) to `minutes`, made once and kept in the cache. */
async function loopedFilm(clip: string, minutes: number): Promise<string> {
  await mkdir(cacheDir, { recursive: true });
  const out = join(cacheDir, `${basename(clip, extname(clip))}-${minutes}min.mp4`);
  if (existsSync(out)) return out;
  const partial = `${out}.part.mp4`;
  const result = await runProcess(ffmpegPath(), [
    '-hide_banner',
    '-y',
    '-stream_loop',
    '-1',
    '-i',
    clip,
    '-t',
    String(minutes * 60),
    '-c',
    'copy',
    partial,
  ]);
  if (result.code !== 0) throw new Error(`Looping ${clip} failed: ${result.stderr.slice(-300)}`);
  await rename(partial, out);
  return out;
}

/** Runs the analysis of one film in its own engine-like process; prints a line per minute. */
async function measure(film: string): Promise<DoneLine> {
  const runner = fileURLToPath(new URL('./tracking-memory-run.js', import.meta.url));
  const child = spawn(process.execPath, [...ENGINE_EXEC_ARGV, runner, film], {
    env: { ...ENGINE_MALLOC_ENV, ...process.env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let done: DoneLine | null = null;
  console.log(
    '  minute | peak RSS (MB) | RSS now | main heap | wall / film time so far | CPU s per film s so far',
  );
  for await (const text of createInterface({ input: child.stdout })) {
    const line = JSON.parse(text) as MinuteLine | DoneLine;
    if ('done' in line) {
      done = line;
      continue;
    }
    console.log(
      `  ${String(line.minute).padStart(6)} | ${String(line.peakRssMb).padStart(13)} | ${String(line.rssMb).padStart(7)} | ${String(line.heapMb).padStart(9)} | ${(line.wallSec / (line.minute * 60)).toFixed(2).padStart(22)}x | ${(line.cpuSec / (line.minute * 60)).toFixed(2)}`,
    );
  }
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0 || !done) throw new Error(`The analysis of ${film} failed (exit ${code}).`);
  return done;
}

/**
 * `tracks [film | analysis.json]`: the memory a finished track holds until the summary, live
 * (`TrackRecord`), packed (`PackedTrack`) and packed with its positions and kits spilled to disk:
 * the tracks of a real film (default the 16-s volleyball clip; or of an analysis saved with
 * `includeTracks`) rebuilt many
 * times over, with as many kit samples as sightings (at most 40), and the heap measured after a
 * full collection (run with --expose-gc).
 */
async function trackBytes(film: string): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('Run with node --expose-gc.');
  const analysis = film.endsWith('.json')
    ? (JSON.parse(await readFile(film, 'utf8')) as TrackingAnalysis)
    : await analyseTracking(film, { includeTracks: true });
  const copies = Math.ceil(20_000 / analysis.tracks!.length);
  const build = (): TrackRecord[] =>
    Array.from({ length: copies }, (_, c) =>
      analysis.tracks!.map((t) => {
        const r = new TrackRecord(c * 100_000 + t.id);
        t.path.forEach(([time, x, y, w, h], i) => {
          r.addPosition(time, [x, y, w, h], [...t.offsets[i]!]);
          r.addKit({
            jersey: [40 + i, 10, -20],
            lit: [60, 12, -22],
            accent: i % 2 ? [90, 0, 0] : null,
            shorts: [20, 1, 2],
          });
        });
        for (const read of t.reads) {
          r.reads.push({
            number: read.number,
            confidence: read.confidence,
            timeSec: read.time,
            box: [1, 2, 3, 4],
          });
        }
        return r;
      }),
    ).flat();
  const heapOf = <T>(make: () => T): { kept: T; bytes: number } => {
    gc();
    const before = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    const kept = make();
    gc();
    const after = process.memoryUsage().heapUsed + process.memoryUsage().arrayBuffers;
    return { kept, bytes: after - before };
  };
  const live = heapOf(build);
  const n = live.kept.length;
  const samples = live.kept.reduce((s, r) => s + r.samples, 0);
  const packed = heapOf(() => live.kept.map((r) => r.pack()));
  const spill = new TrackSpill();
  const spilled = heapOf(() => live.kept.map((r) => r.pack(spill)));
  spill.close();
  console.log(
    `${n} tracks (${analysis.tracks!.length} of ${basename(film)} x ${copies}), ${(samples / n).toFixed(1)} sightings each, bytes a track: live ${(live.bytes / n).toFixed(0)}, packed ${(packed.bytes / n).toFixed(0)}, packed with positions and kits spilled to disk ${(spilled.bytes / n).toFixed(0)}`,
  );
}

if (process.argv[2] === 'tracks') {
  await trackBytes(
    process.argv[3] ?? join(sharedMediaDir(), 'video', 'volleyball_ovideo_katsbeds.mp4'),
  );
  process.exit(0);
}

const minutesArg = process.argv[2];
const minutes = minutesArg ? Number(minutesArg) : 30;
if (!(minutes > 0)) throw new Error(`Minutes must be a positive number, not ${minutesArg}.`);
const films =
  process.argv.length > 3
    ? process.argv.slice(3)
    : [
        join(sharedMediaDir(), 'video', 'soccer_paulobruno_sp_gol_1.mp4'),
        join(sharedMediaDir(), 'video', 'volleyball_ovideo_katsbeds.mp4'),
      ];

console.log(
  `Player Tracking memory over film length (${minutes} min; wall time on a shared 2-core machine)`,
);
for (const clip of films) {
  const film = await loopedFilm(clip, minutes);
  const load = loadavg()[0]!.toFixed(1);
  console.log(`\n${basename(clip)} looped to ${minutes} min`);
  const r = await measure(film);
  console.log(
    `  whole film ${r.durationSec.toFixed(0)} s: peak RSS ${r.peakRssMb} MB, wall ${r.wallSec.toFixed(0)} s = ${(r.wallSec / r.durationSec).toFixed(2)}x, CPU ${(r.cpuSec ?? 0).toFixed(0)} s = ${((r.cpuSec ?? 0) / r.durationSec).toFixed(2)} CPU s per film s, load ${load} -> ${loadavg()[0]!.toFixed(1)}, ${r.tracks} tracks, teams ${r.teams.join(' ')}`,
  );
}
