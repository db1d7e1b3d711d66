import {
  ApiPaths,
  cutReviewQuerySchema,
  playerNumberRequestSchema,
  saveCutsRequestSchema,
  selectPlayersRequestSchema,
  videoIdQuerySchema,
} from '@filmroom/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { CutReviewService } from '../../services/processing/cut-review.service.js';
import type { ProcessingService } from '../../services/processing/processing.service.js';
import { parseBody } from '../parse-body.js';

/**
 * Spec §7: Player Tracking's player selection between analysis and rendering; beyond the spec, the
 * coach's number for a player and the review of an Inactivity Filter output's cuts.
 */
export function processingRoutes(options: {
  processing: ProcessingService;
  cutReview: CutReviewService;
  authenticate: preHandlerAsyncHookHandler;
}) {
  const { processing, cutReview } = options;
  return async (app: FastifyInstance): Promise<void> => {
    app.addHook('preHandler', options.authenticate);

    app.get(ApiPaths.selectTrackingPlayers, (request) =>
      processing.trackingInfo(request.userId, parseBody(videoIdQuerySchema, request.query).videoId),
    );

    app.post(ApiPaths.selectTrackingPlayers, (request) =>
      processing.selectPlayers(request.userId, parseBody(selectPlayersRequestSchema, request.body)),
    );

    app.post(ApiPaths.trackingPlayerNumber, (request) =>
      processing.numberPlayer(request.userId, parseBody(playerNumberRequestSchema, request.body)),
    );

    app.get(ApiPaths.cutReview, (request) =>
      cutReview.review(request.userId, parseBody(cutReviewQuerySchema, request.query)),
    );

    app.post(ApiPaths.saveCuts, async (request, reply) => {
      const answer = await cutReview.save(
        request.userId,
        parseBody(saveCutsRequestSchema, request.body),
      );
      return reply.code(202).send(answer);
    });
  };
}
