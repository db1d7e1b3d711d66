import type { TrackRecord } from './track-record.js';

/**
 * People this tall (analysis pixels) get the text looks on the upper body; smaller ones only the
 * torso look of small players (a number there is at most ~10 px).
 */
export const MIN_TEXT_PERSON_HEIGHT = 64;

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

/**
 * Seconds between looks for a track's number by text detection (the costly way, ~4x a band read):
 * every other sampled frame at 2 fps; once two sure reads (≥ 0.9) agree, every 3 s (enough to see a
 * swap at a crossing). Between looks the cheap band read carries on as before.
 */
const TEXT_LOOK_INTERVAL_SEC = 0.95;
const SETTLED_TEXT_LOOK_INTERVAL_SEC = 3;

/** Whether the track's number is settled: two sure reads agree and none sure disagrees. */
export function isNumberSettled(record: Pick<TrackRecord, 'reads'>): boolean {
  const sure = record.reads.filter((r) => r.number !== null && r.confidence >= 0.9);
  return sure.length >= 2 && sure.every((r) => r.number === sure[0]!.number);
}

/**
 * Looks after which a track on which text detection never found anything number-shaped is looked at
 * only every `SETTLED_TEXT_LOOK_INTERVAL_SEC`: two full cycles of the body scales (`BODY_LOOKS`)
 * found nothing, so the person shows no number for now (a back turned away, a referee, a
 * spectator). On the 16-s volleyball clip 25 of 316 looks found text. After one cycle (3 looks)
 * the clip's '37', found late on a long track, was lost.
 */
const TEXTLESS_LOOKS = 6;

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
