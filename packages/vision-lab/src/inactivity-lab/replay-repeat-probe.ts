import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedFfmpegFilm, findSharedMedia } from '@filmroom/test-media';
import { joinClips } from './clip-variants.js';
import { loadLabelledClips } from './real-labels.js';
import { runInactivityFilter, scoreSegments } from '@filmroom/vision/inactivity';
import { ffmpegPath, probeVideo, runProcess, type Segment } from '@filmroom/vision/media';

/**
 * Probe: is a broadcast's replay from the main camera a repeat of pictures the film has already
 * shown? A film is joined from real footage: a real volleyball rally from a league's fixed end-line
 * camera (`volleyball_ovideo_katsbeds.mp4`, all live), real photographs as close-ups, and the
 * rally's end again slowed to half speed (motion-interpolated, as a fast camera's replay would give
 * new in-between pictures rather than copies). The mirrored rally stands for a second rally. The
 * shipped filter decides the film; then every analysis frame (5 a second, 32 x 18 grey) is compared
 * with the frames at least `GAP_SEC` before it, and the nearest distance is reported per part.
 */
const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const dir = join(packageDir, '.cache', 'replay-probe');
const GAP_SEC = 5;
const FPS = 5;
const W = 32;
const H = 18;

type Part =
  | { kind: 'rally' | 'replay'; from: number; to: number; flip: boolean; speed: number }
  | { kind: 'close-up'; photo: string; sec: number };

const PARTS: Part[] = [
  { kind: 'rally', from: 0, to: 15.8, flip: false, speed: 1 },
  { kind: 'close-up', photo: 'right_attack.jpg', sec: 3 },
  { kind: 'replay', from: 9, to: 14, flip: false, speed: 0.5 },
  { kind: 'close-up', photo: 'logantomjumpservingagainstserbiaphotobydanielcoomber.jpg', sec: 2.5 },
  { kind: 'rally', from: 0, to: 15.8, flip: true, speed: 1 },
  { kind: 'close-up', photo: 'modena_court.jpg', sec: 2 },
  { kind: 'replay', from: 4, to: 9, flip: true, speed: 0.5 },
  { kind: 'close-up', photo: 'right_attack.jpg', sec: 2 },
];

/** Each part as a file of its own (1280x720, 30 fps, no sound), then joined; with each part's length. */
async function makeFilm(media: string): Promise<{ path: string; lengths: number[] }> {
  const rally = join(media, 'video', 'volleyball_ovideo_katsbeds.mp4');
  const parts: string[] = [];
  const lengths: number[] = [];
  for (const [k, p] of PARTS.entries()) {
    const out = (vf: string, input: string[]): Promise<string> =>
      cachedFfmpegFilm(
        `part-${k}.mp4`,
        [
          ...input,
          '-vf',
          `${vf},scale=1280:720,setsar=1,fps=30,format=yuv420p`,
          '-an',
          '-c:v',
          'libx264',
          '-crf',
          '20',
        ],
        dir,
      );
    const path =
      p.kind === 'close-up'
        ? await out(
            `scale=1280:720:force_original_aspect_ratio=increase,crop=1280:720,zoompan=z='min(zoom+0.002,1.3)':d=1:s=1280x720:fps=30`,
            [
              '-loop',
              '1',
              '-framerate',
              '30',
              '-t',
              String(p.sec),
              '-i',
              join(media, 'frames', 'volleyball', p.photo),
            ],
          )
        : await out(
            [
              'setpts=PTS-STARTPTS',
              ...(p.flip ? ['hflip'] : []),
              ...(p.speed < 1
                ? [`setpts=PTS/${p.speed}`, 'minterpolate=fps=30:mi_mode=mci:mc_mode=aobmc']
                : []),
            ].join(','),
            ['-ss', String(p.from), '-to', String(p.to), '-i', rally],
          );
    parts.push(path);
    lengths.push((await probeVideo(path)).durationSec);
  }
  const list = join(dir, 'parts.txt');
  await writeFile(list, parts.map((f) => `file '${f}'`).join('\n'));
  const path = await cachedFfmpegFilm(
    'broadcast-composite.mp4',
    ['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy'],
    dir,
  );
  return { path, lengths };
}

async function thumbnails(path: string): Promise<Uint8Array> {
  const raw = join(dir, 'thumbnails.gray');
  const vf = `fps=${FPS},scale=${W}:${H},format=gray`;
  const result = await runProcess(ffmpegPath(), [
    '-v',
    'error',
    '-y',
    '-i',
    path,
    '-vf',
    vf,
    '-f',
    'rawvideo',
    raw,
  ]);
  if (result.code !== 0) throw new Error(result.stderr);
  return new Uint8Array(await readFile(raw));
}

/** Mean absolute difference of two thumbnails, each taken from its own mean brightness. */
function distance(t: Uint8Array, a: number, b: number): number {
  const n = W * H;
  let ma = 0;
  let mb = 0;
  for (let i = 0; i < n; i++) {
    ma += t[a * n + i]!;
    mb += t[b * n + i]!;
  }
  ma /= n;
  mb /= n;
  let d = 0;
  for (let i = 0; i < n; i++) d += Math.abs(t[a * n + i]! - ma - (t[b * n + i]! - mb));
  return d / n;
}

