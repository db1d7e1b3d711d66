import type { FastifyPluginAsync } from 'fastify';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import { AppError } from '../../services/errors.js';
import { MEDIA_ROUTE, type MediaUrlSigner } from '../../services/media/signed-media-url.js';
import { Messages } from '@filmroom/contract';
import { sendStoredObject } from '../send-stored-object.js';

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
        // A key that leaves storage is refused even when signed (a leaked secret must not read files).
        if (!grant) throw new AppError(403, Messages.forbidden);
        return sendStoredObject(request, reply, deps.storage, {
          key: grant.key,
          ...(grant.downloadName ? { downloadName: grant.downloadName } : {}),
          cacheControl: 'private, max-age=3600',
        });
      },
    );
  };
}
