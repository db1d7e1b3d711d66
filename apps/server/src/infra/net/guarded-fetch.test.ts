import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-policy.js';
import { guardedFetch, RefusedDestinationError } from './guarded-fetch.js';

let server: Server;
let port = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/redirect-to-metadata') {
      response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      response.end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end('secret');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('address policy', () => {
  it('treats only public unicast addresses as public', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '224.0.0.1',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    expect(isPublicAddress('93.184.216.34')).toBe(true);
    expect(isPublicAddress('2606:2800:220:1:248:1893:25c8:1946')).toBe(true);
  });
});

describe('guarded fetch', () => {
  it('refuses loopback by address and by name', async () => {
    await expect(
      guardedFetch(`http://127.0.0.1:${port}/`, { allowHosts: [] }),
    ).rejects.toBeInstanceOf(RefusedDestinationError);
    await expect(
      guardedFetch(`http://localhost:${port}/`, { allowHosts: [] }),
    ).rejects.toBeInstanceOf(RefusedDestinationError);
  });

  it('refuses the cloud metadata address', async () => {
    await expect(
      guardedFetch('http://169.254.169.254/latest/meta-data/', { allowHosts: [] }),
    ).rejects.toBeInstanceOf(RefusedDestinationError);
  });

  it('refuses non-http schemes', async () => {
    await expect(guardedFetch('file:///etc/passwd', { allowHosts: [] })).rejects.toBeInstanceOf(
      RefusedDestinationError,
    );
  });

  it('fetches an allow-listed host, but still refuses a redirect from it to a private address', async () => {
    const response = await guardedFetch(`http://127.0.0.1:${port}/file`, {
      allowHosts: ['127.0.0.1'],
    });
    expect(await response.text()).toBe('secret');
    await expect(
      guardedFetch(`http://127.0.0.1:${port}/redirect-to-metadata`, { allowHosts: ['127.0.0.1'] }),
    ).rejects.toBeInstanceOf(RefusedDestinationError);
  });
});
