import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { LocalDiskStorage } from './local-disk-storage.js';
import type { ObjectStorage, StoredObjectInfo } from './object-storage.js';

/** Puts a finished local file into storage under `key` and removes the local file. */
export async function storeLocalFile(
  storage: ObjectStorage,
  key: string,
  file: string,
  contentType: string,
): Promise<StoredObjectInfo> {
  if (storage instanceof LocalDiskStorage) return storage.adoptFile(key, file, contentType);
  try {
    return await storage.put(key, createReadStream(file), { contentType });
  } finally {
    await rm(file, { force: true });
  }
}
