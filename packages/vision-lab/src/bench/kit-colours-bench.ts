/**
 * Kit colours named as a person names them: the team names Player Tracking gives (the Select Players
 * dialog's words, `colourName` of each team's primary colour) against the names a person gave, on
 * the labelled real frames (fold A tuned on, fold B held out), the real clips (labelled by eye, held
 * out) and synthetic films shot under coloured lights (named from the kits they were made with).
 * Run with `npm run bench:kit-colours` (nice it on a shared machine); the argument `frames`, `clips`
 * or `synth` runs one part. `KIT_FILMS_DIR` points the synthetic part at films already rendered;
 * `KIT_DUMP=file.json` writes each film's teams there, and `KIT_RESCORE=file.json` names a dump's
 * teams again without running the engine (for a change to the naming alone).
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { colourName } from '@filmroom/contract';
import { CenterNetDetector, NumberRecognizer } from '@filmroom/vision/perception';
import { ffmpegPath, runProcess } from '@filmroom/vision/media';
import { analyseTracking, type TrackingTeam } from '@filmroom/vision/tracking';
import { findSharedMedia } from '@filmroom/test-media';
import { cachedSynthFilm, synthCacheDir } from '../synth-tracking/render-synth-film.js';
import { LIT_KITS } from '../synth-tracking/scenarios.js';
import { foldOf, readRealFrameLabels } from './real-frames.js';

/** One team as a person named it: the names that count as right, and its numbers (for pairing). */
interface NamedTeam {
  label: string;
  accepted: string[];
  numbers: number[];
}

interface Film {
  name: string;
  group: string;
  path: string;
  teams: NamedTeam[];
}

/** The names a label accepts: "red-orange" either, "royal blue" blue, "dark green/black" any. */
export function acceptedNames(label: string): string[] {
  const words: Record<string, string[]> = {
    'royal blue': ['blue'],
    'dark navy': ['navy'],
    'dark blue': ['navy', 'blue'],
    'dark green': ['dark green', 'green'],
  };
  return label
    .split('(')[0]!
    .split(/[-/]/)
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '')
    .flatMap((part) => words[part] ?? [part]);
}

/**
 * Pairs the engine's teams with the named ones, first by the numbers they share, then by name; each
 * named team is right when its engine team's name is one it accepts.
 */
export function scoreNames(
  named: readonly NamedTeam[],
  engine: readonly TrackingTeam[],
): boolean[] {
  const free = new Set(engine.map((_, i) => i));
  const pairOf = new Map<number, number>();
  named.forEach((t, i) => {
    const shared = engine
      .map((e, j) => ({ j, n: e.players.filter((p) => t.numbers.includes(p)).length }))
      .filter((s) => s.n > 0 && free.has(s.j))
      .sort((a, b) => b.n - a.n)[0];
    if (shared) {
      pairOf.set(i, shared.j);
      free.delete(shared.j);
    }
  });
  named.forEach((t, i) => {
    if (pairOf.has(i)) return;
    const j = [...free].find((k) => t.accepted.includes(colourName(engine[k]!.primaryColor)));
    if (j !== undefined) {
      pairOf.set(i, j);
      free.delete(j);
    }
  });
  return named.map((t, i) => {
    const j = pairOf.get(i);
    return j !== undefined && t.accepted.includes(colourName(engine[j]!.primaryColor));
  });
}

function cacheDir(): string {
  return fileURLToPath(new URL('../../.cache/real-frames/', import.meta.url));
}

/** A 3-s still film of one frame, as the tracking bench makes them (shared cache). */
async function stillFilm(image: string, name: string): Promise<string> {
  const out = join(cacheDir(), `${name}.still3s.mp4`);
  if (existsSync(out)) return out;
  await mkdir(cacheDir(), { recursive: true });
  const args = ['-v', 'error', '-y', '-loop', '1', '-i', image, '-t', '3', '-r', '25'];
  const encode = ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '14', '-tune', 'stillimage'];
  const result = await runProcess(ffmpegPath(), [
    ...args,
    '-vf',
    'scale=trunc(iw/2)*2:trunc(ih/2)*2',
    ...encode,
    '-pix_fmt',
    'yuv420p',
    out,
  ]);
  if (result.code !== 0) throw new Error(`ffmpeg failed on ${image}: ${result.stderr}`);
  return out;
}

async function realFrameFilms(media: string): Promise<Film[]> {
  const dir = join(media, 'real-frames');
  const frames = await readRealFrameLabels(dir);
  const films: Film[] = [];
  for (const frame of frames) {
    // a libero is one player in another colour, and an absent team has no colour to name
    const teams = frame.teams
      .filter((t) => !t.libero && !/not visible/.test(t.colour))
      .map((t) => ({ label: t.colour, accepted: acceptedNames(t.colour), numbers: t.numbers }));
    films.push({
      name: frame.file,
      group: `real frames, fold ${foldOf(frame, frames)}${foldOf(frame, frames) === 'A' ? ' (tuned on)' : ' (held out)'}`,
      path: await stillFilm(join(dir, 'frames', frame.file), frame.file),
      teams,
    });
  }
  return films;
}

