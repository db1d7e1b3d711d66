import type { TrackRecord } from './track-record.js';
import {
  EAGER_READS,
  LATE_OCR_INTERVAL_SEC,
  MAX_READS_PER_TRACK,
  MIN_TEXT_PERSON_HEIGHT,
  OCR_INTERVAL_SEC,
  SETTLED_TEXT_LOOK_INTERVAL_SEC,
  TEXTLESS_LOOKS,
  TEXT_LOOK_INTERVAL_SEC,
} from './tuning.js';

// Read by the analysis and the summary to tell the small players' reads from the others'.
export { MIN_TEXT_PERSON_HEIGHT };

/**
 * Whether a track's number should be read at `timeSec`. Once the number is settled (two sure reads
 * agree) the track is read as a long one is, often enough to see a swap: more reads of a settled
 * number only cost time.
 */
export function isReadDue(
  record: Pick<TrackRecord, 'reads' | 'lastReadSec'>,
  timeSec: number,
): boolean {
  if (record.reads.length >= MAX_READS_PER_TRACK) return false;
  const eager = record.reads.length < EAGER_READS && !isNumberSettled(record);
  const interval = eager ? OCR_INTERVAL_SEC : LATE_OCR_INTERVAL_SEC;
  return timeSec - record.lastReadSec >= interval;
}

/** Whether the track's number is settled: two sure reads agree and none sure disagrees. */
export function isNumberSettled(record: Pick<TrackRecord, 'reads'>): boolean {
  const sure = record.reads.filter((r) => r.number !== null && r.confidence >= 0.9);
  return sure.length >= 2 && sure.every((r) => r.number === sure[0]!.number);
}

/** Whether the track's number should be looked for by text detection at `timeSec`. */
export function isTextLookDue(
  record: Pick<TrackRecord, 'reads' | 'lastTextLookSec' | 'textLooks' | 'textLooksWithText'>,
  timeSec: number,
): boolean {
  const textless = record.textLooks >= TEXTLESS_LOOKS && record.textLooksWithText === 0;
  const interval =
    textless || isNumberSettled(record) ? SETTLED_TEXT_LOOK_INTERVAL_SEC : TEXT_LOOK_INTERVAL_SEC;
  return timeSec - record.lastTextLookSec >= interval;
}
