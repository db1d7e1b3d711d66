import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPersonFinder, findPeople } from '@filmroom/vision/perception';
import { readFrames, probeVideo } from '@filmroom/vision/media';
import { Random } from '../random.js';
import { sampleLook, STYLE_NAMES } from './film-style.js';
import { generateStyledFilm } from './generate-styled-film.js';
import { buildStyledTimeline } from './styled-timeline.js';

const dir = resolve(import.meta.dirname, '../../../.cache/test-media');

describe('styled film looks', () => {
  it('vary widely within and across styles', () => {
    const looks = STYLE_NAMES.flatMap((style) =>
      [1, 2, 3].map((seed) => sampleLook(style, new Random(seed * 7919 + style.length))),
    );
    const distinct = (f: (l: (typeof looks)[number]) => unknown): number =>
      new Set(looks.map((l) => JSON.stringify(f(l)))).size;
    expect(distinct((l) => [l.width, l.height])).toBeGreaterThanOrEqual(4);
    expect(distinct((l) => l.operator)).toBe(4);
    expect(distinct((l) => l.surface)).toBeGreaterThanOrEqual(5);
    expect(distinct((l) => l.sound)).toBe(2);
    expect(distinct((l) => l.night)).toBe(2);
    expect(distinct((l) => Math.round(l.cameraHeight))).toBeGreaterThanOrEqual(10);
  });
});

describe('styled timelines', () => {
  it('cover the film with live plays and dead-time habits, football dead time ending in a set', () => {
    const look = { ...sampleLook('pressbox-football', new Random(5)), startsLive: false };
    const timeline = buildStyledTimeline(look, 240, new Random(9));
    expect(timeline.stretches[0]!.start).toBe(0);
    expect(timeline.stretches[timeline.stretches.length - 1]!.end).toBe(240);
    for (let i = 1; i < timeline.stretches.length; i++)
      expect(timeline.stretches[i]!.start).toBeCloseTo(timeline.stretches[i - 1]!.end, 6);
    expect(timeline.live.length).toBeGreaterThanOrEqual(4);
    const kinds = new Set(timeline.stretches.map((s) => s.kind));
    expect(kinds.has('walk-back') || kinds.has('huddle')).toBe(true);
    for (const [i, s] of timeline.stretches.entries())
      if (s.kind === 'live' && i > 0) expect(timeline.stretches[i - 1]!.kind).toBe('set');
  });

  it('cut a rally broadcast away from its main camera only between plays, replaying the last one', () => {
    const look = sampleLook('broadcast-volleyball', new Random(11));
    const timeline = buildStyledTimeline(look, 240, new Random(4));
    const cuts = timeline.broadcast!;
    const all = [...cuts.playerShots, ...cuts.crowdShots, ...cuts.replays];
    expect(cuts.playerShots.length).toBeGreaterThanOrEqual(3);
    expect(cuts.replays.length).toBeGreaterThanOrEqual(2);
    for (const c of all)
      for (const play of timeline.live)
        expect(c.end <= play.start || c.start >= play.end).toBe(true);
    for (const r of cuts.replays) {
      // the end of the play just before it, shown slower than it happened
      const play = timeline.live.filter((p) => p.end <= r.start).at(-1)!;
      expect(r.sourceEnd).toBe(play.end);
      expect(r.sourceStart).toBeGreaterThanOrEqual(play.start);
      expect(r.end - r.start).toBeGreaterThan(r.sourceEnd - r.sourceStart);
    }
    // some from the side, some by the main camera (its colours are the main view's)
    expect(cuts.replays.map((r) => r.fromMainCamera)).toContain(true);
    expect(cuts.replays.map((r) => r.fromMainCamera)).toContain(false);
    // other looks have no broadcast cutaways
    const tripod = sampleLook('endline-volleyball', new Random(11));
    expect(buildStyledTimeline(tripod, 240, new Random(4)).broadcast).toBeUndefined();
  });

  it('have no live play when there is no sport', () => {
    const look = sampleLook('no-sport', new Random(3));
    expect(buildStyledTimeline(look, 120, new Random(3)).live).toEqual([]);
  });
});

describe('styled films', () => {
  it('render to the drawn size with the ground truth cached beside them', async () => {
    const film = await generateStyledFilm({
      style: 'beach-volleyball',
      seed: 4,
      durationSec: 8,
      outDir: dir,
    });
    const info = await probeVideo(film.path);
    expect(info.video?.width).toBe(film.look.width);
    expect(info.durationSec).toBeGreaterThan(7.5);
    expect(info.audio !== null).toBe(film.look.sound);
    const again = await generateStyledFilm({
      style: 'beach-volleyball',
      seed: 4,
      durationSec: 8,
      outDir: dir,
    });
    expect(again.live).toEqual(film.live);
  });
});

describe('styled films with athlete figures', () => {
  /** Mean people a person detector finds per frame, one frame a second. */
  async function peoplePerFrame(path: string): Promise<number> {
    const finder = await createPersonFinder(1);
    let people = 0;
    let frames = 0;
    try {
      for await (const f of readFrames({ input: path, fps: 1, width: 1024 })) {
        people += (await findPeople(finder, f, { minScore: 0.25, layout: 'letterbox' })).length;
        frames++;
      }
    } finally {
      await finder.close();
    }
    return people / Math.max(1, frames);
  }

  it('show people a person detector finds, where block figures are not taken for people', async () => {
    const options = { style: 'endline-volleyball', seed: 1, durationSec: 6, outDir: dir } as const;
    const blocks = await generateStyledFilm(options);
    const figures = await generateStyledFilm({ ...options, people: 'figures' });
    expect(figures.path).not.toBe(blocks.path);
    // the same game: people drawn differently do not change what is live
    expect(figures.live).toEqual(blocks.live);
    // twelve players on court: the blocks are found at most now and then
    expect(await peoplePerFrame(blocks.path)).toBeLessThan(3);
    expect(await peoplePerFrame(figures.path)).toBeGreaterThan(8);
  }, 120_000);
});
