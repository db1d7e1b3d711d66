import { describe, expect, it } from 'vitest';
import { decideCuts, keptAtLevel, stretchesOf, type CutAnalysis } from './cut-review.js';

const STEP = 0.2;

/** A 60-s film: plays (probability 0.9) at 10–16 s and 30–38 s, a weaker one (0.55) at 45–48 s. */
function film(): CutAnalysis {
  const live = Array.from({ length: 300 }, (_, i) => {
    const t = i * STEP;
    if ((t >= 10 && t < 16) || (t >= 30 && t < 38)) return 0.9;
    if (t >= 45 && t < 48) return 0.55;
    return 0.1;
  });
  const segment = (start: number, end: number) => ({
    start,
    end,
    confidence: 0.9,
    decidedBy: ['many people on the field moved at once'],
    startedBy: 'rose',
    endedBy: 'died down',
  });
  return {
    durationSec: 60,
    stepSec: STEP,
    live,
    game: [
      { start: 0, end: 40 },
      { start: 42, end: 60 },
    ],
    levels: { enter: 0.6, stay: 0.45 },
    segments: [segment(8.8, 18.5), segment(28.8, 40)],
  };
}

const total = (segments: { start: number; end: number }[]) =>
  segments.reduce((sum, s) => sum + s.end - s.start, 0);

describe('Review cuts: re-deciding a film from its stored analysis', () => {
  it('at level 0 gives the engine decision, the whole film covered in order', () => {
    const stretches = decideCuts(film(), 0);
    expect(stretches.filter((s) => s.kept).map(({ start, end }) => [start, end])).toEqual([
      [8.8, 18.5],
      [28.8, 40],
    ]);
    expect(stretches[0]!.start).toBe(0);
    expect(stretches.at(-1)!.end).toBe(60);
    for (let i = 1; i < stretches.length; i++)
      expect(stretches[i]!.start).toBe(stretches[i - 1]!.end);
    expect(stretches[1]!.reason).toContain('Many people on the field moved at once');
    expect(stretches.find((s) => !s.kept && s.start === 40)!.reason).toContain('No game in view');
  });

  it('keeps more at each lower level and less at each higher one, nested', () => {
    const analysis = film();
    const totals = [-3, -2, -1, 0, 1, 2, 3].map((level) => total(keptAtLevel(analysis, level)));
    for (let i = 1; i < totals.length; i++) expect(totals[i]!).toBeLessThanOrEqual(totals[i - 1]!);
    expect(totals[0]!).toBeGreaterThan(totals[3]!);
    expect(totals[6]!).toBeLessThan(totals[3]!);
    // the weaker play is found only by "Keep more"
    const more = decideCuts(analysis, -2);
    expect(more.some((s) => s.kept && s.start < 46 && s.end > 47)).toBe(true);
    expect(more.find((s) => s.kept && s.start > 42)!.reason).toContain('Keep more');
    // "Cut more" never keeps what the engine cut, and keeps the heart of each play
    for (const s of keptAtLevel(analysis, 2)) {
      expect(analysis.segments.some((e) => s.start >= e.start && s.end <= e.end)).toBe(true);
    }
    expect(keptAtLevel(analysis, 3)).toHaveLength(2);
  });

  it('says why a stretch that moved like a play was cut: no snap, and how little it moved', () => {
    const analysis = { ...film(), passedOver: [{ start: 45, end: 48, share: 0.3 }] };
    const cut = decideCuts(analysis, 0).find((s) => !s.kept && s.start <= 45 && s.end >= 48);
    expect(cut!.reason).toBe(
      "No snap, serve or kick: people moved, but 30% as much as in this film's plays",
    );
    // "Keep more" still brings it back, in one click
    expect(decideCuts(analysis, -2).some((s) => s.kept && s.start <= 46 && s.end >= 47)).toBe(true);
  });

  it("says which stretches the coach flipped against the level's decision", () => {
    const analysis = film();
    const stretches = stretchesOf(
      analysis,
      [
        { start: 0, end: 5 },
        { start: 28.8, end: 40 },
      ],
      0,
    );
    expect(stretches.find((s) => s.start === 0)).toMatchObject({
      kept: true,
      reason: 'Restored by you',
    });
    expect(stretches.find((s) => s.start === 5)).toMatchObject({ kept: false });
    expect(stretches.find((s) => !s.kept && s.reason === 'Dropped by you')).toBeDefined();
  });
});
