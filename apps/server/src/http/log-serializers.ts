import type { FastifyRequest } from 'fastify';

const SECRET_QUERY = /([?&](?:token|refreshToken)=)[^&#]*/gi;

/** E-mailed links carry single-use tokens in the query; logs keep the path only. */
export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

/** Pino serializers for the request log lines; they take precedence over Fastify's defaults. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
};
