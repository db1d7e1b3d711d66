/** The part [from, to] of a card's 0–100 progress that one stage (a download, an engine) fills. */
export type ProgressRange = readonly [from: number, to: number];

/** Progress writes go out at most this often, so a fast stage does not hammer the database. */
const WRITE_INTERVAL_MS = 1000;

/**
 * A stage's progress reporter: maps the stage's own 0–100 into its range of the card and calls
 * `write` at most once a second, only when the card's percentage moved by a whole percent.
 */
export function stageProgress(
  [from, to]: ProgressRange,
  write: (percent: number) => void,
  now: () => number = Date.now,
): (stagePercent: number) => void {
  let lastWrite = 0;
  let lastPercent = from;
  return (stagePercent) => {
    const percent = Math.min(to, Math.round(from + ((to - from) * stagePercent) / 100));
    const time = now();
    if (time - lastWrite < WRITE_INTERVAL_MS || percent - lastPercent < 1) return;
    lastWrite = time;
    lastPercent = percent;
    write(percent);
  };
}
