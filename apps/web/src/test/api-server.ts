import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
  delayMs?: number;
}

type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

/**
 * A real HTTP API on an ephemeral port. Routes are "METHOD /path" (path without the query) under
 * the /api prefix; unknown routes answer 404 like a server without them.
 */
export interface TestApi {
  baseUrl: string;
  requests: RecordedRequest[];
  on(route: string, handler: Handler | Reply): void;
  callsTo(route: string): RecordedRequest[];
  reset(): void;
  close(): Promise<void>;
}

function readBody(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (text === '') return resolve(undefined);
      try {
        resolve(JSON.parse(text));
      } catch {
        resolve(text);
      }
    });
    request.on('error', reject);
  });
}

function corsHeaders(response: ServerResponse): void {
  response.setHeader('Access-Control-Allow-Origin', '*');
  response.setHeader(
    'Access-Control-Allow-Headers',
    'authorization, content-type, cache-control, tus-resumable, upload-length, upload-metadata, upload-offset',
  );
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
}

export async function startTestApi(): Promise<TestApi> {
  const handlers = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];

  const server = createServer((request, response) => {
    void (async () => {
      corsHeaders(response);
      if (request.method === 'OPTIONS') {
        response.writeHead(204).end();
        return;
      }
      const url = new URL(request.url ?? '/', 'http://localhost');
      const path = url.pathname.replace(/^\/api/, '');
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: path + url.search,
        headers: request.headers,
        body: await readBody(request),
      };
      requests.push(recorded);
      const handler = handlers.get(`${recorded.method} ${path}`);
      const reply: Reply = handler
        ? await handler(recorded)
        : { status: 404, body: { message: 'Not found', errorNumber: 0 } };
      if (reply.delayMs) await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      const status = reply.status ?? 200;
      if (reply.body === undefined) {
        response.writeHead(status).end();
        return;
      }
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(reply.body));
    })();
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}/api`,
    requests,
    on(route, handler) {
      handlers.set(route, typeof handler === 'function' ? handler : () => handler);
    },
    callsTo(route) {
      const [method, path] = route.split(' ');
      return requests.filter(
        (request) => request.method === method && request.path.split('?')[0] === path,
      );
    },
    reset() {
      handlers.clear();
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
