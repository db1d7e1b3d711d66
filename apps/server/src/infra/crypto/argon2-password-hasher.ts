import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package's const enum cannot be read under isolatedModules.
const ARGON2ID = 2;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
}

/** argon2id cost; the defaults follow OWASP's minimum (19 MiB, 2 passes). */
export interface Argon2Cost {
  memoryCost: number;
  timeCost: number;
}

export const DEFAULT_ARGON2_COST: Argon2Cost = { memoryCost: 19_456, timeCost: 2 };

export function createArgon2PasswordHasher(cost: Argon2Cost = DEFAULT_ARGON2_COST): PasswordHasher {
  const options = { algorithm: ARGON2ID, parallelism: 1, ...cost };
  return {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false;
      }
    },
  };
}
