import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGuardingProxy } from './guarding-proxy.js';

let target: Server;
let targetPort = 0;
let hits = 0;

beforeAll(async () => {
  target = createServer((_request, response) => {
    hits += 1;
    response.writeHead(200, { 'content-type': 'text/plain' }).end('inside');
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  targetPort = (target.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => target.close(() => resolve())));

/** A CONNECT through the proxy (how https is proxied); resolves the proxy's status code. */
function tunnel(proxyUrl: string, authority: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const proxy = new URL(proxyUrl);
    const connect = request({
      host: proxy.hostname,
      port: proxy.port,
      method: 'CONNECT',
      path: authority,
    });
    connect.on('connect', (answer, socket) => {
      if (answer.statusCode !== 200) {
        socket.destroy();
        resolve({ status: answer.statusCode ?? 0, body: '' });
        return;
      }
      let body = '';
      socket.setEncoding('utf8');
      socket.on('data', (text: string) => (body += text));
      socket.on('end', () => resolve({ status: 200, body }));
      socket.write(`GET / HTTP/1.1\r\nHost: ${authority}\r\nConnection: close\r\n\r\n`);
    });
    connect.on('error', reject);
    connect.end();
  });
}

/** An absolute-form request through the proxy (how plain http is proxied). */
function viaProxy(proxyUrl: string, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const proxy = new URL(proxyUrl);
    const sent = request({ host: proxy.hostname, port: proxy.port, path: url }, (answer) => {
      answer.resume();
      resolve(answer.statusCode ?? 0);
    });
    sent.on('error', reject);
    sent.end();
  });
}

describe('the guarding proxy', () => {
  it('refuses tunnels and requests to loopback, by address and by name, and records them', async () => {
    const proxy = await startGuardingProxy([]);
    try {
      const before = hits;

      const byAddress = await tunnel(proxy.url, `127.0.0.1:${targetPort}`);
      const byName = await tunnel(proxy.url, `localhost:${targetPort}`);
      const v6 = await tunnel(proxy.url, `[::1]:${targetPort}`);
      const plain = await viaProxy(proxy.url, `http://127.0.0.1:${targetPort}/secret`);
      const ftp = await viaProxy(proxy.url, `ftp://127.0.0.1:${targetPort}/secret`);

      expect([byAddress.status, byName.status, v6.status, plain, ftp]).toEqual([
        403, 403, 403, 403, 403,
      ]);
      expect(hits).toBe(before);
      expect(proxy.refused).toEqual([
        '127.0.0.1',
        'localhost',
        '::1',
        '127.0.0.1',
        `ftp://127.0.0.1:${targetPort}`,
      ]);
    } finally {
      await proxy.close();
    }
  });

  it('passes tunnels and requests to allowed hosts through unchanged', async () => {
    const proxy = await startGuardingProxy(['localhost']);
    try {
      const tunnelled = await tunnel(proxy.url, `localhost:${targetPort}`);
      const plain = await viaProxy(proxy.url, `http://localhost:${targetPort}/video`);

      expect(tunnelled.status).toBe(200);
      expect(tunnelled.body).toMatch(/^HTTP\/1\.1 200 /);
      expect(tunnelled.body).toContain('inside');
      expect(plain).toBe(200);
      expect(proxy.refused).toEqual([]);
    } finally {
      await proxy.close();
    }
  });
});
