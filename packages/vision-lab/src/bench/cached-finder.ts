import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type {
  DetectOptions,
  PersonDetection,
  PersonFinder,
  RgbFrame,
} from '@filmroom/vision/perception';

/** FNV-1a over the frame's size and every 7th byte: decoding is deterministic, so this is stable. */
function frameKey(frame: RgbFrame, minScore: number | undefined): string {
  let h = 0x811c9dc5;
  const mix = (v: number): void => {
    h ^= v & 0xff;
    h = Math.imul(h, 0x01000193);
  };
  mix(frame.width);
  mix(frame.width >> 8);
  mix(frame.height);
  mix(frame.height >> 8);
  for (let i = 0; i < frame.data.length; i += 7) mix(frame.data[i] ?? 0);
  return `${frame.width}x${frame.height}:${(h >>> 0).toString(16)}:${minScore ?? ''}`;
}

/**
 * A person finder that remembers the detector's answers in a file (benchmark only): re-running the
 * tracking benchmark after a change downstream of detection then skips the detector entirely.
 * Timings measured with it are not the engine's speed.
 */
export class CachedFinder implements PersonFinder {
  private readonly cache: Record<string, PersonDetection[]>;
  private dirty = false;
  private inner: Promise<PersonFinder> | null = null;

  /** `start` makes the real finder, only when a frame is not in the file. */
  constructor(
    private readonly start: () => Promise<PersonFinder>,
    private readonly file: string,
  ) {
    this.cache = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, PersonDetection[]>)
      : {};
  }

  async detect(frame: RgbFrame, options?: DetectOptions): Promise<PersonDetection[]> {
    const key = frameKey(frame, options?.minScore);
    const hit = this.cache[key];
    if (hit) return hit.map((d) => ({ box: [...d.box], score: d.score }));
    this.inner ??= this.start();
    const found = await (await this.inner).detect(frame, options);
    this.cache[key] = found;
    this.dirty = true;
    return found;
  }

  async close(): Promise<void> {
    if (this.dirty) writeFileSync(this.file, JSON.stringify(this.cache));
    if (this.inner) await (await this.inner).close();
  }
}
