import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { NO_VIDEO_FILE_MESSAGE, uploadTooLargeMessage } from '@filmroom/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../services/errors.js';

export interface ReceivedUpload {
  file: string;
  fileName: string;
}

/** Room for the multipart envelope around the file when judging Content-Length up front. */
const MULTIPART_OVERHEAD = 64 * 1024;

function isTooLarge(error: unknown): boolean {
  return (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE';
}

/**
 * Streams the multipart field `video` to a temporary file (never into memory), refusing it past
 * `maxBytes` with 413. Other parts are skipped. The caller owns the returned file.
 */
export async function receiveVideoUpload(
  request: FastifyRequest,
  options: { tmpDir: string; maxBytes: number },
): Promise<ReceivedUpload> {
  const tooLarge = () => new AppError(413, uploadTooLargeMessage(options.maxBytes));
  if (!request.isMultipart()) throw new AppError(400, NO_VIDEO_FILE_MESSAGE);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > options.maxBytes + MULTIPART_OVERHEAD) {
    throw tooLarge();
  }
  await mkdir(options.tmpDir, { recursive: true });
  let received: ReceivedUpload | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: options.maxBytes, files: 1 } })) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== 'video' || received) {
        part.file.resume();
        continue;
      }
      const file = path.join(options.tmpDir, `upload-${randomUUID()}`);
      received = { file, fileName: part.filename ?? '' };
      await pipeline(part.file, createWriteStream(file, { highWaterMark: 1024 * 1024 }));
      if (part.file.truncated) throw tooLarge();
    }
  } catch (error) {
    if (received) await rm(received.file, { force: true });
    if (error instanceof AppError) throw error;
    if (isTooLarge(error)) throw tooLarge();
    throw error;
  }
  if (!received) throw new AppError(400, NO_VIDEO_FILE_MESSAGE);
  return received;
}
