import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A short real H.264/AAC MP4 made with ffmpeg; `seconds` and `size` scale the file. */
export function makeTestVideo(name: string, seconds = 4, size = '640x360'): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'filmroom-e2e-media-'));
  const file = path.join(dir, name);
  execFileSync('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${size}:rate=30`,
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=44100',
    '-t',
    String(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-b:v',
    '4M',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
    file,
  ]);
  return file;
}