/** The real clips' teams, named by eye from their frames (the basketball drill has no teams). */
const CLIP_TEAMS: Record<string, string[]> = {
  'amfb_dhingratul_clip1.mp4': ['white (crimson trim)', 'orange (white pants)'],
  'soccer_dhruvil_football.mp4': ['white', 'blue/black (stripes)'],
  'soccer_paulobruno_sp_gol_1.mp4': ['red/black (stripes)', 'white'],
  'volleyball_ovideo_katsbeds.mp4': ['navy', 'yellow (black shorts)'],
};

function clipFilms(media: string): Film[] {
  return Object.entries(CLIP_TEAMS).map(([file, labels]) => ({
    name: file,
    group: 'real clips (held out)',
    path: join(media, 'video', file),
    teams: labels.map((label) => ({ label, accepted: acceptedNames(label), numbers: [] })),
  }));
}

/** The kits' colours as a person names them. */
const KIT_NAMES: Record<string, string> = {
  '#f2d000': 'yellow',
  '#1f2a55': 'navy',
  '#c8102e': 'red',
  '#f4f4f4': 'white',
};

async function synthFilms(): Promise<Film[]> {
  const dir = process.env.KIT_FILMS_DIR ?? synthCacheDir();
  let detector: CenterNetDetector | undefined;
  const films: Film[] = [];
  try {
    for (const scenario of LIT_KITS) {
      const { videoPath, truth } = await cachedSynthFilm(
        scenario,
        async () => (detector ??= await CenterNetDetector.create()),
        dir,
      );
      films.push({
        name: `${scenario.name} ${scenario.lighting}`,
        group: `synthetic, ${scenario.lighting}`,
        path: videoPath,
        teams: (['A', 'B'] as const).map((letter) => {
          const name = KIT_NAMES[truth.kits[letter].primary] ?? '?';
          return {
            label: name,
            accepted: [name],
            numbers: truth.players
              .filter((p) => p.teamLetter === letter && p.number !== null)
              .map((p) => p.number!),
          };
        }),
      });
    }
  } finally {
    await detector?.close();
  }
  return films;
}

/** One film's result: what a person named and the engine's teams. */
interface FilmResult {
  film: string;
  group: string;
  named: NamedTeam[];
  teams: TrackingTeam[];
}

/** Prints the films' rows as they come and, at the end, the share named right per part. */
class NamesTable {
  private readonly totals = new Map<string, { right: number; all: number }>();

  constructor() {
    console.log(
      '| film | labelled | engine: primary / secondary name, primary, [numbers] | right |',
    );
    console.log('| --- | --- | --- | --- |');
  }

  add(r: FilmResult): void {
    const right = scoreNames(r.named, r.teams);
    const t = this.totals.get(r.group) ?? { right: 0, all: 0 };
    t.right += right.filter(Boolean).length;
    t.all += right.length;
    this.totals.set(r.group, t);
    const engine = r.teams
      .map(
        (e) =>
          `${colourName(e.primaryColor)} / ${colourName(e.secondaryColor)} ${e.primaryColor} [${e.players.join(',')}]`,
      )
      .join('; ');
    const labels = r.named.map((x) => x.label).join('; ');
    console.log(
      `| ${r.film} | ${labels} | ${engine} | ${right.filter(Boolean).length}/${right.length} |`,
    );
  }

  finish(): void {
    console.log('\n| part | teams named right |\n| --- | --- |');
    for (const [group, t] of [...this.totals].sort(([a], [b]) => a.localeCompare(b))) {
      console.log(`| ${group} | ${t.right}/${t.all} (${((100 * t.right) / t.all).toFixed(0)}%) |`);
    }
  }
}

async function main(): Promise<void> {
  const rescore = process.env.KIT_RESCORE;
  if (rescore) {
    // the names again from a dump, without the engine: for a change to the naming alone
    const table = new NamesTable();
    for (const r of JSON.parse(await readFile(rescore, 'utf8')) as FilmResult[]) table.add(r);
    table.finish();
    return;
  }
  const media = findSharedMedia();
  const only = process.argv[2];
  const films: Film[] = [];
  if (media && (!only || only === 'frames')) films.push(...(await realFrameFilms(media)));
  if (media && (!only || only === 'clips')) films.push(...clipFilms(media));
  if (!only || only === 'synth') films.push(...(await synthFilms()));
  if (!media) console.log('The shared media folder was not found: synthetic films only.');
  const recognizer = await NumberRecognizer.create();
  const table = new NamesTable();
  const dump: FilmResult[] = [];
  try {
    for (const film of films) {
      const analysis = await analyseTracking(film.path, { recognizer });
      const result = {
        film: film.name,
        group: film.group,
        named: film.teams,
        teams: analysis.teams,
      };
      dump.push(result);
      table.add(result);
    }
  } finally {
    await recognizer.close();
    if (process.env.KIT_DUMP) await writeFile(process.env.KIT_DUMP, JSON.stringify(dump));
  }
  table.finish();
}

await main();