/** Per frame, the distance to the nearest frame at least GAP_SEC before it (Infinity for none). */
function nearestEarlier(thumbs: Uint8Array): Float32Array {
  const count = Math.floor(thumbs.length / (W * H));
  const gap = GAP_SEC * FPS;
  const out = new Float32Array(count).fill(Infinity);
  for (let i = gap; i < count; i++)
    for (let j = 0; j + gap <= i; j++) out[i] = Math.min(out[i]!, distance(thumbs, i, j));
  return out;
}

function quantile(values: number[], q: number): number {
  const s = [...values].sort((x, y) => x - y);
  return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * q))]! : NaN;
}

function median(values: number[]): number {
  const s = [...values].sort((x, y) => x - y);
  return s.length ? s[Math.floor(s.length / 2)]! : NaN;
}

async function main(): Promise<void> {
  const media = findSharedMedia();
  if (!media) throw new Error('needs ../shared/media');
  const { path: film, lengths } = await makeFilm(media);
  const live: Segment[] = [];
  const bounds: { part: Part; start: number; end: number }[] = [];
  let t = 0;
  for (const [k, part] of PARTS.entries()) {
    const end = t + lengths[k]!;
    if (part.kind === 'rally') live.push({ start: t, end });
    bounds.push({ part, start: t, end });
    t = end;
  }
  const result = await runInactivityFilter({ input: film });
  const score = scoreSegments(result.segments, live, result.durationSec);
  console.log(
    `film ${result.durationSec.toFixed(1)} s: live kept ${((100 * score.liveKeptSec) / score.liveSec).toFixed(1)}%, ` +
      `dead removed ${((100 * score.deadRemovedSec) / score.deadSec).toFixed(1)}%, plays dropped ${score.playsDropped}/${score.plays}`,
  );
  console.log(
    `kept: ${result.segments.map((s) => `${s.start.toFixed(1)}-${s.end.toFixed(1)}`).join(' ')}`,
  );
  const thumbs = await thumbnails(film);
  const count = Math.floor(thumbs.length / (W * H));
  const nearestAll = nearestEarlier(thumbs);
  console.log(
    '| part | seconds | kept | nearest earlier frame (median, 10th pct) | next frame (median) |',
  );
  console.log('| --- | --- | --- | --- | --- |');
  for (const { part, start, end } of bounds) {
    const nearest: number[] = [];
    const next: number[] = [];
    for (let i = Math.ceil(start * FPS); i < Math.min(count, Math.floor(end * FPS)); i++) {
      if (i + 1 < count) next.push(distance(thumbs, i, i + 1));
      if (Number.isFinite(nearestAll[i]!)) nearest.push(nearestAll[i]!);
    }
    const kept = result.segments.reduce(
      (sum, s) => sum + Math.max(0, Math.min(s.end, end) - Math.max(s.start, start)),
      0,
    );
    console.log(
      `| ${part.kind}${'flip' in part && part.flip ? ' (mirrored)' : ''} | ${start.toFixed(1)}–${end.toFixed(1)} | ` +
        `${((100 * kept) / (end - start)).toFixed(0)}% | ${nearest.length ? `${median(nearest).toFixed(1)}, ${quantile(nearest, 0.1).toFixed(1)}` : '—'} | ${median(next).toFixed(1)} |`,
    );
  }
  await realGame(media);
}

/** The same measure on the whole real game (every marked clip joined in recording order, two halves). */
async function realGame(media: string): Promise<void> {
  const clips = loadLabelledClips(media)
    .filter((c) => c.path.includes('real-clips'))
    .sort((a, b) => a.name.localeCompare(b.name));
  const half = Math.ceil(clips.length / 2);
  console.log(
    '\n| real game | live frames: 1st pct, 10th pct, median | dead frames: 1st pct, 10th pct, median | live frames under 2 |',
  );
  console.log('| --- | --- | --- | --- |');
  for (const [k, part] of [clips.slice(0, half), clips.slice(half)].entries()) {
    const film = await joinClips(
      `real-game-half-${k + 1}`,
      part,
      join(packageDir, '.cache', 'bench'),
    );
    const nearest = nearestEarlier(await thumbnails(film.path));
    const live: number[] = [];
    const dead: number[] = [];
    nearest.forEach((d, i) => {
      if (!Number.isFinite(d)) return;
      const t = (i + 0.5) / FPS;
      (film.live.some((s) => t >= s.start && t < s.end) ? live : dead).push(d);
    });
    const row = (v: number[]): string =>
      [0.01, 0.1, 0.5].map((q) => quantile(v, q).toFixed(1)).join(', ');
    console.log(
      `| half ${k + 1} | ${row(live)} | ${row(dead)} | ${live.filter((d) => d < 2).length} of ${live.length} |`,
    );
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
