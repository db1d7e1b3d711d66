import { CUT_LEVELS, type CutStretch } from '@filmroom/contract';
import { normaliseSegments, type Segment } from '../../media/segments.js';
import {
  DEFAULT_DECODE_OPTIONS,
  type LiveSegment,
  type PassedOverPlay,
} from './live-play-model.js';

/**
 * What the Inactivity Filter keeps of its analysis for the coach's review: the live-play probability
 * per analysis frame, the shots where play can be seen, the levels the film was decoded with and the
 * engine's own decision. "Keep more" and "Cut more" re-decide the film from it in milliseconds, with
 * no new analysis.
 */
export interface CutAnalysis {
  durationSec: number;
  /** Seconds between two values of `live` (the analysis frame step). */
  stepSec: number;
  /** Smoothed probability of live play per analysis frame, two decimals. */
  live: number[];
  /** The shots that show the game (a field in view, the picture steady), in order. */
  game: Segment[];
  /** The film's own decoding levels (`filmLevels`). */
  levels: { enter: number; stay: number };
  /** The engine's decision: its kept stretches with the reasons that decided them. */
  segments: LiveSegment[];
  /** Stretches the probability took for plays that moved too little to be one (absent before). */
  passedOver?: PassedOverPlay[];
}

/** How far one level moves the decoding levels of the probability. */
const LEVEL_STEP = 0.07;
/** Padding before and after a play at level 0, and how much one level takes off (s). */
const PAD_BEFORE_PER_LEVEL = 0.4;
const PAD_AFTER_PER_LEVEL = 0.6;

function clampLevel(level: number): number {
  return Math.max(CUT_LEVELS.min, Math.min(CUT_LEVELS.max, Math.round(level)));
}

/**
 * Hysteresis on the stored probability inside each game shot, as the engine decodes (enter, stay,
 * hold, shortest play), with the levels moved by `level` and the padding shrunk (level > 0) or
 * grown (level < 0). Without the frame-level features, starts are not moved to a burst: that is
 * why the engine's own decision is kept under "Keep more" and bounds "Cut more".
 */
function decodeAtLevel(analysis: CutAnalysis, level: number): Segment[] {
  const { live, stepSec, levels } = analysis;
  const enter = Math.min(0.97, Math.max(0.05, levels.enter + LEVEL_STEP * level));
  const stay = Math.min(enter, Math.max(0.02, levels.stay + LEVEL_STEP * level));
  const hold = Math.round(DEFAULT_DECODE_OPTIONS.holdSec / stepSec);
  const minStrong = DEFAULT_DECODE_OPTIONS.minPlaySec / stepSec;
  const padBefore = Math.max(
    0.2,
    DEFAULT_DECODE_OPTIONS.padBeforeSec - PAD_BEFORE_PER_LEVEL * level,
  );
  const padAfter = Math.max(0.5, DEFAULT_DECODE_OPTIONS.padAfterSec - PAD_AFTER_PER_LEVEL * level);
  const out: Segment[] = [];
  for (const shot of analysis.game) {
    const from = Math.max(0, Math.round(shot.start / stepSec));
    const to = Math.min(live.length, Math.round(shot.end / stepSec));
    let start = -1;
    let lastActive = -1;
    let strong = 0;
    const close = (): void => {
      if (start >= 0 && strong >= minStrong) {
        out.push({
          start: Math.max(shot.start, start * stepSec - padBefore),
          end: Math.min(shot.end, (lastActive + 1) * stepSec + padAfter),
        });
      }
      start = -1;
      strong = 0;
    };
    for (let i = from; i < to; i++) {
      const v = live[i]!;
      if (start < 0) {
        if (v >= enter) {
          start = i;
          while (start > from && live[start - 1]! >= stay) start--;
          lastActive = i;
          strong = 1;
        }
        continue;
      }
      if (v >= stay) lastActive = i;
      if (v >= enter) strong++;
      if (i - lastActive > hold) close();
    }
    close();
  }
  return out;
}

function intersect(a: readonly Segment[], b: readonly Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const x of a)
    for (const y of b) {
      const start = Math.max(x.start, y.start);
      const end = Math.min(x.end, y.end);
      if (end > start) out.push({ start, end });
    }
  return out;
}

/**
 * The kept stretches at `level`: 0 is the engine's decision; below 0 ("Keep more") the engine's
 * stretches with more lead-in and tail, and whatever lower levels of the probability find; above 0
 * ("Cut more") the parts of the engine's stretches that higher levels still keep, padded less. Each
 * level keeps all that the level above it keeps.
 */
export function keptAtLevel(analysis: CutAnalysis, level: number): Segment[] {
  const l = clampLevel(level);
  const engine = analysis.segments.map(({ start, end }) => ({ start, end }));
  if (l === 0) return engine;
  const decoded = decodeAtLevel(analysis, l);
  if (l > 0) return normaliseSegments(intersect(engine, decoded), analysis.durationSec, 0.3);
  const wider = engine.map((s) => ({
    start: s.start - PAD_BEFORE_PER_LEVEL * -l,
    end: s.end + PAD_AFTER_PER_LEVEL * -l,
  }));
  return normaliseSegments([...wider, ...decoded], analysis.durationSec);
}

