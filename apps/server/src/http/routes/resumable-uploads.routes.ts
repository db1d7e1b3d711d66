import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import {
  Messages,
  ResumableUploadPaths,
  resumableCompleteRequestSchema,
  requestedToolOf,
  uploadTooLargeMessage,
} from '@filmroom/contract';
import { Server, type ServerOptions } from '@tus/server';
import type { Locker } from '@tus/utils';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import {
  OWNER_METADATA_KEY,
  type ResumableUploadStore,
} from '../../infra/storage/resumable-upload-store.js';
import { AppError } from '../../services/errors.js';
import type { ResumableUploadService } from '../../services/videos/resumable-upload.service.js';
import type { UploadSlots } from '../../services/videos/upload-slots.js';
import { parseBody } from '../parse-body.js';

type TusRequest = Parameters<NonNullable<ServerOptions['onIncomingRequest']>>[0];

const TUS_BODY_TYPE = 'application/offset+octet-stream';

/**
 * Resumable uploads (tus 1.0, decision 0020) under `<api>/uploads/resumable`, for signed-in users
 * only: an upload belongs to the user who created it (anyone else gets 404), is refused past
 * MAX_UPLOAD_BYTES, and becomes a video through `.../<id>/complete`, as the spec's multipart would.
 */
export function resumableUploadsRoutes(options: {
  uploads: ResumableUploadStore;
  locker: Locker;
  resumable: ResumableUploadService;
  authenticate: preHandlerAsyncHookHandler;
  /** Where this plugin is mounted (`/api`): tus answers with Location headers under it. */
  prefix: string;
  maxUploadBytes: number;
  idleTimeoutMs: number;
  uploadSlots: UploadSlots;
}) {
  const { uploads } = options;
  const base = ResumableUploadPaths.base;
  // The authenticated user of each request, for tus' hooks, which see only the raw request.
  const users = new WeakMap<IncomingMessage, string>();
  const userOf = (request: TusRequest): string | undefined => {
    const raw = (request as { runtime?: { node?: { req?: IncomingMessage } } }).runtime?.node?.req;
    return raw ? users.get(raw) : undefined;
  };
  const notFound = { status_code: 404, body: Messages.notFound };
  // tus' ids carry the store's prefix (the bucket folder on S3); URLs carry the upload id alone.
  const { idPrefix } = uploads;
  const uploadIdOf = (tusId: string): string =>
    tusId.startsWith(idPrefix) ? tusId.slice(idPrefix.length) : '';

  const tus = new Server({
    path: `${options.prefix}${base}`,
    datastore: uploads.datastore,
    locker: options.locker,
    maxSize: options.maxUploadBytes,
    relativeLocation: true,
    // Same-origin only: no CORS header is sent.
    allowedOrigins: [],
    namingFunction: () => `${idPrefix}${randomUUID()}`,
    generateUrl: (_request, { path, id }) => `${path}/${uploadIdOf(id)}`,
    // Anything but one of our ids is answered 404 by onIncomingRequest (find knows none such).
    getFileIdFromRequest: (_request, lastPath) =>
      lastPath && !/[/\\\0]/.test(lastPath) ? `${idPrefix}${lastPath}` : undefined,
    async onUploadCreate(request, upload) {
      const owner = userOf(request);
      if (!owner) throw { status_code: 401, body: Messages.unauthorized };
      try {
        await options.resumable.begin(owner, uploadIdOf(upload.id), upload.size);
      } catch (error) {
        if (error instanceof AppError) throw { status_code: error.statusCode, body: error.message };
        throw error;
      }
      return { metadata: { ...upload.metadata, [OWNER_METADATA_KEY]: owner } };
    },
    async onIncomingRequest(request, id) {
      if (request.method === 'POST') return;
      const upload = await uploads.find(uploadIdOf(id));
      if (!upload || upload.owner !== userOf(request)) throw notFound;
      // The owner's removal frees its place before tus answers 204, so an upload begun right after
      // has it (released after the answer, a client could be refused in between). Should the
      // removal itself then fail, the store's expiry removes the file.
      if (request.method === 'DELETE') await options.resumable.ended(uploadIdOf(id));
    },
    onResponseError(_request, error) {
      const status = 'status_code' in error ? error.status_code : undefined;
      if (status === 413) {
        return { status_code: 413, body: uploadTooLargeMessage(options.maxUploadBytes) };
      }
      return undefined;
    },
  });

  async function handOver(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    users.set(request.raw, request.userId);
    // Requests that may carry bytes hold one of the user's upload slots until they end.
    if (request.method === 'POST' || request.method === 'PATCH') {
      let free: () => void;
      try {
        free = options.uploadSlots.take(request.userId);
      } catch (error) {
        reply.header('connection', 'close');
        reply.header('tus-resumable', '1.0.0');
        throw error;
      }
      reply.raw.once('close', free);
    }
    // A connection that goes quiet is closed (Node destroys a timed-out socket nobody handles);
    // the client resumes from what arrived.
    (request.raw.socket as Socket | undefined)?.setTimeout?.(options.idleTimeoutMs);
    reply.hijack();
    try {
      await tus.handle(request.raw, reply.raw);
    } catch (error) {
      request.log.error({ err: error }, 'Resumable upload request failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500);
      reply.raw.end();
    }
  }

  return async (app: FastifyInstance): Promise<void> => {
    app.addHook('preHandler', options.authenticate);
    // tus reads the body itself, as it streams to disk.
    app.addContentTypeParser(TUS_BODY_TYPE, (_request, _payload, done) => done(null));

    app.post(base, handOver);
    app.route({ method: 'HEAD', url: `${base}/:uploadId`, handler: handOver });
    app.patch(`${base}/:uploadId`, handOver);
    app.delete(`${base}/:uploadId`, handOver);

    app.post<{ Params: { uploadId: string } }>(`${base}/:uploadId/complete`, (request) => {
      const body = parseBody(resumableCompleteRequestSchema, request.body);
      return options.resumable.complete(
        request.userId,
        request.params.uploadId,
        requestedToolOf(body.uploadKind),
        body.sport,
      );
    });
  };
}
