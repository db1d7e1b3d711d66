import { cachedFfmpegFilm } from './ffmpeg-films.js';

/**
 * How the same game could reach the filter from another phone or a re-upload: smaller and more
 * compressed than the marked clips as recorded (1080p, about 17 Mbps), or without its sound. The
 * marks do not move.
 */
export const CLIP_REENCODINGS = {
  '1080p-crf32': ['-c:v', 'libx264', '-crf', '32', '-preset', 'veryfast', '-c:a', 'copy'],
  '480p-crf32': [
    '-vf',
    'scale=854:480',
    '-c:v',
    'libx264',
    '-crf',
    '32',
    '-preset',
    'veryfast',
    '-c:a',
    'aac',
    '-b:a',
    '64k',
  ],
  '360p-crf26': [
    '-vf',
    'scale=640:360',
    '-c:v',
    'libx264',
    '-crf',
    '26',
    '-preset',
    'veryfast',
    '-c:a',
    'copy',
  ],
  'no-sound': ['-c:v', 'copy', '-an'],
} as const satisfies Record<string, readonly string[]>;

export type ClipReencoding = keyof typeof CLIP_REENCODINGS;

/** A clip re-encoded one of the CLIP_REENCODINGS ways (cached in `dir`). */
export function reencodeClip(
  clip: { name: string; path: string },
  encoding: ClipReencoding,
  dir: string,
): Promise<string> {
  return cachedFfmpegFilm(
    `${clip.name.replace(/\.\w+$/, '')}-${encoding}.mp4`,
    ['-i', clip.path, ...CLIP_REENCODINGS[encoding]],
    dir,
  );
}
