import type { TrackRecord } from './track-record.js';

/** Seconds between a track's reads for its first `EAGER_READS` reads. */
const OCR_INTERVAL_SEC = 0.45;
const EAGER_READS = 14;
/**
 * After that, a long track is still read now and then to check it follows the same player: a swap at a
 * crossing shows as a new number (the reads used to stop at 14, and a swap after them went unseen).
 */
const LATE_OCR_INTERVAL_SEC = 1.5;
/** Bounds the work on a track as long as the video. */
const MAX_READS_PER_TRACK = 60;

/** Whether a track's number should be read at `timeSec`. */
export function isReadDue(
  record: Pick<TrackRecord, 'reads' | 'lastReadSec'>,
  timeSec: number,
): boolean {
  if (record.reads.length >= MAX_READS_PER_TRACK) return false;
  const interval = record.reads.length < EAGER_READS ? OCR_INTERVAL_SEC : LATE_OCR_INTERVAL_SEC;
  return timeSec - record.lastReadSec >= interval;
}
