import type { FastifyPluginAsync } from 'fastify';
import parseRange from 'range-parser';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import { AppError } from '../../services/errors.js';
import { MEDIA_ROUTE, type MediaUrlSigner } from '../../services/media/signed-media-url.js';
import { Messages } from '@filmroom/contract';

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Serves stored videos and thumbnails behind signed, expiring URLs, with HTTP Range support so
 * browsers can seek in <video> and resume downloads.
 */
export function mediaRoutes(deps: {
  storage: ObjectStorage;
  signer: MediaUrlSigner;
}): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { token: string }; Querystring: Record<string, string | undefined> }>(
      `${MEDIA_ROUTE}/:token`,
      async (request, reply) => {
        const grant = deps.signer.verify(request.params.token, request.query);
        if (!grant) throw new AppError(403, Messages.forbidden);
        const info = await deps.storage.stat(grant.key);
        if (!info) throw new AppError(404, Messages.notFound);

        reply
          .header('accept-ranges', 'bytes')
          .header('content-type', info.contentType)
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff');
        if (grant.downloadName) reply.header('content-disposition', attachment(grant.downloadName));

        const header = request.headers.range;
        if (header && info.size > 0) {
          const ranges = parseRange(info.size, header, { combine: true });
          if (ranges === -1) {
            return reply.status(416).header('content-range', `bytes */${info.size}`).send();
          }
          if (ranges !== -2 && ranges.type === 'bytes' && ranges.length === 1) {
            const range = ranges[0] as { start: number; end: number };
            return reply
              .status(206)
              .header('content-range', `bytes ${range.start}-${range.end}/${info.size}`)
              .header('content-length', range.end - range.start + 1)
              .send(await deps.storage.read(grant.key, range));
          }
        }
        return reply.header('content-length', info.size).send(await deps.storage.read(grant.key));
      },
    );
  };
}
