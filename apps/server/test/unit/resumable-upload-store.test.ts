import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Upload } from '@tus/utils';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openResumableUploadStore } from '../../src/infra/storage/resumable-upload-store.js';

let dir = '';

beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'filmroom-uploads-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function upload(id: string, startedMsAgo: number): Upload {
  return new Upload({
    id,
    size: 100,
    offset: 0,
    metadata: { owner: 'someone' },
    creation_date: new Date(Date.now() - startedMsAgo).toISOString(),
  });
}

describe('resumable upload store', () => {
  it('removes unfinished uploads begun longer ago than the expiry, and keeps recent ones', async () => {
    const store = await openResumableUploadStore({ directory: dir, expiryMs: 60_000 });
    const old = '00000000-0000-4000-8000-000000000001';
    const recent = '00000000-0000-4000-8000-000000000002';
    await store.datastore.create(upload(old, 120_000));
    await store.datastore.create(upload(recent, 1_000));

    expect(await store.removeExpired()).toBe(1);

    expect(await store.find(old)).toBeUndefined();
    expect(await store.find(recent)).toMatchObject({ owner: 'someone', offset: 0, size: 100 });
    expect((await readdir(dir)).sort()).toEqual([recent, `${recent}.json`]);
  });

  it('forgets an upload whose bytes were already moved away', async () => {
    const store = await openResumableUploadStore({ directory: dir, expiryMs: 60_000 });
    const id = '00000000-0000-4000-8000-000000000003';
    await store.datastore.create(upload(id, 0));
    await rm(path.join(dir, id));

    await store.forget(id);

    expect(await readdir(dir)).toEqual([]);
  });
});
