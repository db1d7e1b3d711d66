import { randomUUID } from 'node:crypto';
import { access, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { testClip, testFilmDir } from './ffmpeg-films.js';

/**
 * Films damaged as an attacker or a broken phone would damage them: headers that lie about their
 * length, uploads cut off halfway, pictures scrambled. Each is made from a test clip, once, and kept
 * beside the other test films.
 */

/** Writes `bytes` as `name` in the test film folder (aside and renamed), unless it is there already. */
async function keep(name: string, make: () => Promise<Buffer>): Promise<string> {
  const dir = testFilmDir();
  const path = join(dir, name);
  try {
    await access(path);
    return path;
  } catch {
    // not made yet
  }
  await mkdir(dir, { recursive: true });
  const partial = join(dir, `${randomUUID()}.partial.mp4`);
  await writeFile(partial, await make());
  await rename(partial, path);
  return path;
}

/** Every box of an MP4 named `type` (searched inside moov, trak and mdia), as [start, size]. */
function boxes(data: Buffer, type: string, start = 0, end = data.length): [number, number][] {
  const found: [number, number][] = [];
  for (let at = start; at + 8 <= end;) {
    const size = data.readUInt32BE(at);
    if (size < 8 || at + size > end) break;
    const name = data.toString('latin1', at + 4, at + 8);
    if (name === type) found.push([at, size]);
    if (name === 'moov' || name === 'trak' || name === 'mdia') {
      found.push(...boxes(data, type, at + 8, at + size));
    }
    at += size;
  }
  return found;
}

const LONGEST_DURATION = 0xffffffff;

/**
 * A 3-s clip whose movie header (`mvhd`) and track headers (`tkhd`) declare a timescale of 1 and a
 * duration of 2^32 - 1 seconds (136 years). With `packetsToo`, the media headers (`mdhd`) say the
 * same, so every packet's time lies as well: its 45 frames claim to be about 12 minutes apart.
 */
export function lyingHeaderFilm(packetsToo: boolean): Promise<string> {
  return keep(`lying-header${packetsToo ? '-packets' : ''}.mp4`, async () => {
    const data = Buffer.from(await readFile(await testClip({ seconds: 3, audio: false })));
    const version0 = ([at]: [number, number]) => data[at + 8] === 0;
    for (const [at] of boxes(data, 'mvhd').filter(version0)) {
      data.writeUInt32BE(1, at + 20);
      data.writeUInt32BE(LONGEST_DURATION, at + 24);
    }
    for (const [at] of boxes(data, 'tkhd').filter(version0)) {
      data.writeUInt32BE(LONGEST_DURATION, at + 28);
    }
    if (packetsToo) {
      for (const [at] of boxes(data, 'mdhd').filter(version0)) {
        data.writeUInt32BE(1, at + 20);
        data.writeUInt32BE(LONGEST_DURATION, at + 24);
      }
    }
    return data;
  });
}

/** A 20-s clip (index first) cut off after half its bytes: the header still declares 20 s. */
export function truncatedFilm(): Promise<string> {
  return keep('truncated-20s.mp4', async () => {
    const data = await readFile(await testClip({ seconds: 20, keyframeEverySec: 2 }));
    return data.subarray(0, Math.floor(data.length / 2));
  });
}

/** A 6-s clip whose header is intact and whose picture data is noise: nothing in it decodes. */
export function scrambledFilm(): Promise<string> {
  return keep('scrambled-6s.mp4', async () => {
    const data = Buffer.from(await readFile(await testClip({ seconds: 6, audio: false })));
    const [mdat] = boxes(data, 'mdat');
    if (!mdat) throw new Error('The test clip has no mdat box.');
    // the same noise every time (a linear congruential sequence), so the cached film never changes
    let state = 11;
    for (let i = mdat[0] + 8; i < mdat[0] + mdat[1]; i++) {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0;
      data[i] = state >>> 24;
    }
    return data;
  });
}
