import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  ErrorNumber,
  Messages,
  RUNTIME_CONFIG_PATH,
  type ErrorBody,
  type RuntimeConfig,
} from '@filmroom/contract';
import type { FastifyInstance } from 'fastify';

export const API_PREFIX = '/api';

/** A client route: not under /api, and not a file name (a missing asset stays a 404). */
function isClientRoute(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  const isApi = pathname === API_PREFIX || pathname.startsWith(`${API_PREFIX}/`);
  const lastSegment = pathname.slice(pathname.lastIndexOf('/') + 1);
  return !isApi && !lastSegment.includes('.');
}

/**
 * Serves the runtime config, the built SPA, and index.html for client routes. Unknown /api
 * paths and anything else that is not a page answer 404 in the contract's error shape.
 */
export async function registerWebApp(app: FastifyInstance, webDistDir: string): Promise<void> {
  app.get(RUNTIME_CONFIG_PATH, async (_request, reply) => {
    const config: RuntimeConfig = { apiBaseUrl: API_PREFIX };
    return reply.header('cache-control', 'no-store').send(config);
  });

  const hasSpa = existsSync(path.join(webDistDir, 'index.html'));
  if (hasSpa) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'The web app is not built; serving the API only');
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (hasSpa && wantsPage && isClientRoute(request.url)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const body: ErrorBody = { message: Messages.notFound, errorNumber: ErrorNumber.Unknown };
    return reply.status(404).send(body);
  });
}
