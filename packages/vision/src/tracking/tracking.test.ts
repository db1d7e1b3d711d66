import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MediaError } from '../media/media-error.js';
import { analyseTracking } from './analyse-tracking.js';
import { appearancesFromTimes } from './appearances.js';
import { sampledFrameTime } from './sample-time.js';

describe('tracking analysis', () => {
  it('rejects a file that is not a video with a clear error', async () => {
    const path = join(tmpdir(), `not-a-video-${process.pid}.mp4`);
    await writeFile(path, 'this is text, not a film');
    await expect(analyseTracking(path)).rejects.toBeInstanceOf(MediaError);
    await expect(analyseTracking(path)).rejects.toMatchObject({ code: 'NOT_MEDIA' });
  });

  it('turns sightings into on-screen ranges, bridging short gaps only', () => {
    const ranges = appearancesFromTimes([1, 1.5, 2, 2.5, 6, 6.5], 0.5, 1.2, 10);
    expect(ranges).toEqual([
      { start: 0.75, end: 2.75 },
      { start: 5.75, end: 6.75 },
    ]);
  });

  it('times each sampled frame by the source frame ffmpeg actually picked', () => {
    expect(sampledFrameTime(0, 2, 25)).toBeCloseTo(0.24);
    expect(sampledFrameTime(2, 1, 25)).toBeCloseTo(2.48);
  });
});
