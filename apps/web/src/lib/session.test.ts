import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeToken } from '../test/tokens.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('stored session', () => {
  it('is kept encrypted and read back after a reload', async () => {
    const first = await import('./session.js');
    const token = makeToken();
    first.saveAuth({ token, refreshToken: 'r1' });
    expect(JSON.stringify({ ...localStorage })).not.toContain(token);

    vi.resetModules();
    const reloaded = await import('./session.js');
    expect(reloaded.getAuth()).toEqual({ token, refreshToken: 'r1' });
    reloaded.clearAuth('logout');
  });

  it('that cannot be decrypted is removed with a warning and the visitor is signed out', async () => {
    localStorage.setItem('filmroom.j.auth', 'U2FsdGVkX1+garbage-that-is-not-ours==');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    vi.resetModules();
    const session = await import('./session.js');

    expect(session.isSignedIn()).toBe(false);
    expect(session.getAuth()).toEqual({ token: undefined, refreshToken: undefined });
    expect(localStorage.getItem('filmroom.j.auth')).toBeNull();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('could not be read'));
  });

  it('with the wrong shape is removed with a warning and the visitor is signed out', async () => {
    const storage = await import('./secure-storage.js');
    storage.writeSecure(storage.StorageKeys.auth, { token: 42 });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    const session = await import('./session.js');
    session.reloadSession();

    expect(session.isSignedIn()).toBe(false);
    expect(Object.keys(localStorage).filter((key) => key.endsWith('.auth'))).toEqual([]);
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
