import type { Config } from '../../config/env.js';
import { LocalDiskStorage } from './local-disk-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { S3Storage } from './s3-storage.js';

/** The storage backend named by STORAGE (credentials for S3 come from the standard AWS variables). */
export function createStorage(config: Config['storage']): ObjectStorage {
  if (config.kind === 's3') {
    const { kind: _kind, ...options } = config;
    return new S3Storage(options);
  }
  return new LocalDiskStorage(config.root);
}
