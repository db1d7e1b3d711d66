import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { S3, type S3ClientConfig } from '@aws-sdk/client-s3';
import { FileStore } from '@tus/file-store';
import { S3Store, type MetadataValue } from '@tus/s3-store';
import type { DataStore, KvStore, Upload } from '@tus/utils';
import type { Config } from '../../config/env.js';

/** Metadata key under which the server records who created an upload (never taken from the client). */
export const OWNER_METADATA_KEY = 'owner';

/** What the server needs to know of one resumable upload. */
export interface ResumableUpload {
  id: string;
  owner: string | undefined;
  /** Declared total size; undefined while the client defers it. */
  size: number | undefined;
  /** Bytes received so far. */
  offset: number;
  metadata: Record<string, string | null>;
  createdAt: Date | undefined;
}

/**
 * Resumable uploads (tus) not yet turned into videos: on local disk (`DATA_DIR/uploads/<id>` plus
 * `<id>.json`), or with STORAGE=s3 in the bucket (`<S3_PREFIX>resumable-uploads/<id>`, an S3
 * multipart upload until the last byte arrives), so that any api instance can serve any upload.
 * Either survives a restart. Finished uploads leave it when they become videos; abandoned ones are
 * removed `expiryMs` after they were created.
 */
export interface ResumableUploadStore {
  /** The tus data store the HTTP layer serves. */
  datastore: DataStore;
  /** tus' id of an upload is this prefix and the upload id (the object key prefix on S3). */
  idPrefix: string;
  find(id: string): Promise<ResumableUpload | undefined>;
  /**
   * A local file in `tmpDir` with a finished upload's bytes, for the caller to move or remove; the
   * upload itself stays until `forget`, so a completion that fails can be tried again.
   */
  takeFile(id: string, tmpDir: string): Promise<string>;
  /** Removes the upload's bytes (if still there) and its record. */
  forget(id: string): Promise<void>;
  /** Removes uploads older than the expiry that never became videos; returns how many. */
  removeExpired(): Promise<number>;
}

/** A tus id as our naming function makes it: a UUID, which also becomes the video's id. */
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isResumableUploadId(id: string): boolean {
  return UPLOAD_ID.test(id);
}

function described(id: string, upload: Upload): ResumableUpload {
  return {
    id,
    owner: upload.metadata?.[OWNER_METADATA_KEY] ?? undefined,
    size: upload.size,
    offset: upload.offset,
    metadata: upload.metadata ?? {},
    createdAt: upload.creation_date ? new Date(upload.creation_date) : undefined,
  };
}

export async function openResumableUploadStore(options: {
  directory: string;
  expiryMs: number;
}): Promise<ResumableUploadStore> {
  await mkdir(options.directory, { recursive: true });
  const store = new FileStore({
    directory: options.directory,
    expirationPeriodInMilliseconds: options.expiryMs,
  });
  return {
    datastore: store,
    idPrefix: '',
    async find(id) {
      if (!isResumableUploadId(id)) return undefined;
      try {
        return described(id, await store.getUpload(id));
      } catch {
        return undefined;
      }
    },
    async takeFile(id, tmpDir) {
      await mkdir(tmpDir, { recursive: true });
      const file = path.join(tmpDir, `resumable-${randomUUID()}`);
      const own = path.join(options.directory, id);
      // A second name for the same bytes (no copy) where the disk allows it.
      await link(own, file).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EXDEV' && error.code !== 'EPERM') throw error;
        await copyFile(own, file);
      });
      return file;
    },
    async forget(id) {
      if (!isResumableUploadId(id)) return;
      await rm(path.join(options.directory, id), { force: true });
      await store.configstore.delete(id).catch(() => undefined);
    },
    removeExpired: () => store.deleteExpired(),
  };
}

/** S3 part size for resumable uploads: a 10 GB film is ~300 parts (S3 allows 10,000). */
export const RESUMABLE_PART_BYTES = 32 * 1024 * 1024;

/**
 * No cache: another api instance may have finished or removed the upload since this one last saw
 * it, so its record is read from the bucket each time (one small GET).
 */
const noCache: KvStore<MetadataValue> = {
  get: async () => undefined,
  set: async () => undefined,
  delete: async () => undefined,
};

