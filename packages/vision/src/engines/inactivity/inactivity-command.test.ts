import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { generatedFilm, notAVideo } from '@filmroom/test-media';
import { inactivityCommand } from './inactivity-command.js';

const dir = resolve(import.meta.dirname, '../../../.cache/test-media');
mkdirSync(dir, { recursive: true });

describe('scout-vision inactivity', () => {
  it('writes durationSec, segments, keptSec and timings to the --json file', async () => {
    const film = await generatedFilm('volleyball-60s');
    const json = resolve(dir, 'cli-result.json');
    const code = await inactivityCommand.run([film.path, '--json', json, '--quiet']);
    expect(code).toBe(0);
    const result = JSON.parse(await readFile(json, 'utf8')) as Record<string, unknown>;
    expect(Object.keys(result).sort()).toEqual(['durationSec', 'keptSec', 'segments', 'timings']);
    const segments = result.segments as Record<string, unknown>[];
    expect(segments.length).toBeGreaterThan(0);
    // Every kept segment says how sure the filter is and what decided it.
    for (const segment of segments) {
      expect(segment).toEqual({
        start: expect.any(Number),
        end: expect.any(Number),
        confidence: expect.any(Number),
        decidedBy: expect.arrayContaining([expect.any(String)]),
        startedBy: expect.any(String),
        endedBy: expect.any(String),
      });
      expect(segment.confidence).toBeGreaterThan(0);
      expect(segment.confidence).toBeLessThanOrEqual(1);
    }
    expect(result.timings).toEqual({ analysisSec: expect.any(Number), renderSec: 0 });
  });

  it('explains a bad input and exits with a non-zero code', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const code = await inactivityCommand.run([
      await notAVideo(),
      '--json',
      resolve(dir, 'x.json'),
      '--quiet',
    ]);
    const written = stderr.mock.calls.map((c) => String(c[0])).join('');
    stderr.mockRestore();
    expect(code).toBe(2);
    expect(written).toContain('not a video');
  });

  it('shows usage when --json is missing', async () => {
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const code = await inactivityCommand.run(['film.mp4']);
    stderr.mockRestore();
    expect(code).toBe(64);
  });
});
