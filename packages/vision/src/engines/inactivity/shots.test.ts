import { describe, expect, it } from 'vitest';
import { decodePlays } from './live-play-model.js';
import { NO_EARLIER_PICTURE } from './repeated-pictures.js';
import { CUTAWAY_DISTANCE, filmShots, markReplays, NEAR_CUTAWAY_DISTANCE } from './shots.js';
import { COLOUR_BINS } from './tuning.js';

const fps = 5;
const levels = { enter: 0.6, stay: 0.3 };

/** A probability track of `sec` seconds: 0.05 everywhere but the given [from, to, value] stretches. */
function track(sec: number, stretches: [number, number, number][]): Float32Array {
  const p = new Float32Array(sec * fps).fill(0.05);
  for (const [from, to, v] of stretches) p.fill(v, from * fps, to * fps);
  return p;
}

/** A film of `sec` seconds with hard cuts at the given seconds. */
function cutsAt(sec: number, at: number[]): Uint8Array {
  const cuts = new Uint8Array(sec * fps);
  for (const a of at) cuts[a * fps] = 1;
  return cuts;
}

describe('shots as units', () => {
  it('ends a play at a hard cut and starts the next shot on its own', () => {
    // Two joined clips: the first ends mid-play at 10 s, the second starts quiet.
    const p = track(20, [[6, 10, 0.9]]);
    const cuts = new Uint8Array(p.length);
    cuts[10 * fps] = 1;
    const { segments } = decodePlays(p, { cuts }, fps, 20, levels);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.end).toBeCloseTo(10, 5);
  });

  it('counts a play ending at a cut and one starting there as two chapters', () => {
    // Two joined clips, each mid-play at the cut: one kept stretch of film, two plays.
    const p = track(20, [[7, 13, 0.9]]);
    const cuts = new Uint8Array(p.length);
    cuts[10 * fps] = 1;
    const { segments } = decodePlays(p, { cuts }, fps, 20, levels);
    expect(segments.map((s) => [s.start, s.end])).toEqual([
      [expect.closeTo(5.8, 5), expect.closeTo(10, 5)],
      [expect.closeTo(10, 5), expect.closeTo(15.5, 5)],
    ]);
  });

  it('keeps the start of a shot that opens mid-play', () => {
    const p = track(20, [[10, 13, 0.9]]);
    const cuts = new Uint8Array(p.length);
    cuts[10 * fps] = 1;
    const { segments } = decodePlays(p, { cuts }, fps, 20, levels);
    expect(segments[0]!.start).toBeCloseTo(10, 5);
  });

  it('never keeps a shot without a field in view, not even inside a play’s padding', () => {
    // A play ends at 10 s; a crowd shot follows from 10.4 s to 14 s whose movement reads as play.
    const p = track(20, [[6, 12, 0.9]]);
    const cuts = new Uint8Array(p.length);
    cuts[Math.round(10.4 * fps)] = 1;
    cuts[14 * fps] = 1;
    const fieldSeen = new Float32Array(p.length).fill(1);
    fieldSeen.fill(0, Math.round(10.4 * fps), 14 * fps);
    const { segments } = decodePlays(p, { cuts, fieldSeen }, fps, 20, levels);
    expect(segments).toHaveLength(1);
    expect(segments[0]!.end).toBeCloseTo(10.4, 5);
    // Without the field test the crowd shot would be kept too.
    expect(decodePlays(p, { cuts }, fps, 20, levels).segments.at(-1)!.end).toBeCloseTo(14, 5);
  });

  it('joins a shot shorter than MIN_SHOT_SEC to the game shot before it (a false cut)', () => {
    const cuts = new Uint8Array(100);
    cuts[50] = 1;
    cuts[52] = 1;
    expect(filmShots(cuts, fps).map((s) => [s.start, s.end])).toEqual([
      [0, 52],
      [52, 100],
    ]);
    // A short shot that is not the game stays apart.
    const shots = filmShots(cuts, fps, (i) => i < 50 || i >= 52);
    expect(shots.map((s) => [s.start, s.end, s.game])).toEqual([
      [0, 50, true],
      [50, 52, false],
      [52, 100, true],
    ]);
  });

  it('passes over a clip with no snap among the plays of a film, and says so', () => {
    // Four joined clips of 10 s: three plays whose people burst into movement, and a clip whose
    // probability reads as play while people only shuffle (a defence adjusting, no snap).
    const p = track(40, [
      [3, 7, 0.9],
      [13, 17, 0.9],
      [23, 27, 0.9],
      [33, 37, 0.9],
    ]);
    const cuts = new Uint8Array(p.length);
    for (const at of [10, 20, 30]) cuts[at * fps] = 1;
    const players = new Float32Array(p.length).fill(0.1);
    for (const [from, to, level] of [
      [3, 7, 2],
      [13, 17, 2.2],
      [23, 27, 0.5],
      [33, 37, 1.9],
    ])
      players.fill(level!, from! * fps, to! * fps);
    const { segments, passedOver } = decodePlays(p, { cuts, players }, fps, 40, levels);
    expect(segments.map((s) => Math.round(s.start))).toEqual([2, 12, 32]);
    expect(passedOver).toEqual([{ start: 23, end: 27, share: expect.closeTo(0.4 / 1.8, 3) }]);
    // without people's movement nothing is passed over
    expect(decodePlays(p, { cuts }, fps, 40, levels).segments).toHaveLength(4);
  });

  describe('a broadcast’s cutaways', () => {
    /** Per-frame colour histograms: each [from, to, bins] stretch shows those bins in equal shares. */
    function colours(sec: number, stretches: [number, number, number[]][]): Uint8Array {
      const out = new Uint8Array(sec * fps * COLOUR_BINS);
      for (const [from, to, bins] of stretches)
        for (let f = from * fps; f < to * fps; f++)
          for (const b of bins) out[f * COLOUR_BINS + b] = Math.round(255 / bins.length);
      return out;
    }
    // The main camera shows court (bin 10), stands (bin 20) and kit (bin 30); a replay from another
    // camera mostly kit and floor close up (bins 30, 40).
    const main = [10, 10, 20, 30];
    const replay = [30, 40, 40, 40];

    it('does not keep a replay shown between two shots of the main camera', () => {
      // a rally 4–10 s, a replay of it 12–18 s (moving as much), the next rally 24–30 s
      const p = track(36, [
        [4, 10, 0.9],
        [12, 18, 0.9],
        [24, 30, 0.9],
      ]);
      const cuts = cutsAt(36, [12, 18]);
      const film = {
        cuts,
        colours: colours(36, [
          [0, 12, main],
          [12, 18, replay],
          [18, 36, main],
        ]),
      };
      const { segments } = decodePlays(p, film, fps, 36, levels);
      expect(segments.map((s) => [Math.round(s.start), Math.round(s.end)])).toEqual([
        [3, 12],
        [23, 33],
      ]);
      // without the colours the replay is kept as a third play
      expect(decodePlays(p, { cuts }, fps, 36, levels).segments).toHaveLength(3);
    });

    it('takes a shot a little unlike the main view for a cutaway only next to a clear one', () => {
      // the main camera until 10 s, a close-up 10–14 s, a replay 14–20 s that shares more of the
      // main view's colours, the main camera from 20 s; rallies at 4–8 s and 24–28 s
      const p = track(32, [
        [4, 8, 0.9],
        [10, 20, 0.9],
        [24, 28, 0.9],
      ]);
      const cuts = cutsAt(32, [10, 14, 20]);
      const closeUp = [30, 40, 50, 50];
      const sameCourt = [10, 20, 40, 40]; // half the main view's colours
      expect(1 - 2 / 4).toBeGreaterThanOrEqual(NEAR_CUTAWAY_DISTANCE);
      expect(1 - 2 / 4).toBeLessThan(CUTAWAY_DISTANCE + 0.2);
      const broadcast = colours(32, [
        [0, 10, main],
        [10, 14, closeUp],
        [14, 20, sameCourt],
        [20, 32, main],
      ]);
      const { segments } = decodePlays(p, { cuts, colours: broadcast }, fps, 32, levels);
      expect(segments.map((s) => Math.round(s.start))).toEqual([3, 23]);
      // the same shot with no clear cutaway beside it is the game
      const alone = colours(32, [
        [0, 14, main],
        [14, 20, sameCourt],
        [20, 32, main],
      ]);
      const twoCuts = cutsAt(32, [14, 20]);
      const { segments: kept } = decodePlays(p, { cuts: twoCuts, colours: alone }, fps, 32, levels);
      expect(kept).toHaveLength(3);
    });

    it('keeps every clip of a film of one view, and a different shot at the film’s end', () => {
      // joined clips whose colours differ a little (light, where the parent stood)
      const p = track(40, [
        [3, 7, 0.9],
        [13, 17, 0.9],
        [23, 27, 0.9],
        [33, 37, 0.9],
      ]);
      const cuts = cutsAt(40, [10, 20, 30]);
      const nearMain = [10, 10, 20, 31]; // a quarter of the picture in another colour
      expect(1 - 3 / 4).toBeLessThan(CUTAWAY_DISTANCE);
      const oneView = colours(40, [
        [0, 10, main],
        [10, 20, nearMain],
        [20, 30, main],
        [30, 40, nearMain],
      ]);
      expect(decodePlays(p, { cuts, colours: oneView }, fps, 40, levels).segments).toHaveLength(4);
      // the last clip looks unlike the others but has no main view after it: it is kept
      const endsElsewhere = colours(40, [
        [0, 30, main],
        [30, 40, replay],
      ]);
      expect(
        decodePlays(p, { cuts, colours: endsElsewhere }, fps, 40, levels).segments,
      ).toHaveLength(4);
    });
  });
});