function isMissing(error: unknown): boolean {
  const name = (error as { name?: string }).name;
  return (
    name === 'NoSuchKey' ||
    name === 'NotFound' ||
    name === 'NoSuchUpload' ||
    (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404
  );
}

export function openS3ResumableUploadStore(options: {
  bucket: string;
  endpoint?: string;
  region?: string;
  /** S3_PREFIX; uploads go under `<prefix>resumable-uploads/`. */
  prefix?: string;
  expiryMs: number;
  partBytes?: number;
}): ResumableUploadStore {
  // The storage layer's client settings (credentials from the standard AWS variables).
  const clientConfig: S3ClientConfig = {
    region: options.region ?? process.env.AWS_REGION ?? 'us-east-1',
    ...(options.endpoint
      ? {
          endpoint: options.endpoint,
          forcePathStyle: true,
          // Parts go up as streams; S3-compatible services do not all read the SDK's default
          // aws-chunked bodies with checksum trailers, so checksums only where S3 asks for them.
          requestChecksumCalculation: 'WHEN_REQUIRED' as const,
        }
      : {}),
  };
  const { bucket } = options;
  const idPrefix = `${options.prefix ?? ''}resumable-uploads/`;
  const store = new S3Store({
    s3ClientConfig: { ...clientConfig, bucket },
    partSize: options.partBytes ?? RESUMABLE_PART_BYTES,
    // Parts wait in the process' temporary folder while they go up; a few at a time bounds it.
    maxConcurrentPartUploads: 4,
    expirationPeriodInMilliseconds: options.expiryMs,
    // Object tagging is not offered by every S3-compatible service; expiry is swept by us.
    useTags: false,
    cache: noCache,
  });
  const client = new S3(clientConfig);
  const keyOf = (id: string): string => `${idPrefix}${id}`;

  async function find(id: string): Promise<ResumableUpload | undefined> {
    if (!isResumableUploadId(id)) return undefined;
    try {
      return described(id, await store.getUpload(keyOf(id)));
    } catch {
      return undefined;
    }
  }

  async function forget(id: string): Promise<void> {
    if (!isResumableUploadId(id)) return;
    const key = keyOf(id);
    const info = await client
      .headObject({ Bucket: bucket, Key: `${key}.info` })
      .catch((error: unknown) => {
        if (isMissing(error)) return undefined;
        throw error;
      });
    const uploadId = info?.Metadata?.['upload-id'];
    if (uploadId) {
      // Already completed (the usual case here) or aborted: nothing to abort.
      await client
        .abortMultipartUpload({ Bucket: bucket, Key: key, UploadId: uploadId })
        .catch((error: unknown) => {
          if (!isMissing(error)) throw error;
        });
    }
    await client.deleteObjects({
      Bucket: bucket,
      Delete: { Objects: [{ Key: key }, { Key: `${key}.info` }, { Key: `${key}.part` }] },
    });
  }

  return {
    datastore: store,
    idPrefix,
    find,
    async takeFile(id, tmpDir) {
      await mkdir(tmpDir, { recursive: true });
      const file = path.join(tmpDir, `resumable-${id}-${randomBytes(4).toString('hex')}`);
      const object = await client.getObject({ Bucket: bucket, Key: keyOf(id) });
      if (!(object.Body instanceof Readable)) throw new Error(`No body for upload ${id}`);
      try {
        await pipeline(object.Body, createWriteStream(file));
      } catch (error) {
        await rm(file, { force: true });
        throw error;
      }
      return file;
    },
    forget,
    async removeExpired() {
      // Each upload has a record `<id>.info` from creation until it is forgotten, finished or not.
      let removed = 0;
      let token: string | undefined;
      do {
        const page = await client.listObjectsV2({
          Bucket: bucket,
          Prefix: idPrefix,
          ContinuationToken: token,
        });
        for (const object of page.Contents ?? []) {
          const name = object.Key?.slice(idPrefix.length) ?? '';
          if (!name.endsWith('.info')) continue;
          const id = name.slice(0, -'.info'.length);
          const upload = await find(id);
          const createdAt = upload?.createdAt ?? object.LastModified;
          if (!createdAt || Date.now() - createdAt.getTime() < options.expiryMs) continue;
          await forget(id);
          removed += 1;
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return removed;
    },
  };
}

/** The store STORAGE names: in the bucket with S3 (any api instance serves any upload), else on disk. */
export function openConfiguredResumableUploadStore(config: {
  storage: Config['storage'];
  dataDir: string;
  uploadExpiryMs: number;
}): Promise<ResumableUploadStore> {
  if (config.storage.kind === 's3') {
    const { kind: _kind, ...s3 } = config.storage;
    return Promise.resolve(openS3ResumableUploadStore({ ...s3, expiryMs: config.uploadExpiryMs }));
  }
  return openResumableUploadStore({
    directory: path.join(config.dataDir, 'uploads'),
    expiryMs: config.uploadExpiryMs,
  });
}
