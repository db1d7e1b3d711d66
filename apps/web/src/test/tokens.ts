function base64Url(value: object): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/** An unsigned JWT with the payload the app reads (email, exp, role list). */
export function makeToken({
  email = 'player@example.com',
  role = ['Player'],
  expiresInSeconds = 3600,
}: { email?: string; role?: string[]; expiresInSeconds?: number } = {}): string {
  const exp = Math.floor(Date.now() / 1000) + expiresInSeconds;
  return `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url({ email, role, exp })}.signature`;
}
