import type { TrackNumber } from '../../perception/numbers/track-vote.js';
import { INDEPENDENT_READS_SEC } from './tuning.js';

/**
 * Whether reads of one number taken at these times (seconds) show it surely: in a film, reads from
 * two moments, `INDEPENDENT_READS_SEC` or more apart. A still (every analysed frame the same
 * picture) has one moment: there two reads must agree, as they are two looks at it (a track's
 * successive text looks take successive body scales, and the band read is another look). The one
 * test of independent reads, for a track and for a player's tracks together.
 */
export function isSurelyRead(times: readonly number[], still: boolean): boolean {
  if (times.length < 2) return false;
  return still || Math.max(...times) - Math.min(...times) >= INDEPENDENT_READS_SEC - 1e-6;
}

/**
 * Whether a player's number is listed on reads taken at these times: when it is surely read, and in a
 * still on any read the vote took. A still never shows a second moment: asked for reads 1 s apart
 * (there, two looks), the labelled real frames (3-s stills) listed 50 of the 83 numbers a person
 * reads instead of 65.
 */
export function isListed(times: readonly number[], still: boolean): boolean {
  return still ? times.length > 0 : isSurelyRead(times, false);
}

/** The track's number when it is surely read (see `isSurelyRead`), else null. */
export function surelyReadNumber(vote: TrackNumber, still: boolean): number | null {
  return vote.number !== null && isSurelyRead(vote.winnerTimes, still) ? vote.number : null;
}
