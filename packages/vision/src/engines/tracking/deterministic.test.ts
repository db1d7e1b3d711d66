import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { sharedMediaForTests, withSkipReason } from '@filmroom/test-media';
import { analyseTracking } from './analyse-tracking.js';
import type { TrackingAnalysis } from './tracking-types.js';

const run = promisify(execFile);
const LAUNCHER = fileURLToPath(new URL('../../../bin/scout-vision.js', import.meta.url));
const clip = sharedMediaForTests('video/amfb_dhingratul_clip1.mp4');

/** The analysis without its timings (the only part that may differ between runs). */
function withoutTimings(analysis: TrackingAnalysis): Omit<TrackingAnalysis, 'timings'> {
  const { timings: _timings, ...rest } = analysis;
  return rest;
}

describe.skipIf(!clip.path)(withSkipReason('tracking the same film twice', clip), () => {
  it('gives the same teams, players and paths on every run, with reading on its own thread or not', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'track-twice-'));
    try {
      // the built CLI: detection and number reading on worker threads, answering in any order
      const runs: Omit<TrackingAnalysis, 'timings'>[] = [];
      for (const name of ['first', 'second']) {
        const json = join(dir, `${name}.json`);
        await run(process.execPath, [LAUNCHER, 'track', clip.path!, '--json', json, '--quiet']);
        runs.push(withoutTimings(JSON.parse(await readFile(json, 'utf8')) as TrackingAnalysis));
      }
      expect(runs[1]).toEqual(runs[0]);
      // these sources: everything on this thread, one read after the other
      const inLine = withoutTimings(await analyseTracking(clip.path!));
      expect(JSON.parse(JSON.stringify(inLine))).toEqual(runs[0]);
      expect(runs[0]!.stats.tracks).toBeGreaterThan(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 300_000);
});
