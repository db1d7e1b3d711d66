import { z } from 'zod';

/**
 * Review cuts (beyond the spec): an Inactivity Filter output's film as the coach sees it, every
 * stretch kept or cut in order, with why; the coach flips stretches, asks for more or less, and saves.
 */

/** How far "Keep more" and "Cut more" go from the engine's own decision (level 0). */
export const CUT_LEVELS = { min: -3, max: 3 } as const;

/** Shortest stretch the coach may keep (s): anything shorter is not a play a coach watches. */
export const MIN_KEPT_STRETCH_SEC = 0.5;
/** At most this many kept stretches in a saved review (a 3-hour film of 8-s plays holds ~600). */
export const MAX_KEPT_STRETCHES = 2000;

/** One stretch of the source film (s), kept or cut, and why. */
export interface CutStretch {
  start: number;
  end: number;
  kept: boolean;
  /** Why the stretch was kept or cut, in words. */
  reason: string;
}

/** GET cut-review?videoId=&level= */
export interface CutReviewResponse {
  videoId: string;
  /** The film the output was cut from, to play stretches and show their pictures. */
  sourceUrl: string;
  sourceDurationSec: number;
  /** The level the stretches are decided at (0: the engine's decision). */
  level: number;
  /** The whole film in order: kept and cut stretches, no gap between them. */
  stretches: CutStretch[];
  /** True while a saved review renders: the output changes when it is done. */
  saving: boolean;
  /** True when the review is the coach's last saved one, not the engine's decision at `level`. */
  saved: boolean;
}

export const cutReviewQuerySchema = z.object({
  videoId: z.string().default(''),
  /** Absent: the saved review, or the engine's decision. */
  level: z.coerce.number().int().min(CUT_LEVELS.min).max(CUT_LEVELS.max).optional(),
});
export type CutReviewQuery = z.output<typeof cutReviewQuerySchema>;

const keptStretchSchema = z.object({ start: z.number().min(0), end: z.number().min(0) });

/** POST save-cuts: the stretches the coach keeps (source time), rendered into the output in place. */
export const saveCutsRequestSchema = z.object({
  videoId: z.string().default(''),
  level: z.number().int().min(CUT_LEVELS.min).max(CUT_LEVELS.max).default(0),
  kept: z.array(keptStretchSchema).max(MAX_KEPT_STRETCHES).default([]),
});
export type SaveCutsRequest = z.input<typeof saveCutsRequestSchema>;

export const CutReviewMessages = {
  notReviewable: 'This video was not made by the Inactivity Filter, so it has no cuts to review.',
  sourceGone: 'The original video was deleted, so these cuts cannot be changed.',
  nothingKept: 'Keep at least one stretch of the film.',
  badStretches: 'The kept stretches must lie inside the film, in order and without overlapping.',
  alreadySaving: 'Your last changes are still being saved. Please wait until they are ready.',
  saving: 'Saving your cuts. The video is updated when they are ready.',
} as const;

/**
 * The coach's kept stretches, checked: inside the film, in order, not overlapping, each at least
 * `MIN_KEPT_STRETCH_SEC` (shorter ones are dropped), at least one. Returns the message on failure.
 */
export function checkKeptStretches(
  kept: readonly { start: number; end: number }[],
  durationSec: number,
): { ok: true; kept: { start: number; end: number }[] } | { ok: false; message: string } {
  const tolerance = 0.05;
  let previousEnd = 0;
  for (const s of kept) {
    if (
      !(s.end > s.start) ||
      s.start < previousEnd - tolerance ||
      s.end > durationSec + tolerance
    ) {
      return { ok: false, message: CutReviewMessages.badStretches };
    }
    previousEnd = s.end;
  }
  const long = kept
    .map((s) => ({ start: Math.max(0, s.start), end: Math.min(durationSec, s.end) }))
    .filter((s) => s.end - s.start >= MIN_KEPT_STRETCH_SEC);
  if (long.length === 0) return { ok: false, message: CutReviewMessages.nothingKept };
  return { ok: true, kept: long };
}
