import { PROFILE_PAGE_ROUTE } from '@filmroom/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { ProfileSharingService } from '../../services/sharing/profile-sharing.service.js';
import { renderProfileNotFound, renderProfilePage } from '../views/profile-page.js';

const HANDLE = /^[a-z0-9-]{1,80}$/;

/** The built-in public player profile page at `/p/<handle>`, outside the SPA and without login. */
export function profilePageRoutes(deps: { sharing: ProfileSharingService }): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { handle: string } }>(
      `${PROFILE_PAGE_ROUTE}/:handle`,
      async (request, reply) => {
        const { handle } = request.params;
        const profile = HANDLE.test(handle) ? await deps.sharing.publicProfile(handle) : undefined;
        reply
          .header('content-type', 'text/html; charset=utf-8')
          .header('cache-control', 'no-cache');
        if (!profile) return reply.status(404).send(renderProfileNotFound());
        return reply.send(renderProfilePage(profile));
      },
    );
  };
}
