import rateLimit from '@fastify/rate-limit';
import { Messages } from '@filmroom/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../services/errors.js';
import { clientAddressKey } from '../client-address.js';

/**
 * Registers the limiter without a global limit; routes opt in with `authRateLimit`. Counters are
 * kept per client (an IPv6 client by its /64, see clientAddressKey) and per route, in memory (each api instance counts on its own).
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new AppError(429, Messages.tooManyRequests),
  });
}

export function authRateLimit(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: '1 minute',
      keyGenerator: (request: FastifyRequest) => clientAddressKey(request.ip),
    },
  };
}
