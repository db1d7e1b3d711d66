import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { testClip } from '@filmroom/test-media';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveICloudLink } from './icloud-resolver.js';
import { ImportError } from './import-error.js';
import { startGuardingProxy, type GuardingProxy } from '../net/guarding-proxy.js';
import { downloadWithYtDlp } from './yt-dlp.js';

const YT_DLP = process.env.YTDLP_PATH ?? '/usr/bin/yt-dlp';
let clip = '';
let server: Server;
let base = '';
let proxy: GuardingProxy;

beforeAll(async () => {
  clip = await testClip({ size: '320x180', fps: 25 });
  server = createServer((request, response) => {
    if (request.url === '/clip.mp4') {
      response.writeHead(200, { 'content-type': 'video/mp4' });
      createReadStream(clip).pipe(response);
      return;
    }
    if (request.url === '/resolve') {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        const id = (JSON.parse(body) as { shortGUIDs: { value: string }[] }).shortGUIDs[0]?.value;
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify(
            id === 'public123'
              ? {
                  results: [
                    {
                      rootRecord: {
                        fields: {
                          fileContent: { value: { downloadURL: `${base}/files/\${f}` } },
                          extension: { value: 'mov' },
                        },
                      },
                      share: { fields: { 'cloudkit.title': { value: 'Game 3' } } },
                    },
                  ],
                }
              : { results: [{ reason: 'Access denied: private share' }] },
          ),
        );
      });
      return;
    }
    response.writeHead(404).end('not here');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy = await startGuardingProxy(['127.0.0.1']);
});

afterAll(async () => {
  await proxy.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('yt-dlp import', () => {
  it('downloads a direct media link with the real yt-dlp and reports progress', async () => {
    const seen: number[] = [];
    const result = await downloadWithYtDlp(`${base}/clip.mp4`, {
      binary: YT_DLP,
      proxyUrl: proxy.url,
      tmpDir: tmpdir(),
      maxBytes: 50_000_000,
      timeoutMs: 60_000,
      onProgress: (percent) => seen.push(percent),
    });
    try {
      expect((await stat(result.file)).size).toBe((await stat(clip)).size);
      expect(seen.at(-1)).toBe(100);
    } finally {
      await rm(result.dir, { recursive: true, force: true });
    }
  });

  it('says the link is unreachable when nothing answers, and leaves no temporary folder', async () => {
    const leftovers = async () =>
      (await readdir(tmpdir())).filter((name) => name.startsWith('filmroom-ytdlp-')).sort();
    const before = await leftovers();
    const error = await downloadWithYtDlp(`${base}/missing.mp4`, {
      binary: YT_DLP,
      proxyUrl: proxy.url,
      tmpDir: tmpdir(),
      maxBytes: 50_000_000,
      timeoutMs: 60_000,
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).kind).toBe('unreachable');
    expect(await leftovers()).toEqual(before);
  });
});

describe('iCloud share links', () => {
  const fetcher = (
    url: string,
    init: { method: string; body: string; headers: Record<string, string> },
  ) => fetch(url, init);

  it('resolves a public share link to its file', async () => {
    const resolved = await resolveICloudLink(
      'https://www.icloud.com/iclouddrive/public123#Game_3',
      fetcher,
      `${base}/resolve`,
    );
    expect(resolved).toEqual({ downloadUrl: `${base}/files/Game%203.mov`, fileName: 'Game 3.mov' });
  });

  it('reports a private share as private', async () => {
    const error = await resolveICloudLink(
      'https://www.icloud.com/iclouddrive/secret999',
      fetcher,
      `${base}/resolve`,
    ).catch((caught: unknown) => caught);
    expect((error as ImportError).kind).toBe('privateVideo');
  });
});
