import { describe, expect, it, vi } from 'vitest';
import { lyingHeaderFilm, scrambledFilm, truncatedFilm } from '@filmroom/test-media';
import { inactivityCommand } from '../engines/inactivity/inactivity-command.js';
import { trackCommand } from '../engines/tracking/track-command.js';
import { readFrames } from './frame-reader.js';
import { MediaError } from './media-error.js';
import { probeVideo } from './probe.js';

async function framesOf(film: string, fps: number): Promise<number> {
  let count = 0;
  for await (const frame of readFrames({ input: film, fps, width: 64 })) {
    void frame;
    count++;
  }
  return count;
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  try {
    await promise;
    return undefined;
  } catch (error) {
    return error instanceof MediaError ? error.code : String(error);
  }
}

describe('a film is taken for what it holds, not what its header declares', () => {
  it('a 3-s clip whose headers declare 136 years is 3 s long, and decodes as 3 s', async () => {
    const film = await lyingHeaderFilm(false);
    const info = await probeVideo(film);
    expect(info.declaredDurationSec).toBe(0xffffffff);
    expect(info.durationSec).toBeCloseTo(3, 1);
    expect(info.video?.frameCount).toBe(45);
    // at 2 frames a second: 6 frames, not millions of copies
    expect(await framesOf(film, 2)).toBeLessThanOrEqual(8);
  });

  it('a clip whose packets claim to be minutes apart is refused as damaged timing', async () => {
    const film = await lyingHeaderFilm(true);
    expect(await codeOf(probeVideo(film))).toBe('BAD_TIMING');
    expect(await codeOf(framesOf(film, 2))).toBe('BAD_TIMING');
  });

  it('an upload cut off halfway is as long as what arrived', async () => {
    const info = await probeVideo(await truncatedFilm());
    expect(info.declaredDurationSec).toBe(20);
    expect(info.durationSec).toBeGreaterThan(7);
    expect(info.durationSec).toBeLessThan(13);
  });

  it('a film of which no picture decodes fails as having none, not as a crash', async () => {
    expect(await codeOf(framesOf(await scrambledFilm(), 2))).toBe('EMPTY');
  });

  it.each([
    ['track', trackCommand],
    ['inactivity', inactivityCommand],
  ])('scout-vision %s ends at once on the crafted film, saying why', async (_name, command) => {
    const film = await lyingHeaderFilm(true);
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const code = await command.run([film, '--json', `${film}.json`, '--quiet']);
    const written = stderr.mock.calls.map((c) => String(c[0])).join('');
    stderr.mockRestore();
    expect(code).toBe(2);
    expect(written).toContain('timing is damaged');
  });
});
