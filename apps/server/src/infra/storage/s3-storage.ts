import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NotFound,
  NoSuchKey,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { byteLimit } from './byte-limit.js';
import type { ByteRange, ObjectStorage, PutOptions, StoredObjectInfo } from './object-storage.js';
import { assertSafeKey } from './storage-key.js';

export interface S3StorageOptions {
  bucket: string;
  /** For S3-compatible services (MinIO, R2, ...); unset means AWS. Implies path-style addressing. */
  endpoint?: string;
  region?: string;
  prefix?: string;
}

function isMissing(error: unknown): boolean {
  return (
    error instanceof NotFound ||
    error instanceof NoSuchKey ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
  );
}

/** Objects in an S3-compatible bucket, uploaded in streamed multipart parts. */
export class S3Storage implements ObjectStorage {
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region ?? process.env.AWS_REGION ?? 'us-east-1',
      ...(options.endpoint ? { endpoint: options.endpoint, forcePathStyle: true } : {}),
    });
  }

  private keyOf(key: string): string {
    assertSafeKey(key);
    return `${this.options.prefix ?? ''}${key}`;
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<StoredObjectInfo> {
    const counted = new PassThrough();
    const limited = pipeline(body, byteLimit(options.maxBytes), counted, {
      signal: options.signal,
    });
    const upload = new Upload({
      client: this.client,
      params: {
        Bucket: this.options.bucket,
        Key: this.keyOf(key),
        Body: counted,
        ContentType: options.contentType,
      },
      queueSize: 2,
      partSize: 8 * 1024 * 1024,
      leavePartsOnError: false,
    });
    // A failing source (size limit, abort, client gone) aborts the multipart upload so nothing stays;
    // a failing upload ends the source so neither side waits forever. The source's reason wins.
    const uploaded = upload.done().catch((error: unknown) => {
      counted.destroy(error as Error);
      throw error;
    });
    const streamed = limited.catch(async (error: unknown) => {
      await upload.abort().catch(() => undefined);
      throw error;
    });
    const [source, destination] = await Promise.allSettled([streamed, uploaded]);
    if (source.status === 'rejected') throw source.reason;
    if (destination.status === 'rejected') throw destination.reason;
    const info = await this.stat(key);
    if (!info) throw new Error(`Stored object vanished: ${key}`);
    return info;
  }

  async stat(key: string): Promise<StoredObjectInfo | undefined> {
    try {
      const head = await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }),
      );
      return {
        key,
        size: head.ContentLength ?? 0,
        contentType: head.ContentType ?? 'application/octet-stream',
      };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const object = await this.client.send(
      new GetObjectCommand({
        Bucket: this.options.bucket,
        Key: this.keyOf(key),
        ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
      }),
    );
    if (!(object.Body instanceof Readable)) throw new Error(`No body for ${key}`);
    return object.Body;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.keyOf(key) }),
    );
  }

  async withLocalFile<T>(key: string, work: (path: string) => Promise<T>): Promise<T> {
    const dir = await mkdtemp(path.join(tmpdir(), 'filmroom-s3-'));
    try {
      const file = path.join(dir, path.basename(key));
      await pipeline(await this.read(key), createWriteStream(file));
      return await work(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
}
