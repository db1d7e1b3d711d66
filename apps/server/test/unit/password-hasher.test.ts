import { describe, expect, it } from 'vitest';
import { createArgon2PasswordHasher } from '../../src/infra/crypto/argon2-password-hasher.js';

describe('password hashing', () => {
  const hasher = createArgon2PasswordHasher();

  it('stores argon2id hashes at the default cost, salted per password', async () => {
    const first = await hasher.hash('Str0ng!Pass');
    const second = await hasher.hash('Str0ng!Pass');

    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(second).not.toBe(first);
  });

  it('accepts the right password and refuses a wrong one or a damaged hash', async () => {
    const hash = await hasher.hash('Str0ng!Pass');

    expect(await hasher.verify(hash, 'Str0ng!Pass')).toBe(true);
    expect(await hasher.verify(hash, 'str0ng!Pass')).toBe(false);
    expect(await hasher.verify('not-a-hash', 'Str0ng!Pass')).toBe(false);
  });
});
