import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RgbFrame } from '../../perception/detector/types.js';
import type { NumberObservation } from '../../perception/numbers/track-vote.js';

/** The key of a read: its time, number and box (two reads of one person in one frame share a photo). */
export function readKey(read: NumberObservation): string {
  return `${read.timeSec}|${read.number}|${read.box.join(',')}`;
}

/**
 * The evidence photos of finished tracks, in a temporary file until the summary picks the few it
 * shows: one photo (tens of KB) per track whose number was read, which on a long film would
 * otherwise pile up in memory. `close` removes the file.
 */
export class PhotoSpill {
  private readonly dir: string;
  private readonly fd: number;
  private size = 0;
  private readonly index = new Map<string, { offset: number; width: number; height: number }>();

  constructor() {
    this.dir = mkdtempSync(join(tmpdir(), 'track-photos-'));
    this.fd = openSync(join(this.dir, 'photos.rgb'), 'w+');
  }

  /** Stores the photo of a read (a later photo of the same read replaces it). */
  put(read: NumberObservation, photo: RgbFrame): void {
    const bytes = photo.width * photo.height * 3;
    writeSync(this.fd, photo.data, 0, bytes, this.size);
    this.index.set(readKey(read), { offset: this.size, width: photo.width, height: photo.height });
    this.size += bytes;
  }

  /** The photo stored for this read (by its values, see `readKey`), or null. */
  get(read: NumberObservation): RgbFrame | null {
    const at = this.index.get(readKey(read));
    if (!at) return null;
    const data = new Uint8Array(at.width * at.height * 3);
    readSync(this.fd, data, 0, data.length, at.offset);
    return { width: at.width, height: at.height, data };
  }

  close(): void {
    closeSync(this.fd);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
