import { type Segment, probeVideo } from '@filmroom/vision/media';
import { cachedFfmpegFilm } from '@filmroom/test-media';
import type { LabelledClip } from './real-labels.js';

/*
 * Variants of the marked real clips that the benchmark and the trainer score the filter on: the
 * clips joined into one game film, and each clip started a little later.
 */

/** One film made of marked clips played one after another, with their marks moved along. */
export interface JoinedFilm {
  path: string;
  live: Segment[];
  durationSec: number;
}

/**
 * Joins marked clips, in the order given, into one 1280x720 30 fps film with hard cuts between them:
 * how a coach's game film assembled from phone clips looks. A film this long is decoded with its own
 * levels (0012), which no single clip is, and every window of context reaches across the cuts.
 * Every clip must carry sound.
 */
export async function joinClips(
  name: string,
  clips: LabelledClip[],
  dir: string,
): Promise<JoinedFilm> {
  const live: Segment[] = [];
  const inputs: string[] = [];
  const parts: string[] = [];
  let offset = 0;
  for (const [k, clip] of clips.entries()) {
    // The file's own length (the marks' duration column is rounded), so the marks stay in place.
    const durationSec = (await probeVideo(clip.path)).durationSec;
    inputs.push('-i', clip.path);
    parts.push(
      `[${k}:v]scale=1280:720,setsar=1,fps=30,trim=duration=${durationSec},setpts=PTS-STARTPTS[v${k}]`,
      `[${k}:a]aresample=44100,aformat=channel_layouts=stereo,atrim=duration=${durationSec},asetpts=PTS-STARTPTS[a${k}]`,
    );
    for (const s of clip.live) live.push({ start: offset + s.start, end: offset + s.end });
    offset += durationSec;
  }
  const streams = clips.map((_, k) => `[v${k}][a${k}]`).join('');
  const graph = `${parts.join(';')};${streams}concat=n=${clips.length}:v=1:a=1[v][a]`;
  const path = await cachedFfmpegFilm(
    `${name}.mp4`,
    [
      ...inputs,
      '-filter_complex',
      graph,
      '-map',
      '[v]',
      '-map',
      '[a]',
      '-c:v',
      'libx264',
      '-crf',
      '20',
      '-preset',
      'veryfast',
      '-c:a',
      'aac',
    ],
    dir,
  );
  return { path, live, durationSec: offset };
}

/**
 * A marked clip started `shiftSec` later (re-encoded), with its marks moved along: every frame the
 * analysis samples moves, nothing else does.
 */
export async function startClipLater(
  clip: LabelledClip,
  shiftSec: number,
  dir: string,
): Promise<{ path: string; live: Segment[] }> {
  const path = await cachedFfmpegFilm(
    `${clip.name.replace(/\.\w+$/, '')}-from-${shiftSec}.mp4`,
    [
      '-ss',
      String(shiftSec),
      '-i',
      clip.path,
      '-c:v',
      'libx264',
      '-crf',
      '18',
      '-preset',
      'veryfast',
    ],
    dir,
  );
  const live = clip.live
    .map((s) => ({ start: Math.max(0, s.start - shiftSec), end: s.end - shiftSec }))
    .filter((s) => s.end > s.start);
  return { path, live };
}
