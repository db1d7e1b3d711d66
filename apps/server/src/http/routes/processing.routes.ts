import {
  ApiPaths,
  playerNumberRequestSchema,
  selectPlayersRequestSchema,
  videoIdQuerySchema,
} from '@filmroom/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { ProcessingService } from '../../services/processing/processing.service.js';
import { parseBody } from '../parse-body.js';

/**
 * Spec §7: Player Tracking's player selection between analysis and rendering, and the coach's
 * number for a player (beyond the spec).
 */
export function processingRoutes(options: {
  processing: ProcessingService;
  authenticate: preHandlerAsyncHookHandler;
}) {
  const { processing } = options;
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
  };
}
