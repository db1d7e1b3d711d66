import { Transform, type TransformCallback } from 'node:stream';
import { ObjectTooLargeError } from './object-storage.js';

/** Passes bytes through and fails the stream with ObjectTooLargeError past `maxBytes`. */
export function byteLimit(maxBytes: number | undefined): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      seen += chunk.length;
      if (maxBytes !== undefined && seen > maxBytes) {
        callback(new ObjectTooLargeError(maxBytes));
        return;
      }
      callback(null, chunk);
    },
  });
}
