import { describe, expect, it } from 'vitest';
import { createVideoListCache } from './video-list-cache.js';

const TTL = 6 * 3600;

/** A library whose version and lists the test controls, counting how often a list is made. */
function library() {
  const state = {
    now: new Date('2026-03-01T12:00:10Z'),
    versions: new Map<string, number>(),
    builds: [] as { userId: string; expiresAt: number }[],
    failNext: false,
  };
  const cache = createVideoListCache({
    version: async (userId) => state.versions.get(userId) ?? 0,
    async build(userId, expiresAt) {
      state.builds.push({ userId, expiresAt });
      if (state.failNext) {
        state.failNext = false;
        throw new Error('database went away');
      }
      return JSON.stringify({
        userId,
        version: state.versions.get(userId) ?? 0,
        pad: 'x'.repeat(80),
      });
    },
    clock: () => state.now,
    urlTtlSeconds: TTL,
    maxChars: 400,
  });
  return { state, cache };
}

const seconds = (date: Date) => date.getTime() / 1000;

describe('the library list cache', () => {
  it('makes a list once while the library does not change, and again as soon as it does', async () => {
    const { state, cache } = library();
    const first = await cache.get('coach');
    expect(await cache.get('coach')).toBe(first);
    expect(state.builds).toHaveLength(1);

    state.versions.set('coach', 1);
    const changed = await cache.get('coach');
    expect(changed).not.toBe(first);
    expect(JSON.parse(changed.json).version).toBe(1);
    expect(state.builds).toHaveLength(2);
  });

  it('keeps each user’s list apart', async () => {
    const { state, cache } = library();
    const coach = await cache.get('coach');
    const player = await cache.get('player');
    expect(JSON.parse(coach.json).userId).toBe('coach');
    expect(JSON.parse(player.json).userId).toBe('player');
    state.versions.set('player', 3);
    expect(await cache.get('coach')).toBe(coach);
    expect(await cache.get('player')).not.toBe(player);
  });

  it('signs URLs that live at least their lifetime, and makes the list again when their window ends', async () => {
    const { state, cache } = library();
    const first = await cache.get('coach');
    const [build] = state.builds;
    expect(build?.expiresAt).toBeGreaterThanOrEqual(seconds(state.now) + TTL);
    expect(build?.expiresAt).toBeLessThanOrEqual(seconds(state.now) + TTL + 300);

    state.now = new Date(state.now.getTime() + 60_000);
    expect(await cache.get('coach')).toBe(first);
    state.now = new Date((build?.expiresAt ?? 0) * 1000 - TTL * 1000);
    const next = await cache.get('coach');
    expect(next).not.toBe(first);
    expect(state.builds[1]?.expiresAt).toBeGreaterThanOrEqual(seconds(state.now) + TTL);
  });

  it('makes a list once for requests that arrive while it is being made', async () => {
    const { state, cache } = library();
    const lists = await Promise.all(Array.from({ length: 20 }, () => cache.get('coach')));
    expect(new Set(lists).size).toBe(1);
    expect(state.builds).toHaveLength(1);
  });

  it('does not keep a failure: the next request makes the list again', async () => {
    const { state, cache } = library();
    state.failNext = true;
    await expect(cache.get('coach')).rejects.toThrow('database went away');
    expect(JSON.parse((await cache.get('coach')).json).userId).toBe('coach');
    expect(state.builds).toHaveLength(2);
  });

  it('drops the least recently asked lists beyond its size bound', async () => {
    const { state, cache } = library();
    const a = await cache.get('a');
    await cache.get('b');
    expect(await cache.get('a')).toBe(a);
    await cache.get('c');
    await cache.get('d');
    expect(state.builds.map((build) => build.userId)).toEqual(['a', 'b', 'c', 'd']);
    // about 100 characters a list, 400 kept: 'b' was asked least recently
    expect(await cache.get('a')).toBe(a);
    await cache.get('b');
    expect(state.builds.map((build) => build.userId)).toEqual(['a', 'b', 'c', 'd', 'b']);
  });
});
