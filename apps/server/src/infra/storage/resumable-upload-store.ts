import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import type { DataStore } from '@tus/utils';

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
  /** The local file holding the bytes received. */
  file: string;
}

/**
 * Incomplete resumable uploads (tus) on local disk, `DATA_DIR/uploads/<id>` plus `<id>.json`, kept
 * across restarts so an upload resumes after a server restart too. Finished uploads leave it when
 * they become videos; abandoned ones are removed `expiryMs` after they were created.
 */
export interface ResumableUploadStore {
  /** The tus data store the HTTP layer serves. */
  datastore: DataStore;
  find(id: string): Promise<ResumableUpload | undefined>;
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
    async find(id) {
      if (!isResumableUploadId(id)) return undefined;
      try {
        const upload = await store.getUpload(id);
        return {
          id,
          owner: upload.metadata?.[OWNER_METADATA_KEY] ?? undefined,
          size: upload.size,
          offset: upload.offset,
          metadata: upload.metadata ?? {},
          file: path.join(options.directory, id),
        };
      } catch {
        return undefined;
      }
    },
    async forget(id) {
      if (!isResumableUploadId(id)) return;
      await rm(path.join(options.directory, id), { force: true });
      await store.configstore.delete(id).catch(() => undefined);
    },
    removeExpired: () => store.deleteExpired(),
  };
}