describe('a replay from the main camera', () => {
  /** Per frame: the distance to the nearest earlier picture and to the frame before, set per stretch. */
  function pictures(sec: number, stretches: [number, number, number, number][]) {
    const repeatDistance = new Float32Array(sec * fps).fill(NO_EARLIER_PICTURE);
    const pictureChange = new Float32Array(sec * fps).fill(2);
    for (const [from, to, near, change] of stretches) {
      repeatDistance.fill(near, from * fps, to * fps);
      pictureChange.fill(change, from * fps, to * fps);
    }
    return { repeatDistance, pictureChange };
  }
  // a rally 4–10 s, the same camera's slowed replay of it 12–20 s (moving as much), a rally 26–32 s
  const p = track(36, [
    [4, 10, 0.9],
    [12, 20, 0.9],
    [26, 32, 0.9],
  ]);
  const cuts = cutsAt(36, [12, 20]);

  it('is not kept: its pictures were shown before, while a live moment never repeats', () => {
    const film = {
      cuts,
      ...pictures(36, [
        [5, 12, 8, 2.4],
        [12, 20, 0.6, 1.5],
        [20, 36, 7, 2.4],
      ]),
    };
    const { segments } = decodePlays(p, film, fps, 36, levels);
    expect(segments.map((s) => [Math.round(s.start), Math.round(s.end)])).toEqual([
      [3, 12],
      [25, 35],
    ]);
    expect(decodePlays(p, { cuts }, fps, 36, levels).segments).toHaveLength(3);
  });

  it('is told by its pictures against its own movement: small distances alone do not make one', () => {
    // tiny people far away: every picture is near another, but no nearer than the next frame is
    const far = pictures(36, [[5, 36, 1.2, 0.8]]);
    expect(decodePlays(p, { cuts, ...far }, fps, 36, levels).segments).toHaveLength(3);
    // a still shot repeats the last one exactly but has nothing to replay
    const still = pictures(36, [[12, 20, 0.1, 0.1]]);
    expect(decodePlays(p, { cuts, ...still }, fps, 36, levels).segments).toHaveLength(3);
  });

  it('is never the film’s first shot', () => {
    const shots = filmShots(cuts, fps);
    const { repeatDistance, pictureChange } = pictures(36, [[0, 36, 0.5, 2]]);
    const marked = markReplays(shots, repeatDistance, pictureChange, fps);
    expect(marked.map((s) => s.game)).toEqual([true, false, false]);
  });
});
