import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { testClip } from '@filmroom/vision-lab/testing';
import type { FastifyInstance } from 'fastify';

/** A 1 s 320x240 test-pattern clip: H.264 in MP4 (plays as is) or HEVC in MOV (needs a rendition). */
export async function makeClip(file: string, kind: 'h264' | 'hevc' = 'h264'): Promise<string> {
  await copyFile(await testClip({ codec: kind }), file);
  return file;
}

/**
 * A clip whose headers read as a 1 s H.264 video but whose picture data is zeroed: ffprobe accepts
 * it, decoding it (a thumbnail) fails.
 */
export async function makeUndecodableClip(file: string): Promise<string> {
  await makeClip(file);
  const bytes = await readFile(file);
  const mdat = bytes.indexOf('mdat');
  const size = bytes.readUInt32BE(mdat - 4);
  bytes.fill(0, mdat + 4, mdat - 4 + size);
  await writeFile(file, bytes);
  return file;
}

export async function makeTextFile(file: string): Promise<string> {
  await writeFile(file, 'This is a shopping list, not a video.\n'.repeat(50));
  return file;
}

/** A multipart/form-data body with one file part. */
export function multipartBody(
  parts: { field: string; fileName: string; content: Buffer; contentType?: string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----filmroom${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${part.fileName}"\r\n` +
          `Content-Type: ${part.contentType ?? 'video/mp4'}\r\n\r\n`,
      ),
      part.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function uploadFile(
  app: FastifyInstance,
  apiPath: string,
  token: string,
  file: { fileName: string; content: Buffer; field?: string },
) {
  const body = multipartBody([
    { field: file.field ?? 'video', fileName: file.fileName, content: file.content },
  ]);
  return app.inject({
    method: 'POST',
    url: `/api${apiPath}`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
}

/** Every file under `dir` (recursively), relative; empty when the folder does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}
