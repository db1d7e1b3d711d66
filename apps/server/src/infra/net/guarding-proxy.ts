import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import {
  assertLiteralHostAllowed,
  guardedLookup,
  RefusedDestinationError,
} from './guarded-fetch.js';

/**
 * A forward HTTP proxy on loopback for programs that connect on their own (yt-dlp): every
 * connection they make, redirects included, goes through it and must pass the address policy of
 * `guardedFetch`. https goes through CONNECT tunnels, http through absolute-form requests; any other
 * scheme is refused. The address is checked at connect time, on the address actually connected to.
 */
export interface GuardingProxy {
  /** `http://127.0.0.1:<port>`, for the program's proxy setting. */
  url: string;
  /** Hosts a connection was refused to, in order. */
  refused: string[];
  close(): Promise<void>;
}

/** Headers that belong to one hop (the program ↔ this proxy), not to the request it forwards. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authorization',
  'proxy-authenticate',
  'te',
  'trailer',
  'upgrade',
]);

function forwardedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())),
  );
}

/** A socket to `host:port` if the policy allows every address it resolves to; else refused. */
function connectGuarded(
  host: string,
  port: number,
  allowHosts: readonly string[],
): Promise<Socket> {
  return new Promise((resolve, reject) => {
    try {
      assertLiteralHostAllowed(host, allowHosts);
    } catch (error) {
      reject(error as Error);
      return;
    }
    const socket = connect({ host, port, lookup: guardedLookup(allowHosts) });
    socket.once('connect', () => {
      socket.removeListener('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** `host:port` of a CONNECT request; IPv6 hosts come in brackets. */
function tunnelTarget(authority: string): { host: string; port: number } | undefined {
  const match = /^(\[[^\]]+\]|[^:]+):(\d+)$/.exec(authority);
  if (!match) return undefined;
  return { host: (match[1] as string).replace(/^\[|\]$/g, ''), port: Number(match[2]) };
}

export async function startGuardingProxy(allowHosts: readonly string[]): Promise<GuardingProxy> {
  const refused: string[] = [];
  const sockets = new Set<Duplex>();
  const track = (socket: Duplex): void => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const refuse = (host: string, error: unknown): boolean => {
    if (!(error instanceof RefusedDestinationError)) return false;
    refused.push(host);
    return true;
  };

  const server = createServer((request, response) => {
    let target: URL;
    try {
      target = new URL(request.url ?? '');
    } catch {
      response.writeHead(400).end();
      return;
    }
    if (target.protocol !== 'http:') {
      refused.push(`${target.protocol}//${target.host}`);
      response.writeHead(403).end();
      return;
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    connectGuarded(host, Number(target.port || 80), allowHosts).then(
      (socket) => {
        track(socket);
        const upstream = httpRequest(
          {
            createConnection: () => socket,
            method: request.method,
            path: `${target.pathname}${target.search}`,
            headers: forwardedHeaders(request.headers),
          },
          (answer) => {
            response.writeHead(answer.statusCode ?? 502, forwardedHeaders(answer.headers));
            // An answer cut off upstream is cut off for the client too (a pipe alone would leave
            // it waiting for the rest until its socket timeout).
            answer.once('close', () => {
              if (!answer.complete) response.destroy();
            });
            answer.pipe(response);
          },
        );
        upstream.on('error', () => response.destroy());
        response.once('close', () => {
          if (!response.writableFinished) upstream.destroy();
        });
        request.pipe(upstream);
      },
      (error: unknown) => {
        response.writeHead(refuse(host, error) ? 403 : 502).end();
      },
    );
  });

  server.on('connect', (request, client: Duplex, head: Buffer) => {
    track(client);
    client.on('error', () => client.destroy());
    const target = tunnelTarget(request.url ?? '');
    if (!target) {
      client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
      return;
    }
    connectGuarded(target.host, target.port, allowHosts).then(
      (upstream) => {
        track(upstream);
        upstream.on('error', () => client.destroy());
        client.on('close', () => upstream.destroy());
        upstream.on('close', () => client.destroy());
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      },
      (error: unknown) => {
        const status = refuse(target.host, error) ? '403 Forbidden' : '502 Bad Gateway';
        client.end(`HTTP/1.1 ${status}\r\n\r\n`);
      },
    );
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
