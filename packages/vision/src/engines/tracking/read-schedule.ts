import { voteTrackNumber } from '../../perception/numbers/track-vote.js';
import { isSurelyRead } from './sure-number.js';
import type { TextLookMade, TrackRecord } from './track-record.js';
import {
  EAGER_READS,
  INDEPENDENT_READS_SEC,
  LATE_OCR_INTERVAL_SEC,
  MAX_READS_PER_TRACK,
  MIN_TEXT_PERSON_HEIGHT,
  OCR_INTERVAL_SEC,
  SECOND_MOMENT_LOOKS,
  SETTLED_TEXT_LOOK_INTERVAL_SEC,
  TEXTLESS_LOOKS,
  TEXT_LOOK_INTERVAL_SEC,
} from './tuning.js';

// Read by the analysis and the summary to tell the small players' reads from the others'.
export { MIN_TEXT_PERSON_HEIGHT };

type SecondMomentRecord = Pick<TrackRecord, 'reads' | 'secondMomentLooks'> & {
  lookOf?: TrackRecord['lookOf'];
};

/**
 * Whether a track's number should be read at `timeSec`. Once the number is settled (sure reads from
 * two moments agree) the track is read as a long one is, often enough to see a swap: more reads of a
 * settled number only cost time. A number read at one moment only is looked at again at the next
 * sampled frames `INDEPENDENT_READS_SEC` on (`isSecondMomentLookDue`). `still`: every frame so far
 * showed the same picture (see `isNumberSettled`).
 */
export function isReadDue(
  record: Pick<TrackRecord, 'reads' | 'lastReadSec'> & Partial<SecondMomentRecord>,
  timeSec: number,
  still = false,
): boolean {
  if (record.reads.length >= MAX_READS_PER_TRACK) return false;
  if (isSecondMomentLookDue(record, timeSec, still)) return true;
  const eager = record.reads.length < EAGER_READS && !isNumberSettled(record, still);
  const interval = eager ? OCR_INTERVAL_SEC : LATE_OCR_INTERVAL_SEC;
  return timeSec - record.lastReadSec >= interval;
}

/**
 * Whether the track's number is settled: sure reads (≥ 0.9) agree, none sure disagrees, and they
 * come from two moments (`isSurelyRead`). Two sure reads of consecutive sampled frames are one
 * moment: settling on them slowed the reading before a second moment was seen. In a still (every
 * frame so far the same picture) two sure reads settle it, as before.
 */
export function isNumberSettled(record: Pick<TrackRecord, 'reads'>, still = false): boolean {
  const sure = record.reads.filter((r) => r.number !== null && r.confidence >= 0.9);
  return (
    sure.length >= 2 &&
    sure.every((r) => r.number === sure[0]!.number) &&
    isSurelyRead(
      sure.map((r) => r.timeSec),
      still,
    )
  );
}

/**
 * When a track's number, read at one moment only, can be read at a second: `INDEPENDENT_READS_SEC`
 * after the first read of it, with how the surest text read of it was made (null when only band
 * reads read it). Null when the track's vote names no number or reads from two moments back it.
 */
export function awaitedSecondMoment(
  record: Pick<SecondMomentRecord, 'reads' | 'lookOf'>,
): { fromSec: number; look: TextLookMade | null } | null {
  const vote = voteTrackNumber(record.reads);
  if (vote.number === null || isSurelyRead(vote.winnerTimes, false)) return null;
  const textReads = record.reads
    .filter((r) => r.number === vote.number && record.lookOf?.(r))
    .sort((a, b) => b.confidence - a.confidence);
  return {
    fromSec: vote.winnerTimes[0]! + INDEPENDENT_READS_SEC - 1e-6,
    look: textReads[0] ? record.lookOf!(textReads[0])! : null,
  };
}

/**
 * Whether a track is due an extra look for the second moment of a number it has read at one moment
 * only: at each sampled frame from `INDEPENDENT_READS_SEC` after that moment, whatever the usual
 * schedule, for `SECOND_MOMENT_LOOKS` looks at most. Never in a still (it has one moment).
 */
export function isSecondMomentLookDue(
  record: Pick<TrackRecord, 'reads'> & Partial<SecondMomentRecord>,
  timeSec: number,
  still: boolean,
): boolean {
  if (still || record.secondMomentLooks === undefined) return false;
  if (record.secondMomentLooks >= SECOND_MOMENT_LOOKS) return false;
  const awaited = awaitedSecondMoment(record);
  return awaited !== null && timeSec >= awaited.fromSec;
}

/** Whether the track's number should be looked for by text detection at `timeSec`. */
export function isTextLookDue(
  record: Pick<TrackRecord, 'reads' | 'lastTextLookSec' | 'textLooks' | 'textLooksWithText'> &
    Partial<SecondMomentRecord>,
  timeSec: number,
  still = false,
): boolean {
  if (isSecondMomentLookDue(record, timeSec, still)) return true;
  const textless = record.textLooks >= TEXTLESS_LOOKS && record.textLooksWithText === 0;
  const interval =
    textless || isNumberSettled(record, still)
      ? SETTLED_TEXT_LOOK_INTERVAL_SEC
      : TEXT_LOOK_INTERVAL_SEC;
  return timeSec - record.lastTextLookSec >= interval;
}
