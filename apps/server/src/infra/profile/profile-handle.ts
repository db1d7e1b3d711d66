import { randomBytes } from 'node:crypto';

/** A readable, unguessable-enough page name: `jordan-miles-3f9c2a1b7d04` (48 random bits). */
export function newProfileHandle(firstName: string, lastName: string): string {
  const slug = `${firstName} ${lastName}`
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  const suffix = randomBytes(6).toString('hex');
  return slug ? `${slug}-${suffix}` : `player-${suffix}`;
}
