import { execFile } from 'node:child_process';
import { copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
import path from 'node:path';
import { testClip } from '@filmroom/test-media';
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

/** A multipart/form-data body of file parts and text fields, in the order given. */
export function multipartBody(
  parts: (
    | { field: string; fileName: string; content: Buffer; contentType?: string }
    | { field: string; value: string }
  )[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----filmroom${Date.now().toString(16)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"\r\n\r\n${part.value}\r\n`,
        ),
      );
      continue;
    }
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
  /** Text fields sent before the file. */
  fields: Record<string, string> = {},
) {
  const body = multipartBody([
    ...Object.entries(fields).map(([field, value]) => ({ field, value })),
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

/**
 * A one-frame PNG-in-MOV film whose headers (and PNG header) declare a `width`x`height` picture
 * while the file stays under a kilobyte: decoding it would allocate the whole picture (about
 * 600 MB for 16000x12000), as a crafted upload would make ffprobe and ffmpeg do.
 */
export async function makeOversizedPictureClip(
  file: string,
  width: number,
  height: number,
): Promise<string> {
  await promisify(execFile)('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=black:s=16x12:d=1:r=1'],
    ...['-frames:v', '1', '-c:v', 'png', '-f', 'mov', file],
  ]);
  const bytes = await readFile(file);
  const ihdr = bytes.indexOf('IHDR');
  bytes.writeUInt32BE(width, ihdr + 4);
  bytes.writeUInt32BE(height, ihdr + 8);
  bytes.writeUInt32BE(crc32(bytes.subarray(ihdr, ihdr + 17)), ihdr + 17);
  // The sample description's 16-bit picture size, then the track header's 16.16 one.
  const entry = bytes.indexOf('png ');
  bytes.writeUInt16BE(width, entry + 28);
  bytes.writeUInt16BE(height, entry + 30);
  const tkhd = bytes.indexOf('tkhd');
  const end = tkhd - 4 + bytes.readUInt32BE(tkhd - 4);
  bytes.writeUInt32BE(width * 65536, end - 8);
  bytes.writeUInt32BE(height * 65536, end - 4);
  await writeFile(file, bytes);
  return file;
}
