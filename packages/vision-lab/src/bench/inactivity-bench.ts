import { appendFileSync, readFileSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { joinClips, startClipLater } from '../inactivity-lab/clip-variants.js';
import { loadLabelledClips, type LabelledClip } from '../inactivity-lab/real-labels.js';
import {
  runInactivityFilter,
  intersectionLength,
  scoreSegments,
  sumScores,
  type DecodeOptions,
  type SegmentScore,
} from '@filmroom/vision/inactivity';
import { ffmpegPath, normaliseSegments, runProcess, type Segment } from '@filmroom/vision/media';
import { generateFilm } from '../synth/generate-film.js';
import type { Sport } from '../synth/sport-profile.js';
import { HELD_OUT_STYLE_NAMES, STYLE_NAMES } from '../synth/styled/film-style.js';
import { generateStyledFilm } from '../synth/styled/generate-styled-film.js';
import type { BroadcastCuts } from '../synth/styled/styled-timeline.js';
import {
  CLIP_REENCODINGS,
  cachedFfmpegFilm,
  findSharedMedia,
  reencodeClip,
  type ClipReencoding,
} from '@filmroom/test-media';

/**
 * Inactivity benchmark, end to end with the shipped model:
 * - styled films of every style with seeds the model never saw (BENCH_SEEDS, default 7), per style;
 *   the leave-one-style-out scores (styles never trained on) come from `npm run train:inactivity`;
 *   and the looks no model is trained on (HELD_OUT_STYLE_NAMES: a rally sport's television
 *   broadcast, with close-ups, replays and the crowd between rallies), apart;
 * - films of the first generator's look;
 * - the real clips with live play marked by hand (../shared/media/real-clips and our own marks), and
 *   every marked clip of the game joined in recording order into two whole films (`real-game-half-1`,
 *   `-2`: no-play, crowd and low-confidence clips included), and the high and medium ones each started a
 *   little later (`BENCH_SHIFTS`, default 0.05,0.1,0.15 s; re-encoded), which moves every sampled
 *   frame: a decision that holds only on the frames we happened to sample will not hold on new film;
 *   and every marked clip re-encoded smaller and more compressed, or without its sound
 *   (`reencoded`: CLIP_REENCODINGS), as another phone or a re-upload would deliver the same game;
 * - all-live real clips (share of their length kept) and clips with no sport (must keep nothing);
 * - speed: analysis wall and CPU time (ours plus ffmpeg's) as a share of the film's length, and the
 *   ratio to a plain `ffmpeg -i <file> -f null -` decode of the same file in the same run.
 * BENCH_ONLY=<text>[,<text>...] runs only the films whose name contains one of them;
 * BENCH_DECODE='{"padBeforeSec":1.8}' decodes with other options (a trial; the shipped ones otherwise);
 * BENCH_DUMP=<file> appends each film's kept segments to it, a JSON line per film.
 */
const DECODE = JSON.parse(process.env.BENCH_DECODE ?? '{}') as Partial<DecodeOptions>;
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cacheDir = join(packageDir, '.cache', 'bench');
const styledDir = join(packageDir, '.cache', 'styled');
const sharedMedia = findSharedMedia();

const CLASSIC: { sport: Sport; seed: number; durationSec: number }[] = [
  { sport: 'football', seed: 11, durationSec: 180 },
  { sport: 'basketball', seed: 12, durationSec: 210 },
  { sport: 'volleyball', seed: 13, durationSec: 120 },
  { sport: 'soccer', seed: 14, durationSec: 210 },
];

interface Row {
  name: string;
  group: string;
  durationSec: number;
  keptSec: number;
  segments: Segment[];
  score: SegmentScore | null;
  decodeSec: number;
  analysisSec: number;
  cpuSec: number;
  /** A generated broadcast's cutaways (all dead time): seconds of each kind shown and kept. */
  cutaways?: Record<CutawayKind, { sec: number; keptSec: number }>;
}

const CUTAWAY_KINDS = [
  'close-ups',
  'replays from the side',
  'replays by the main camera',
  'crowd',
] as const;
type CutawayKind = (typeof CUTAWAY_KINDS)[number];

/** How much of each kind of a broadcast's cutaways the engine kept. */
function cutawaysKept(cuts: BroadcastCuts, kept: Segment[]): NonNullable<Row['cutaways']> {
  const of = (shots: Segment[]): { sec: number; keptSec: number } => ({
    sec: shots.reduce((sum, s) => sum + s.end - s.start, 0),
    keptSec: intersectionLength(shots, kept),
  });
  return {
    'close-ups': of(cuts.playerShots),
    'replays from the side': of(cuts.replays.filter((r) => !r.fromMainCamera)),
    'replays by the main camera': of(cuts.replays.filter((r) => r.fromMainCamera)),
    crowd: of(cuts.crowdShots),
  };
}

function printCutaways(rows: Row[]): void {
  const parts = CUTAWAY_KINDS.map((kind) => {
    const sec = rows.reduce((sum, r) => sum + (r.cutaways?.[kind].sec ?? 0), 0);
    const keptSec = rows.reduce((sum, r) => sum + (r.cutaways?.[kind].keptSec ?? 0), 0);
    return `${kind} ${keptSec.toFixed(1)} of ${sec.toFixed(1)} s (${pct(keptSec, sec)})`;
  });
  if (rows.some((r) => r.cutaways)) console.log(`    cutaways kept: ${parts.join(', ')}`);
}

/** CPU seconds used so far by this process and the children it has waited for (ffmpeg). */
function cpuSeconds(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // utime, stime, cutime, cstime are fields 14-17 of /proc/<pid>/stat (11-14 after the name).
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  return ticks / 100;
}

async function decodeSeconds(path: string): Promise<number> {
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

async function measure(
  name: string,
  group: string,
  path: string,
  live: Segment[] | null,
): Promise<Row> {
  const decodeSec = await decodeSeconds(path);
  const cpuBefore = cpuSeconds();
  const result = await runInactivityFilter({ input: path, decode: DECODE });
  return {
    name,
    group,
    durationSec: result.durationSec,
    keptSec: result.keptSec,
    segments: result.segments,
    score: live ? scoreSegments(result.segments, live, result.durationSec) : null,
    decodeSec,
    analysisSec: result.timings.analysisSec,
    cpuSec: cpuSeconds() - cpuBefore,
  };
}

const pct = (a: number, b: number): string => (b > 0 ? `${((100 * a) / b).toFixed(1)}%` : 'n/a');

function printHeader(): void {
  console.log(
    [
      'film'.padEnd(40),
      'length'.padStart(7),
      'kept'.padStart(6),
      'live kept'.padStart(9),
      'dead cut'.padStart(8),
      'dropped'.padStart(7),
      'snaps lost'.padStart(10),
      'counted'.padStart(7),
      'wall/len'.padStart(8),
      'cpu/len'.padStart(7),
      '/decode'.padStart(7),
    ].join(' '),
  );
}

/** The plays the card counts: the output's chapters, kept stretches with touching ones joined. */
function cardCount(r: Row): number {
  return normaliseSegments(r.segments, r.durationSec).length;
}

function printRow(r: Row): void {
  const s = r.score;
  if (process.env.BENCH_DUMP)
    appendFileSync(
      process.env.BENCH_DUMP,
      `${JSON.stringify({ name: r.name, durationSec: r.durationSec, plays: s?.plays, segments: r.segments })}\n`,
    );
  console.log(
    [
      r.name.padEnd(40),
      `${r.durationSec.toFixed(1)}s`.padStart(7),
      pct(r.keptSec, r.durationSec).padStart(6),
      (s ? pct(s.liveKeptSec, s.liveSec) : '-').padStart(9),
      (s ? pct(s.deadRemovedSec, s.deadSec) : '-').padStart(8),
      (s ? `${s.playsDropped}/${s.plays}` : '-').padStart(7),
      (s ? `${s.snapsLost}/${s.plays}` : '-').padStart(10),
      // the plays the card counts against the plays marked
      `${cardCount(r)}${s ? `/${s.plays}` : ''}`.padStart(7),
      `${(r.analysisSec / r.durationSec).toFixed(3)}x`.padStart(8),
      `${(r.cpuSec / r.durationSec).toFixed(3)}x`.padStart(7),
      `${(r.analysisSec / r.decodeSec).toFixed(2)}x`.padStart(7),
    ].join(' '),
  );
}

function total(rows: Row[]): SegmentScore {
  return sumScores(rows.flatMap((r) => (r.score ? [r.score] : [])));
}

function printTotal(title: string, rows: Row[]): void {
  if (rows.length === 0) return;
  const t = total(rows);
  const dropped = rows
    .filter((r) => r.score && r.score.playsDropped > 0)
    .map((r) => `${r.name} ${r.score!.playsDropped}/${r.score!.plays}`);
  const counted = rows.filter((r) => r.score);
  const countedRight = counted.filter((r) => cardCount(r) === r.score!.plays).length;
  const countOff = counted.reduce((sum, r) => sum + Math.abs(cardCount(r) - r.score!.plays), 0);
  console.log(
    `${title} (${rows.length}): live kept ${pct(t.liveKeptSec, t.liveSec)}, plays dropped ${t.playsDropped}/${t.plays}` +
      `${dropped.length ? ` (${dropped.join(', ')})` : ''}, snaps lost ${t.snapsLost}/${t.plays}, dead removed ${pct(t.deadRemovedSec, t.deadSec)}` +
      `, card's count right on ${countedRight}/${counted.length} films (off by ${countOff} plays in all)`,
  );
}

/** Films made from still photos with no sport in them (a slow zoom and a fixed frame) and a test pattern. */
async function noSportFilms(): Promise<{ name: string; path: string }[]> {
  const out: { name: string; path: string }[] = [];
  const make = async (name: string, args: string[]): Promise<void> => {
    const encode = ['-t', '10', '-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'];
    try {
      out.push({
        name,
        path: await cachedFfmpegFilm(`${name}.mp4`, [...args, ...encode], cacheDir),
      });
    } catch {
      // A film ffmpeg cannot make here is left out of the table.
    }
  };
  await make('pattern-testsrc2', ['-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=25']);
  if (sharedMedia) {
    for (const photo of ['bus.jpg', 'zidane.jpg']) {
      const input = join(sharedMedia, 'frames', photo);
      const even = 'scale=trunc(iw/2)*2:trunc(ih/2)*2';
      await make(`still-${photo}`, ['-loop', '1', '-framerate', '25', '-i', input, '-vf', even]);
      await make(`zoom-${photo}`, [
        '-loop',
        '1',
        '-framerate',
        '25',
        '-i',
        input,
        '-vf',
        `${even},zoompan=z='min(zoom+0.0008,1.3)':d=1:s=640x360:fps=25`,
      ]);
    }
  }
  return out;
}

async function main(): Promise<void> {
  await mkdir(cacheDir, { recursive: true });
  const only = process.env.BENCH_ONLY;
  const wanted = (name: string): boolean =>
    !only || only.split(',').some((part) => name.includes(part));
  const seeds = (process.env.BENCH_SEEDS ?? '7').split(',').map(Number);
  const rows: Row[] = [];
  printHeader();
  for (const style of [...STYLE_NAMES, ...HELD_OUT_STYLE_NAMES]) {
    for (const seed of seeds) {
      const name = `${style}-s${seed}`;
      if (!wanted(name)) continue;
      const film = await generateStyledFilm({ style, seed, durationSec: 120, outDir: styledDir });
      const row = await measure(name, style, film.path, film.live);
      if (film.broadcast) row.cutaways = cutawaysKept(film.broadcast, row.segments);
      rows.push(row);
      printRow(row);
    }
  }
  for (const spec of CLASSIC) {
    const name = `classic-${spec.sport}-s${spec.seed}`;
    if (!wanted(name)) continue;
    const film = await generateFilm({ ...spec, width: 640, height: 360, outDir: cacheDir });
    const row = await measure(name, 'classic', film.path, film.live);
    rows.push(row);
    printRow(row);
  }
  const allClips = loadLabelledClips(sharedMedia);
  const clips = allClips.filter((c) => wanted(c.name));
  const realRows: { clip: LabelledClip; row: Row }[] = [];
  for (const clip of clips) {
    const row = await measure(clip.name, 'real', clip.path, clip.live);
    realRows.push({ clip, row });
    rows.push(row);
    printRow(row);
  }
  const gameClips = allClips.filter((c) => c.path.includes('real-clips') && c.confidence !== 'low');
  // Whole real films: every marked clip of the game (no-play, crowd and low-confidence clips
  // included) joined in recording order with hard cuts, as a parent's clips arrive; two halves.
  const recorded = allClips
    .filter((c) => c.path.includes('real-clips'))
    .sort((a, b) => a.name.localeCompare(b.name));
  const halves = [
    recorded.slice(0, Math.ceil(recorded.length / 2)),
    recorded.slice(Math.ceil(recorded.length / 2)),
  ];
  const joinedRows: Row[] = [];
  for (const [k, half] of halves.entries()) {
    const name = `real-game-half-${k + 1}`;
    if (half.length < 2 || !wanted(name)) continue;
    const film = await joinClips(name, half, cacheDir);
    const row = await measure(name, 'real game film', film.path, film.live);
    joinedRows.push(row);
    rows.push(row);
    printRow(row);
  }
  const shifts = (process.env.BENCH_SHIFTS ?? '0.05,0.1,0.15').split(',').filter(Boolean);
  const shiftedTotals: { title: string; rows: Row[] }[] = [];
  for (const shift of wanted('shifted') ? shifts : []) {
    const shifted: Row[] = [];
    for (const clip of gameClips) {
      const { path, live } = await startClipLater(clip, Number(shift), cacheDir);
      const row = await measure(`${clip.name} from ${shift} s`, 'shifted', path, live);
      shifted.push(row);
      rows.push(row);
      printRow(row);
    }
    shiftedTotals.push({ title: `The same clips started ${shift} s later`, rows: shifted });
  }
  const reencodedTotals: { title: string; rows: Row[] }[] = [];
  const marked = allClips.filter((c) => c.path.includes('real-clips'));
  for (const encoding of wanted('reencoded')
    ? (Object.keys(CLIP_REENCODINGS) as ClipReencoding[])
    : []) {
    const byConfidence = { 'high+medium': [] as Row[], low: [] as Row[] };
    for (const clip of marked) {
      const path = await reencodeClip(clip, encoding, cacheDir);
      const row = await measure(`${clip.name} ${encoding}`, 'reencoded', path, clip.live);
      byConfidence[clip.confidence === 'low' ? 'low' : 'high+medium'].push(row);
      rows.push(row);
      printRow(row);
    }
    for (const [confidence, reencoded] of Object.entries(byConfidence))
      reencodedTotals.push({
        title: `The ${confidence} clips re-encoded ${encoding}`,
        rows: reencoded,
      });
  }
  const noSport = (await noSportFilms()).filter((f) => wanted(f.name));
  const noSportRows: Row[] = [];
  for (const film of noSport) {
    const row = await measure(film.name, 'no-sport clip', film.path, []);
    noSportRows.push(row);
    rows.push(row);
    printRow(row);
  }
  let unmarked: string[] = [];
  if (sharedMedia) {
    const videoDir = join(sharedMedia, 'video');
    const marked = new Set(clips.map((c) => c.path));
    unmarked = (await readdir(videoDir)).filter(
      (f) => /\.(mp4|mov|mkv|webm|gif)$/i.test(f) && !marked.has(join(videoDir, f)) && wanted(f),
    );
    for (const file of unmarked) {
      const row = await measure(file, 'unmarked', join(videoDir, file), null);
      rows.push(row);
      printRow(row);
    }
  }

  printTotal('Whole real game films (all clips joined in recording order, two halves)', joinedRows);
  for (const row of joinedRows) printTotal(`  ${row.name}`, [row]);
  console.log(
    '\nStyled films, seeds never trained on (styles never trained on: npm run train:inactivity):',
  );
  for (const style of STYLE_NAMES)
    printTotal(
      `  ${style}`,
      rows.filter((r) => r.group === style),
    );
  printTotal(
    '  all styled films',
    rows.filter((r) => (STYLE_NAMES as readonly string[]).includes(r.group)),
  );
  console.log(
    '\nLooks no model is trained on (the cutaway rule was chosen on broadcast-volleyball seeds 1-6, the replay rule on real footage: npm run probe:replay-repeat):',
  );
  for (const style of HELD_OUT_STYLE_NAMES) {
    printTotal(
      `  ${style}`,
      rows.filter((r) => r.group === style),
    );
    printCutaways(rows.filter((r) => r.group === style));
  }
  printTotal(
    'First generator look',
    rows.filter((r) => r.group === 'classic'),
  );
  const realOf = (test: (c: LabelledClip) => boolean): Row[] =>
    realRows.filter((r) => test(r.clip)).map((r) => r.row);
  printTotal(
    'Real youth football, high+medium',
    realOf((c) => c.path.includes('real-clips') && c.confidence !== 'low'),
  );
  for (const { title, rows: shifted } of shiftedTotals) printTotal(title, shifted);
  for (const { title, rows: reencoded } of reencodedTotals) printTotal(title, reencoded);
  printTotal(
    'Real youth football, low (read the notes)',
    realOf((c) => c.path.includes('real-clips') && c.confidence === 'low'),
  );
  printTotal(
    'Real, own marks (video/)',
    realOf((c) => !c.path.includes('real-clips')),
  );
  for (const { clip, row } of realRows.filter(
    (r) =>
      r.clip.kind === 'rally' ||
      r.clip.live.some((s) => s.start === 0 && s.end >= r.clip.durationSec - 0.05),
  )) {
    const kept = intersectionLength(clip.live, row.segments);
    const live = clip.live.reduce((a, s) => a + s.end - s.start, 0);
    console.log(`All-live ${clip.name}: ${pct(kept, live)} of its live play kept`);
  }
  for (const { clip, row } of realRows.filter((r) => r.clip.live.length === 0))
    console.log(
      `No play in ${clip.name}: kept ${row.keptSec.toFixed(1)} s (${row.keptSec <= 1.5 ? 'within' : 'over'} the 1.5 s a clip without a play may keep)`,
    );
  for (const row of noSportRows)
    console.log(
      `No sport ${row.name}: ${row.segments.length === 0 ? 'no play found' : `kept ${row.keptSec.toFixed(1)} s`}`,
    );
  const sum = (f: (r: Row) => number): number => rows.reduce((a, r) => a + f(r), 0);
  console.log(
    `\nSpeed over ${rows.length} films (${sum((r) => r.durationSec).toFixed(0)} s): analysis wall ${(sum((r) => r.analysisSec) / sum((r) => r.durationSec)).toFixed(3)}x ` +
      `film length, CPU ${(sum((r) => r.cpuSec) / sum((r) => r.durationSec)).toFixed(3)}x film length (ours + ffmpeg, 2 cores), ` +
      `${(sum((r) => r.analysisSec) / sum((r) => r.decodeSec)).toFixed(2)}x a plain ffmpeg decode; ` +
      `peak RSS of this process ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
