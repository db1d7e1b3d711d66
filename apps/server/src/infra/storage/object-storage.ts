import type { Readable } from 'node:stream';

export interface StoredObjectInfo {
  key: string;
  size: number;
  contentType: string;
}

/** An inclusive byte range, as HTTP Range requests express them. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface PutOptions {
  contentType: string;
  /** Refuse (and store nothing) once the body grows past this many bytes. */
  maxBytes?: number;
  signal?: AbortSignal;
}

/** Thrown when a body passes PutOptions.maxBytes; nothing is left in storage. */
export class ObjectTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`Object exceeds the limit of ${maxBytes} bytes`);
    this.name = 'ObjectTooLargeError';
  }
}

/**
 * Where videos and thumbnails live: local disk by default, any S3-compatible bucket in production.
 * Bodies are always streamed; nothing is buffered whole in memory.
 */
export interface ObjectStorage {
  put(key: string, body: Readable, options: PutOptions): Promise<StoredObjectInfo>;
  stat(key: string): Promise<StoredObjectInfo | undefined>;
  read(key: string, range?: ByteRange): Promise<Readable>;
  delete(key: string): Promise<void>;
  /**
   * Runs `work` with a local file holding the object (ffmpeg wants a seekable file): the stored file
   * itself on local disk, a temporary download (removed afterwards) on S3.
   */
  withLocalFile<T>(key: string, work: (path: string) => Promise<T>): Promise<T>;
}
