import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Multipart } from '@fastify/multipart';
import { NO_VIDEO_FILE_MESSAGE, UploadMessages, uploadTooLargeMessage } from '@filmroom/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../services/errors.js';

export interface ReceivedUpload {
  file: string;
  fileName: string;
  /** The type the client declared for the file part. */
  contentType: string;
  /** The text fields sent beside the file (the first value of each name), e.g. `sport`. */
  fields: ReadonlyMap<string, string>;
}

export interface UploadLimits {
  /** Folder of this process's temporary files. */
  tmpDir: string;
  maxBytes: number;
  /** The body may send nothing for this long; a slow but moving upload is never cut. */
  idleTimeoutMs: number;
}

/** Room for the multipart envelope around the file when judging the body's size. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** @fastify/multipart's limit errors, by code, and what the user is told instead. */
const MULTIPART_REFUSALS: Record<string, string> = {
  FST_FILES_LIMIT: UploadMessages.oneFileOnly,
  FST_PARTS_LIMIT: UploadMessages.tooManyParts,
  FST_FIELDS_LIMIT: UploadMessages.tooManyParts,
};

/**
 * Aborts when the body goes quiet for `idleMs` or passes `maxBytes` (a chunked body has no
 * Content-Length to judge up front). It only listens: the multipart parser keeps its back-pressure.
 */
function watchBody(
  raw: IncomingMessage,
  limits: { idleMs: number; maxBytes: number; tooLarge: () => AppError },
) {
  const controller = new AbortController();
  let seen = 0;
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    clearTimeout(timer);
    timer = setTimeout(
      () => controller.abort(new AppError(400, UploadMessages.stalled)),
      limits.idleMs,
    );
  };
  const onData = (chunk: Buffer): void => {
    seen += chunk.length;
    if (seen > limits.maxBytes) controller.abort(limits.tooLarge());
    else arm();
  };
  raw.on('data', onData);
  // Armed even when the whole body has arrived: a parser that stalls on it (busboy drops a part
  // whose header it cannot read, and never reads that part's bytes) must not hold the request.
  arm();
  return {
    signal: controller.signal,
    stop(): void {
      clearTimeout(timer);
      raw.off('data', onData);
    },
  };
}

/** Waits for `promise` unless `signal` aborts first (a stalled parser never settles on its own). */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error as Error);
      },
    );
  });
}

/** What the user is told about a body that could not be read; undefined for a server fault. */
function refusalFor(error: unknown, tooLarge: () => AppError): AppError | undefined {
  if (error instanceof AppError) return error;
  const {
    code,
    message = '',
    syscall,
  } = error as {
    code?: string;
    message?: string;
    syscall?: string;
  };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge();
  const refusal = code ? MULTIPART_REFUSALS[code] : undefined;
  if (refusal) return new AppError(400, refusal);
  if (code?.startsWith('FST_')) return new AppError(400, UploadMessages.notMultipart);
  // Disk and other system failures carry a syscall; those are ours, not the client's.
  if (syscall) return undefined;
  if (/boundary|content-type|malformed|header/i.test(message)) {
    return new AppError(400, UploadMessages.notMultipart);
  }
  if (
    code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    code === 'ECONNRESET' ||
    /terminated early|unexpected end|aborted|premature/i.test(message)
  ) {
    return new AppError(400, UploadMessages.cutShort);
  }
  return undefined;
}

/**
 * Streams the multipart field `video` to a temporary file (never into memory). Refuses with 413 a
 * file past `maxBytes`, and with 400 a body that goes quiet for `idleTimeoutMs`, is cut short, is not
 * multipart or holds more than one file. Text fields are returned beside it; other files are skipped. The temporary file is removed on
 * every refusal; on success the caller owns it.
 */
export async function receiveVideoUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  options: UploadLimits,
): Promise<ReceivedUpload> {
  const tooLarge = () => new AppError(413, uploadTooLargeMessage(options.maxBytes));
  if (!request.isMultipart()) throw new AppError(400, NO_VIDEO_FILE_MESSAGE);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes + MULTIPART_OVERHEAD) {
    reply.header('connection', 'close');
    throw tooLarge();
  }
  await mkdir(options.tmpDir, { recursive: true });
  const watch = watchBody(request.raw, {
    idleMs: options.idleTimeoutMs,
    maxBytes: options.maxBytes + MULTIPART_OVERHEAD,
    tooLarge,
  });
  let received: Omit<ReceivedUpload, 'fields'> | undefined;
  const fields = new Map<string, string>();
  let sink: WriteStream | undefined;
  try {
    const parts = request.parts({ limits: { fileSize: options.maxBytes, files: 1 } });
    let next = parts.next();
    for (;;) {
      const current: IteratorResult<Multipart> = await unlessAborted(next, watch.signal);
      if (current.done) break;
      const part = current.value;
      if (part.type !== 'file') {
        if (typeof part.value === 'string' && !fields.has(part.fieldname)) {
          fields.set(part.fieldname, part.value);
        }
        next = parts.next();
        continue;
      }
      if (part.fieldname !== 'video' || received) {
        part.file.resume();
        next = parts.next();
        continue;
      }
      const file = path.join(options.tmpDir, `upload-${randomUUID()}`);
      received = { file, fileName: part.filename ?? '', contentType: part.mimetype ?? '' };
      sink = createWriteStream(file, { highWaterMark: 1024 * 1024 });
      const written = pipeline(part.file, sink, { signal: watch.signal });
      written.catch(() => undefined);
      // Asked for at once: a body cut short can end the file stream before this code listens to
      // it; then the parser moves on (or ends) while the file stream lies destroyed, unfinished.
      next = parts.next();
      next.catch(() => undefined);
      const source = part.file;
      const parserMovedOn = next.then(() => {
        if (source.destroyed && !source.readableEnded) {
          throw new AppError(400, UploadMessages.cutShort);
        }
        return written;
      });
      await unlessAborted(Promise.race([written, parserMovedOn]), watch.signal);
      if (part.file.truncated) throw tooLarge();
    }
  } catch (error) {
    // The file must be closed before it can be removed for good.
    if (sink && !sink.closed) {
      const file = sink;
      await new Promise<void>((closed) => {
        file.once('close', () => closed());
        file.destroy();
      });
    }
    if (received) await rm(received.file, { force: true });
    const refusal = refusalFor(watch.signal.aborted ? watch.signal.reason : error, tooLarge);
    // The client may still be sending: answer, then close instead of reading the rest.
    if (!request.raw.complete) reply.header('connection', 'close');
    throw refusal ?? error;
  } finally {
    watch.stop();
  }
  if (!received) throw new AppError(400, NO_VIDEO_FILE_MESSAGE);
  return { ...received, fields };
}
