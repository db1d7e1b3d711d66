import { describe, expect, it, vi } from 'vitest';
import { createAccessTokenService } from './access-token.service.js';
import { withVerifiedTokenCache } from './verified-token-cache.js';

const subject = { userId: 'c0a8012e-0000-4000-8000-000000000001', email: 'a@b.co', role: 'Coach' };

function setup(maxEntries?: number) {
  let now = new Date('2026-03-01T12:00:00.250Z');
  const clock = () => now;
  const plain = createAccessTokenService({ secret: 'x'.repeat(32), ttlSeconds: 900, clock });
  const verify = vi.spyOn(plain, 'verify');
  const tokens = withVerifiedTokenCache(plain, { clock, maxEntries });
  const at = (iso: string) => (now = new Date(iso));
  return { tokens, verify, at };
}

describe('remembered access tokens', () => {
  it('admit a verified token again without a new signature check', async () => {
    const { tokens, verify } = setup();
    const token = await tokens.issue(subject);
    const claims = { userId: subject.userId, email: subject.email, roles: ['Coach'] };
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(verify).toHaveBeenCalledTimes(1);
  });

  it('refuse the token from the second its expiry names, like a full check', async () => {
    const { tokens, at } = setup();
    const token = await tokens.issue(subject); // exp = 12:15:00
    expect(await tokens.verify(token)).toBeDefined();
    at('2026-03-01T12:14:59.999Z');
    expect(await tokens.verify(token)).toBeDefined();
    at('2026-03-01T12:15:00.000Z');
    expect(await tokens.verify(token)).toBeUndefined();
    // and a full check agrees at that instant
    const fresh = setup();
    const again = await fresh.tokens.issue(subject);
    fresh.at('2026-03-01T12:15:00.000Z');
    expect(await fresh.tokens.verify(again)).toBeUndefined();
  });

  it('never admit an altered or forged token because a genuine one is remembered', async () => {
    const { tokens } = setup();
    const token = await tokens.issue(subject);
    expect(await tokens.verify(token)).toBeDefined();
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const otherUser = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString(
      'base64url',
    );
    expect(await tokens.verify(`${header}.${otherUser}.${signature}`)).toBeUndefined();
    expect(await tokens.verify(`${header}.${payload}.${signature.slice(0, -2)}AA`)).toBeUndefined();
    const forger = createAccessTokenService({
      secret: 'y'.repeat(32),
      ttlSeconds: 900,
      clock: () => new Date('2026-03-01T12:00:00.250Z'),
    });
    expect(await tokens.verify(await forger.issue(subject))).toBeUndefined();
  });

  it('stay within their bound, still admitting every valid token', async () => {
    const { tokens, verify, at } = setup(2);
    const first = await tokens.issue(subject);
    at('2026-03-01T12:00:01.250Z');
    const second = await tokens.issue(subject);
    at('2026-03-01T12:00:02.250Z');
    const third = await tokens.issue(subject);
    for (const token of [first, second, third]) expect(await tokens.verify(token)).toBeDefined();
    expect(verify).toHaveBeenCalledTimes(3);
    // the oldest was forgotten: checked in full again, and still valid
    expect(await tokens.verify(first)).toBeDefined();
    expect(verify).toHaveBeenCalledTimes(4);
    expect(await tokens.verify(third)).toBeDefined();
    expect(verify).toHaveBeenCalledTimes(4);
  });
});
