/**
 * A film's shots, the units the Inactivity Filter decodes: every hard cut ends a play and a dead
 * stretch, so nothing is carried across one (a padded play ending in the next clip's first frames,
 * film levels of one shot spilling into the next). A shot that mostly shows no playing field (the
 * crowd, the bench, the sky, a scoreboard close-up) or whose picture changes wholesale on most frames
 * is not the game and is never kept, not even inside a play's padding. A game shot shorter than
 * MIN_SHOT_SEC right after another game shot is taken as a false cut (a flash, a fast whip of a phone)
 * and joins it.
 */
export interface Shot {
  /** Frames [start, end). */
  start: number;
  end: number;
  /** Whether the shot shows the game. */
  game: boolean;
}

/** Shots shorter than this (s) after a game shot are a false cut inside it. */
export const MIN_SHOT_SEC = 0.6;
/** Share of a shot's frames that must show a playing field, steadily, for it to be the game. */
export const MIN_GAME_SHARE = 0.5;

export function filmShots(
  cuts: Uint8Array,
  fps: number,
  inView: (frame: number) => boolean = () => true,
): Shot[] {
  const shots: Shot[] = [];
  const minShot = MIN_SHOT_SEC * fps;
  let start = 0;
  for (let i = 1; i <= cuts.length; i++) {
    if (i < cuts.length && !cuts[i]) continue;
    let seen = 0;
    for (let k = start; k < i; k++) if (inView(k)) seen++;
    const game = seen >= MIN_GAME_SHARE * (i - start);
    const previous = shots[shots.length - 1];
    if (previous && previous.game && game && i - start < minShot) previous.end = i;
    else shots.push({ start, end: i, game });
    start = i;
  }
  return shots;
}
