import { createServer } from 'node:net';
import path from 'node:path';
import { ApiPaths, type TokenPair } from '@filmroom/contract';
import { linkIn, readOutbox } from './outbox.js';

// For tests that start the built server as its own process (dist/main.js) and talk to it over HTTP.

/** A port nothing listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Asks `probe` until it answers something other than undefined (a throw counts as not yet), or
 * fails after `timeoutMs` naming `what` it waited for.
 */
export async function waitFor<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
  what: string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export type ApiCall = <T>(apiPath: string, init?: RequestInit, token?: string) => Promise<T>;

/** JSON calls to the server's API at `base`; an answer other than 2xx throws with its body. */
export function apiCaller(base: string): ApiCall {
  return async <T>(apiPath: string, init: RequestInit = {}, token?: string) => {
    const response = await fetch(`${base}/api${apiPath}`, {
      ...init,
      headers: {
        ...(init.body && typeof init.body === 'string'
          ? { 'content-type': 'application/json' }
          : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    if (!response.ok) throw new Error(`${apiPath}: ${response.status} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/**
 * Registers a coach, follows the activation link from the server's outbox (DATA_DIR/outbox) and
 * logs in. `wait` is the caller's waitFor (which may note what the test is waiting for).
 */
export async function signUpCoach(
  call: ApiCall,
  person: { email: string; password: string; firstName: string; lastName: string },
  options: { dataDir: string; mailTimeoutMs: number; wait?: typeof waitFor },
): Promise<TokenPair> {
  const wait = options.wait ?? waitFor;
  await call(ApiPaths.register, {
    method: 'POST',
    body: JSON.stringify({ ...person, phoneNumber: '', roleName: 'Coach' }),
  });
  const mails = await wait(
    async () => {
      const sent = await readOutbox(path.join(options.dataDir, 'outbox'));
      return sent.length > 0 ? sent : undefined;
    },
    options.mailTimeoutMs,
    'the activation mail',
  );
  const token = linkIn(mails[0]!, '/activate').searchParams.get('token');
  await call(ApiPaths.activate, { method: 'POST', body: JSON.stringify({ token }) });
  return call<TokenPair>(ApiPaths.login, {
    method: 'POST',
    body: JSON.stringify({ email: person.email, password: person.password }),
  });
}
