import { addVideoToProfileRequestSchema, ApiPaths } from '@filmroom/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ProfileSharingService } from '../../services/sharing/profile-sharing.service.js';
import { parseBody } from '../parse-body.js';

/** Spec §7 Player: share a video to the profile and find the profile's address (Player role only). */
export function playerRoutes(options: {
  sharing: ProfileSharingService;
  requirePlayer: preHandlerAsyncHookHandler;
}) {
  const { sharing } = options;
  return async (app: FastifyInstance): Promise<void> => {
    app.addHook('preHandler', options.requirePlayer);

    app.get(ApiPaths.goToProfile, (request) => sharing.profileUrl(request.userId));

    app.post(ApiPaths.addVideoToProfile, (request) =>
      sharing.share(
        request.userId,
        parseBody(addVideoToProfileRequestSchema, request.body).videoId,
      ),
    );
  };
}
