import { execFile } from 'node:child_process';
import { copyFile, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';

const execFileAsync = promisify(execFile);

/**
 * A real game clip from the shared media (`../shared/media/video/<file>`), read by path: `path` is
 * null (and `title` says why) when this clone has none, so the test skips.
 */
export function realClip(file: string, title: string): { path: string | null; title: string } {
  const media = sharedMediaForTests(`video/${file}`);
  return { path: media.path, title: withSkipReason(title, media) };
}

/** A temporary copy of a real clip under the name it is uploaded as (the title it gets). */
export async function realClipAs(clip: string, name: string): Promise<string> {
  const copy = path.join(await mkdtemp(path.join(tmpdir(), 'filmroom-e2e-real-')), name);
  await copyFile(clip, copy);
  return copy;
}

/**
 * Two plays of a real clip with 8 s of dead time between them (the last picture held, silent), as
 * game film has between snaps: the Inactivity Filter keeps two plays. The second is the clip
 * mirrored, so that it is another play and not a replay of the first (the filter cuts pictures the
 * film has shown before). With `loops`, the first part plays the clip that many more times (a longer
 * film). Written to a temporary folder.
 */
export async function twoPlaysFrom(clip: string, name: string, loops = 0): Promise<string> {
  const output = path.join(await mkdtemp(path.join(tmpdir(), 'filmroom-e2e-plays-')), name);
  const graph =
    '[0:v]scale=640:360,setsar=1,tpad=stop_mode=clone:stop_duration=8[v0];[0:a]apad=pad_dur=8[a0];' +
    '[1:v]scale=640:360,setsar=1,hflip[v1];[v0][a0][v1][1:a]concat=n=2:v=1:a=1[v][a]';
  await execFileAsync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-v', 'error', '-y', '-stream_loop', String(loops), '-i', clip, '-i', clip],
    ...['-filter_complex', graph],
    ...['-map', '[v]', '-map', '[a]', '-r', '30000/1001'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-c:a', 'aac', output],
  ]);
  return output;
}

/**
 * The first picture of a real clip held still and silent for `seconds`: a real-looking film with no
 * live play in it, so the Inactivity Filter fails on it. Written to a temporary folder.
 */
export async function stillFrom(clip: string, name: string, seconds = 12): Promise<string> {
  const output = path.join(await mkdtemp(path.join(tmpdir(), 'filmroom-e2e-still-')), name);
  await execFileAsync(process.env.FFMPEG_PATH ?? 'ffmpeg', [
    ...['-v', 'error', '-y', '-i', clip, '-f', 'lavfi', '-i', 'anullsrc=r=44100:cl=stereo'],
    ...[
      '-filter_complex',
      `[0:v]scale=640:360,setsar=1,trim=end_frame=1,tpad=stop_mode=clone:stop_duration=${seconds}[v]`,
    ],
    ...['-map', '[v]', '-map', '1:a', '-t', String(seconds), '-r', '30000/1001'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-c:a', 'aac', output],
  ]);
  return output;
}
