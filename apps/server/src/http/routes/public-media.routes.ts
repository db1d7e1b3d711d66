import { Messages, PUBLIC_VIDEO_ROUTE } from '@filmroom/contract';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ObjectStorage } from '../../infra/storage/object-storage.js';
import { AppError } from '../../services/errors.js';
import type { ProfileSharingService } from '../../services/sharing/profile-sharing.service.js';
import { sendStoredObject } from '../send-stored-object.js';

type PublicRequest = FastifyRequest<{
  Params: { token: string };
  Querystring: { download?: string };
}>;

/**
 * Shared videos at login-free, non-expiring addresses (`/api/public/videos/<token>`), playable
 * (Range) and embeddable by the profile site; 404 once unshared or deleted.
 */
export function publicMediaRoutes(deps: {
  storage: ObjectStorage;
  sharing: ProfileSharingService;
}): FastifyPluginAsync {
  const serve =
    (variant: 'video' | 'thumbnail') => async (request: PublicRequest, reply: FastifyReply) => {
      const media = await deps.sharing.publicMedia(request.params.token, variant);
      if (!media) throw new AppError(404, Messages.notFound);
      const download = variant === 'video' && request.query.download !== undefined;
      // The profile may live on another origin (scoutSMART), which embeds these files.
      reply.header('cross-origin-resource-policy', 'cross-origin');
      return sendStoredObject(request, reply, deps.storage, {
        key: media.key,
        ...(download ? { downloadName: media.downloadName } : {}),
        // Revocable: caches must ask again rather than keep serving an unshared video.
        cacheControl: 'public, no-cache',
      });
    };

  return async (app) => {
    app.get(`${PUBLIC_VIDEO_ROUTE}/:token`, serve('video'));
    app.get(`${PUBLIC_VIDEO_ROUTE}/:token/thumbnail`, serve('thumbnail'));
  };
}
