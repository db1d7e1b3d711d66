import { ErrorNumber, Messages, type ErrorBody } from '@filmroom/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../../services/errors.js';

function messageFor(status: number): string {
  if (status === 401) return Messages.unauthorized;
  if (status === 403) return Messages.forbidden;
  if (status === 404) return Messages.notFound;
  if (status === 415) return Messages.unsupportedMediaType;
  if (status === 429) return Messages.tooManyRequests;
  return Messages.badRequest;
}

/** Every failure leaves as the contract's `{ message, errorNumber, errors? }`; details go to the log. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler<FastifyError | AppError>((error, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send(error.toBody());
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      request.log.info({ err: error }, 'Request rejected');
      const body: ErrorBody = { message: messageFor(status), errorNumber: ErrorNumber.Unknown };
      return reply.status(status).send(body);
    }
    request.log.error({ err: error }, 'Unexpected error');
    const body: ErrorBody = { message: Messages.unexpected, errorNumber: ErrorNumber.Unknown };
    return reply.status(500).send(body);
  });
}