function meanLive(analysis: CutAnalysis, start: number, end: number): number {
  const from = Math.max(0, Math.floor(start / analysis.stepSec));
  const to = Math.min(analysis.live.length, Math.ceil(end / analysis.stepSec));
  let sum = 0;
  for (let i = from; i < to; i++) sum += analysis.live[i]!;
  return to > from ? sum / (to - from) : 0;
}

function overlap(a: Segment, b: Segment): number {
  return Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));
}

const percent = (p: number): string => `${Math.round(p * 100)}%`;

function keptReason(analysis: CutAnalysis, stretch: Segment, level: number): string {
  const engine = analysis.segments
    .map((s) => ({ s, shared: overlap(s, stretch) }))
    .filter((e) => e.shared > 0)
    .sort((a, b) => b.shared - a.shared)[0]?.s;
  const likelihood = `live-play likelihood ${percent(meanLive(analysis, stretch.start, stretch.end))}`;
  if (!engine) return `Kept by "Keep more": ${likelihood}`;
  const joined = engine.decidedBy.join('; ');
  const why = joined.charAt(0).toUpperCase() + joined.slice(1);
  return level === 0 ? `${why} (${likelihood})` : `${why} (${likelihood}, level ${level})`;
}

function cutReason(analysis: CutAnalysis, stretch: Segment, level: number): string {
  const length = stretch.end - stretch.start;
  const inGame = analysis.game.reduce((sum, shot) => sum + overlap(shot, stretch), 0);
  if (inGame < length / 2) return 'No game in view: a close-up, the crowd, a replay or a graphic';
  const trimmed = analysis.segments.some((s) => overlap(s, stretch) > 0.2);
  if (trimmed && level > 0) return `Trimmed by "Cut more" (level ${level})`;
  const noSnap = analysis.passedOver?.find((s) => overlap(s, stretch) > 0.2);
  if (noSnap)
    return `No snap, serve or kick: people moved, but ${percent(noSnap.share)} as much as in this film's plays`;
  return `Dead time: live-play likelihood ${percent(meanLive(analysis, stretch.start, stretch.end))}, under what a play needs`;
}

function covers(segments: readonly Segment[], t: number): boolean {
  return segments.some((s) => t >= s.start && t < s.end);
}

/**
 * The whole film as the stretches of `kept` (the coach's, or a level's decision) and the cuts between
 * them, in order. A stretch is split where the level's decision changes (so a stretch the coach
 * flipped stands alone and says so) and a cut where the game comes into or goes out of view.
 */
export function stretchesOf(
  analysis: CutAnalysis,
  kept: readonly Segment[],
  level: number,
  // the level's decision, when the caller has it already
  decided: readonly Segment[] = keptAtLevel(analysis, level),
): CutStretch[] {
  const l = clampLevel(level);
  const bounds = [
    ...new Set(
      [
        0,
        analysis.durationSec,
        ...[...kept, ...decided, ...analysis.game].flatMap((s) => [s.start, s.end]),
      ].map((t) => Math.round(Math.min(analysis.durationSec, Math.max(0, t)) * 1000) / 1000),
    ),
  ].sort((a, b) => a - b);
  type Piece = Segment & { kept: boolean; decided: boolean; game: boolean };
  const pieces: Piece[] = [];
  for (let i = 1; i < bounds.length; i++) {
    const start = bounds[i - 1]!;
    const end = bounds[i]!;
    const mid = (start + end) / 2;
    const piece = {
      start,
      end,
      kept: covers(kept, mid),
      decided: covers(decided, mid),
      game: covers(analysis.game, mid),
    };
    const last = pieces[pieces.length - 1];
    // a kept stretch runs on inside one kept segment (touching plays stay two); a cut runs on while
    // the game stays in or out of view
    const same =
      last !== undefined &&
      last.kept === piece.kept &&
      last.decided === piece.decided &&
      (piece.kept ? kept.some((s) => s.start < start && s.end > start) : last.game === piece.game);
    if (same) last.end = end;
    else pieces.push(piece);
  }
  return pieces
    .filter((p) => p.end - p.start >= 0.05)
    .map((p) => ({
      start: p.start,
      end: p.end,
      kept: p.kept,
      reason: p.kept
        ? p.decided
          ? keptReason(analysis, p, l)
          : 'Restored by you'
        : p.decided
          ? 'Dropped by you'
          : cutReason(analysis, p, l),
    }));
}

/** The whole film as kept and cut stretches at `level` (0: the engine's decision). */
export function decideCuts(analysis: CutAnalysis, level: number): CutStretch[] {
  const decided = keptAtLevel(analysis, level);
  return stretchesOf(analysis, decided, level, decided);
}
