import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, rmdir, stat, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { byteLimit } from './byte-limit.js';
import type { ByteRange, ObjectStorage, PutOptions, StoredObjectInfo } from './object-storage.js';
import { assertSafeKey } from './storage-key.js';

const META_SUFFIX = '.meta.json';

/** Objects as files under one root folder; each file's content type sits in a small side file. */
export class LocalDiskStorage implements ObjectStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    assertSafeKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, body: Readable, options: PutOptions): Promise<StoredObjectInfo> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    // Write beside the target and rename, so a reader never sees half a file and a failure leaves nothing.
    const partial = `${target}.${randomUUID()}.partial`;
    try {
      await pipeline(body, byteLimit(options.maxBytes), createWriteStream(partial), {
        signal: options.signal,
      });
      await writeFile(
        `${target}${META_SUFFIX}`,
        JSON.stringify({ contentType: options.contentType }),
      );
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    const info = await this.stat(key);
    if (!info) throw new Error(`Stored object vanished: ${key}`);
    return info;
  }

  /**
   * Moves a finished local file into storage under `key` (a rename on the same disk, so a large upload
   * is not copied a second time); the file is gone afterwards either way.
   */
  async adoptFile(key: string, file: string, contentType: string): Promise<StoredObjectInfo> {
    const target = this.pathOf(key);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(`${target}${META_SUFFIX}`, JSON.stringify({ contentType }));
    try {
      await rename(file, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      const partial = `${target}.${randomUUID()}.partial`;
      await copyFile(file, partial);
      await rename(partial, target);
      await rm(file, { force: true });
    }
    const info = await this.stat(key);
    if (!info) throw new Error(`Stored object vanished: ${key}`);
    return info;
  }

  async stat(key: string): Promise<StoredObjectInfo | undefined> {
    const file = this.pathOf(key);
    try {
      const [info, meta] = await Promise.all([
        stat(file),
        readFile(`${file}${META_SUFFIX}`, 'utf8'),
      ]);
      const { contentType } = JSON.parse(meta) as { contentType: string };
      return { key, size: info.size, contentType };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.pathOf(key);
    await stat(file);
    return createReadStream(file, range ? { start: range.start, end: range.end } : undefined);
  }

  async delete(key: string): Promise<void> {
    const file = this.pathOf(key);
    await rm(file, { force: true });
    await rm(`${file}${META_SUFFIX}`, { force: true });
    await this.removeEmptyFolders(path.dirname(file));
  }

  /**
   * Removes `folder` and its parents up to the root while they are empty, so a deleted video leaves
   * no folders behind. A folder another write just made is not empty and stays; one removed just
   * before a write is made again by its `mkdir`.
   */
  private async removeEmptyFolders(folder: string): Promise<void> {
    const root = path.resolve(this.root);
    for (let dir = path.resolve(folder); dir.startsWith(`${root}${path.sep}`);) {
      try {
        await rmdir(dir);
      } catch {
        return;
      }
      dir = path.dirname(dir);
    }
  }

  async withLocalFile<T>(key: string, work: (path: string) => Promise<T>): Promise<T> {
    const file = this.pathOf(key);
    await stat(file);
    return work(file);
  }
}
