import { quantile } from './play-features.js';
import { BUSY_QUANTILE, quietMovement } from './play-onset.js';

/**
 * A play is a burst of people moving: the snap, the serve, the kick. The live-play probability also
 * rises for people moving without one (a defence adjusting before a snap that never comes, players
 * walking to the line, a clip of the warm-up), and that movement stands out from the film's quiet
 * moments much less than the film's plays do. So a play whose movement (`players` of the feature
 * matrix: people-sized areas moving after the camera is undone, a log scale) rises above the film's
 * quiet level by less than `share` of what the film's plays typically rise (their median) is no
 * play. Measured against the film's own plays, not a fixed level, so a film whose plays all move
 * little (a beach volleyball rally seen from afar) keeps them. Set on the first half of the real
 * game (lab journal, whole films: "A play must stand out").
 */

/** A decoded play's frames [start, end), film frames. */
export interface PlayFrames {
  start: number;
  end: number;
}

/** A piece of a play (between cuts) is judged by this quantile of its movement: its peak. */
const PIECE_QUANTILE = 0.95;

/** Fewer plays than this in a film give no typical rise to measure against: all are kept. */
export const MIN_PLAYS_TO_COMPARE = 3;

/** A play passed over: its pieces and how much it rose against the film's typical play (0..1). */
export interface PassedOver<T> {
  chain: T[];
  share: number;
}

/**
 * The plays of `chains` that stand out. Each chain is one play in one or more pieces (a play still
 * on across a cut is one play; so is a stretch of movement that ran into a cut and the next clip,
 * which opens mid-play). Pieces at either end of a chain that do not stand out on their own are
 * passed over (a clip with no snap before or after a play); the pieces from the first that stands
 * out to the last are kept whole, so a play never loses its middle. Returns the chains kept and the
 * pieces passed over, each in order.
 */
export function playsThatStandOut<T extends PlayFrames>(
  chains: readonly (readonly T[])[],
  players: Float32Array,
  share: number,
): { kept: T[][]; passedOver: PassedOver<T>[] } {
  const all = { kept: chains.map((c) => [...c]), passedOver: [] };
  if (share <= 0 || chains.length < MIN_PLAYS_TO_COMPARE) return all;
  const quiet = quietMovement(players);
  const rise = (pieces: readonly T[], q = BUSY_QUANTILE): number => {
    const frames: number[] = [];
    for (const piece of pieces)
      for (let i = piece.start; i < piece.end; i++) frames.push(players[i]!);
    return quantile(frames, q) - quiet;
  };
  const typical = lowerMedian(chains.map(rise));
  if (!(typical > 0)) return all;
  const kept: T[][] = [];
  const passedOver: PassedOver<T>[] = [];
  const passOver = (pieces: T[]): void => {
    if (pieces.length > 0)
      passedOver.push({ chain: pieces, share: Math.max(0, rise(pieces) / typical) });
  };
  for (const chain of chains) {
    // a piece at a chain's end may be a second long, its burst at the cut: its peak is judged
    const standsOut = chain.map((piece) => rise([piece], PIECE_QUANTILE) >= share * typical);
    const first = standsOut.indexOf(true);
    if (first < 0) {
      passOver([...chain]);
      continue;
    }
    const last = standsOut.lastIndexOf(true);
    passOver(chain.slice(0, first));
    kept.push(chain.slice(first, last + 1));
    passOver(chain.slice(last + 1));
  }
  return { kept, passedOver: passedOver.sort((a, b) => a.chain[0]!.start - b.chain[0]!.start) };
}

function lowerMedian(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}
