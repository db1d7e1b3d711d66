import { access, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ffmpegPath } from '../media/ffmpeg-paths.js';
import { MediaError } from '../media/media-error.js';
import { runProcess } from '../media/run-process.js';

/** Small clips made with ffmpeg's own sources, for tests of the media layer and of bad input. */
export type TestClipKind = 'pattern' | 'silent-pattern' | 'still' | 'empty' | 'not-video';

async function exists(path: string): Promise<boolean> {
  try {
    await access(path);
    return true;
  } catch {
    return false;
  }
}

/** Creates (once, cached in `dir`) a clip of the given kind and returns its path. */
export async function makeTestClip(
  dir: string,
  kind: TestClipKind,
  durationSec = 10,
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const ext = kind === 'not-video' ? 'txt' : 'mp4';
  const path = join(dir, `${kind}-${durationSec}s.${ext}`);
  if (await exists(path)) return path;
  if (kind === 'not-video') {
    await writeFile(path, 'This is a text file, not a video.\n');
    return path;
  }
  const video = kind === 'still' ? `color=c=0x2f7a35:s=320x180:r=25` : `testsrc2=s=320x180:r=25`;
  const args = ['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', video];
  const withAudio = kind === 'pattern' || kind === 'still';
  if (withAudio) args.push('-f', 'lavfi', '-i', 'sine=frequency=440:sample_rate=48000');
  if (kind === 'empty') args.push('-frames:v', '0');
  else args.push('-t', String(durationSec));
  args.push('-c:v', 'libx264', '-preset', 'ultrafast', '-g', '25', '-pix_fmt', 'yuv420p');
  if (withAudio) args.push('-c:a', 'aac', '-shortest');
  const temp = `${path}.part.mp4`;
  args.push(temp);
  const result = await runProcess(ffmpegPath(), args);
  if (result.code !== 0)
    throw new MediaError('FFMPEG_FAILED', 'Could not make a test clip.', result.stderr);
  await rename(temp, path);
  return path;
}
