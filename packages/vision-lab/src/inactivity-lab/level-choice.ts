/** One pair of decoding levels (and a hold) tried on the training films. */
export interface LevelTrial {
  /** Position in the grid: hold, enter and stay steps. */
  at: [hold: number, enter: number, stay: number];
  enter: number;
  stay: number;
  holdSec: number;
  /** How well the training films keep their play: higher is better; a dropped play costs most. */
  keep: number;
  /** Share of the training films' counted dead time removed (0..1). */
  deadRemoved: number;
}

/**
 * The trial that removes the most dead time, judged for keeping play by the worst trial within
 * `margin` grid steps of enter and stay (same hold) as well as by its own. The best levels alone
 * sit at the edge where a play starts to drop: a slightly different training set moves the edge
 * across them (0012). Ties go to the trial listed first.
 */
export function chooseLevelTrial(trials: LevelTrial[], margin: number): LevelTrial {
  const byPosition = new Map(trials.map((t) => [t.at.join(','), t]));
  let best: { trial: LevelTrial; key: number } | null = null;
  for (const trial of trials) {
    const [hold, enter, stay] = trial.at;
    let keep = trial.keep;
    for (let de = -margin; de <= margin; de++)
      for (let ds = -margin; ds <= margin; ds++) {
        const neighbour = byPosition.get([hold, enter + de, stay + ds].join(','));
        if (neighbour) keep = Math.min(keep, neighbour.keep);
      }
    const key = keep + trial.deadRemoved;
    if (!best || key > best.key) best = { trial, key };
  }
  if (!best) throw new Error('no decoding levels to choose from');
  return best.trial;
}
