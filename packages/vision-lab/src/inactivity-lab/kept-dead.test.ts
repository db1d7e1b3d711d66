import { describe, expect, it } from 'vitest';
import { keptDeadTime, sumKeptDeadTime } from './kept-dead.js';

describe('keptDeadTime', () => {
  // A 60-s film with one play at 20-30 s: dead time counts before 18.5 s and after 33 s.
  const live = [{ start: 20, end: 30 }];
  const stretches = [
    { kind: 'huddle', start: 0, end: 15 },
    { kind: 'set', start: 15, end: 20 },
    { kind: 'live', start: 20, end: 30 },
    { kind: 'walk-back', start: 30, end: 45 },
    { kind: 'jog-to-positions', start: 45, end: 60 },
  ];

  it('splits kept dead time into false plays and plays kept too long', () => {
    const kept = [
      { start: 5, end: 9 }, // a false play in the huddle
      { start: 17, end: 36 }, // the play, 1.5 s too early and 3 s too late
    ];
    const breakdown = keptDeadTime(kept, live, 60, stretches);
    expect(breakdown.countedSec).toBeCloseTo(18.5 + 27);
    expect(breakdown.inFalsePlaysSec).toBeCloseTo(4);
    expect(breakdown.aroundPlaysSec).toBeCloseTo(1.5 + 3);
  });

  it('counts each habit only outside the allowance', () => {
    const kept = [
      { start: 17, end: 36 },
      { start: 50, end: 55 },
    ];
    const { byHabit } = keptDeadTime(kept, live, 60, stretches);
    expect(byHabit.get('huddle')).toEqual({ countedSec: 15, keptSec: 0 });
    // The set's last 1.5 s are in the allowance; 1.5 s of the rest were kept.
    expect(byHabit.get('set')!.countedSec).toBeCloseTo(3.5);
    expect(byHabit.get('set')!.keptSec).toBeCloseTo(1.5);
    expect(byHabit.get('walk-back')!.countedSec).toBeCloseTo(12);
    expect(byHabit.get('walk-back')!.keptSec).toBeCloseTo(3);
    expect(byHabit.get('jog-to-positions')).toEqual({ countedSec: 15, keptSec: 5 });
    expect(byHabit.has('live')).toBe(false);
  });

  it('adds films up habit by habit', () => {
    const a = keptDeadTime([{ start: 0, end: 5 }], live, 60, stretches);
    const b = keptDeadTime([{ start: 40, end: 44 }], live, 60, stretches);
    const total = sumKeptDeadTime([a, b]);
    expect(total.inFalsePlaysSec).toBeCloseTo(9);
    expect(total.countedSec).toBeCloseTo(2 * 45.5);
    expect(total.byHabit.get('huddle')).toEqual({ countedSec: 30, keptSec: 5 });
    expect(total.byHabit.get('walk-back')!.keptSec).toBeCloseTo(4);
  });
});
