import { normaliseSegments, type Segment } from '@filmroom/vision/media';
import {
  decodeOptionsFor,
  decodePlays,
  countedDeadTime,
  scoreSegments,
  type SegmentScore,
} from '@filmroom/vision/inactivity';
import { auc } from './auc.js';

/**
 * How far one film's live-play probability could be cut if its levels were chosen for it alone,
 * knowing its plays: a ceiling for any rule that sets levels per film, not a method (the labels are
 * not there at analysis time). Set against the film's score with the levels it was decoded with, it
 * says whether dead time is lost to the probability (it does not rank play above dead time) or to
 * the levels (it ranks them, but no one pair of levels fits every film).
 */
export interface LevelCeiling {
  /**
   * Share of (live, dead) frame pairs where the live frame has the higher probability; dead frames
   * are those the score counts (outside the allowance around each play). Null without both.
   */
  auc: number | null;
  /** The score at the best levels. */
  best: SegmentScore;
  /** The best levels; NaN when the film's own decoding did best or no pair kept its plays. */
  enter: number;
  stay: number;
}

/** Share of a film's live seconds the levels must keep, as the bar the filter is judged by. */
const LIVE_BAR = 0.97;
const LEVEL_STEP = 0.05;

/** Frames whose middle falls in live play (1), in dead time the score counts (0), or neither (-1). */
function scoredFrames(count: number, fps: number, live: readonly Segment[]): Int8Array {
  const dead = countedDeadTime(normaliseSegments(live, count / fps), count / fps);
  const kind = new Int8Array(count);
  for (let i = 0; i < count; i++) {
    const t = (i + 0.5) / fps;
    if (live.some((s) => t >= s.start && t < s.end)) kind[i] = 1;
    else if (!dead.some((s) => t >= s.start && t < s.end)) kind[i] = -1;
  }
  return kind;
}

/** AUC of the probability, live frames against the dead frames the score counts. */
export function liveDeadAuc(p: Float32Array, fps: number, live: readonly Segment[]): number | null {
  const kind = scoredFrames(p.length, fps, live);
  const values = Array.from(p);
  return auc(
    values.filter((_, i) => kind[i] === 1),
    values.filter((_, i) => kind[i] === 0),
  );
}

/** Whether a score keeps every play and the bar's share of live seconds. */
function keepsPlay(score: SegmentScore): boolean {
  return score.playsDropped === 0 && score.liveKeptSec >= LIVE_BAR * score.liveSec;
}

/**
 * The levels that remove the most dead time from this film while keeping every play and 97% of its
 * live seconds, searched on a 0.05 grid with the film's decoding otherwise unchanged (hold, padding,
 * the burst out of stillness). `decoded` is the film's score with the levels it was decoded with:
 * the ceiling is never below it when it keeps the plays, and is it (levels NaN) when nothing does.
 */
export function levelCeiling(
  p: Float32Array,
  film: { cuts: Uint8Array; players?: Float32Array },
  fps: number,
  durationSec: number,
  live: readonly Segment[],
  holdSec: number,
  decoded: SegmentScore,
): LevelCeiling {
  const auc = liveDeadAuc(p, fps, live);
  let best: LevelCeiling = { auc, best: decoded, enter: NaN, stay: NaN };
  let found = keepsPlay(decoded);
  const options = decodeOptionsFor({ holdSec }, { ownLevels: false });
  // Enter 0.2 to 0.95, stay from 0.1 up to enter.
  for (let e = 4; e <= 19; e++)
    for (let s = 2; s <= e; s++) {
      const enter = e * LEVEL_STEP;
      const stay = s * LEVEL_STEP;
      const { segments } = decodePlays(p, film, fps, durationSec, { enter, stay }, options);
      const score = scoreSegments(segments, live, durationSec);
      if (!keepsPlay(score) || (found && score.deadRemovedSec <= best.best.deadRemovedSec))
        continue;
      best = { auc, best: score, enter, stay };
      found = true;
    }
  return best;
}
