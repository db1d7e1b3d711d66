import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Finished tracks' positions and kit samples in a temporary file until the summary: a film's
 * tracks grow with its length (a dense 1080p film ends some 800 tracks a minute), and kept in
 * memory they would make the analysis's memory grow with it. `close` removes the file.
 */
export class TrackSpill {
  private readonly dir: string;
  private readonly fd: number;
  private size = 0;

  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), 'track-spill-'));
    this.fd = openSync(join(this.dir, 'tracks.f64'), 'w+');
  }

  /** Stores the values; returns where they are. */
  put(values: Float64Array): number {
    const at = this.size;
    writeSync(this.fd, values, 0, values.byteLength, at);
    this.size += values.byteLength;
    return at;
  }

  /** The `count` values stored at `at`. */
  get(at: number, count: number): Float64Array {
    const values = new Float64Array(count);
    readSync(this.fd, values, 0, values.byteLength, at);
    return values;
  }

  close(): void {
    closeSync(this.fd);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
