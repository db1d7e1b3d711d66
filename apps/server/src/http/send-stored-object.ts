import type { FastifyReply, FastifyRequest } from 'fastify';
import { Messages } from '@filmroom/contract';
import parseRange from 'range-parser';
import type { ObjectStorage } from '../infra/storage/object-storage.js';
import { AppError } from '../services/errors.js';

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Sends a stored object with HTTP Range support, so browsers can seek in <video> and resume
 * downloads; 404 when the object is gone.
 */
export async function sendStoredObject(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: ObjectStorage,
  object: { key: string; downloadName?: string; cacheControl: string },
): Promise<FastifyReply> {
  const info = await storage.stat(object.key);
  if (!info) throw new AppError(404, Messages.notFound);

  reply
    .header('accept-ranges', 'bytes')
    .header('content-type', info.contentType)
    .header('cache-control', object.cacheControl)
    .header('x-content-type-options', 'nosniff');
  if (object.downloadName) reply.header('content-disposition', attachment(object.downloadName));

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
        .send(await storage.read(object.key, range));
    }
  }
  return reply.header('content-length', info.size).send(await storage.read(object.key));
}
