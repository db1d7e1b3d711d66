/**
 * Player Tracking's memory over film length: a real clip looped with ffmpeg (`-stream_loop`, stream
 * copy) to N minutes, analysed in a process started as the server starts its engine process, with
 * the process's peak RSS (main thread and worker threads) printed against the minutes analysed,
 * and the wall time against the film's duration.
 *
 * `npm run bench:tracking-memory -- [minutes] [film…]`: minutes default 30; films default the 1080p
 * broadcast soccer clip and the 720p volleyball clip. Run it niced on a shared machine. The looped
 * films are kept in `.cache/tracking-memory/`.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { basename, extname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { ENGINE_EXEC_ARGV, ENGINE_MALLOC_ENV } from '@filmroom/vision/engine';
import { ffmpegPath, runProcess } from '@filmroom/vision/media';
import { sharedMediaDir } from '../shared-media.js';

interface MinuteLine {
  minute: number;
  peakRssMb: number;
  rssMb: number;
  heapMb: number;
  wallSec: number;
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
  console.log('  minute | peak RSS (MB) | RSS now | main heap | wall / film time so far');
  for await (const text of createInterface({ input: child.stdout })) {
    const line = JSON.parse(text) as MinuteLine | DoneLine;
    if ('done' in line) {
      done = line;
      continue;
    }
    console.log(
      `  ${String(line.minute).padStart(6)} | ${String(line.peakRssMb).padStart(13)} | ${String(line.rssMb).padStart(7)} | ${String(line.heapMb).padStart(9)} | ${(line.wallSec / (line.minute * 60)).toFixed(2)}x`,
    );
  }
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0 || !done) throw new Error(`The analysis of ${film} failed (exit ${code}).`);
  return done;
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
