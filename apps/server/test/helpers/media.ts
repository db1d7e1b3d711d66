import { execFile } from 'node:child_process';
import { readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';

const run = promisify(execFile);

/** A 1 s 320x240 test-pattern clip: H.264 in MP4 (plays as is) or HEVC in MOV (needs a rendition). */
export async function makeClip(file: string, kind: 'h264' | 'hevc' = 'h264'): Promise<string> {
  const codec =
    kind === 'h264'
      ? [
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-pix_fmt',
          'yuv420p',
          '-movflags',
          '+faststart',
        ]
      : [
          '-c:v',
          'libx265',
          '-preset',
          'ultrafast',
          '-x265-params',
          'log-level=error',
          '-tag:v',
          'hvc1',
        ];
  await run('ffmpeg', [
    '-v',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=15',
    '-f',
    'lavfi',
    '-i',
    'sine=frequency=440:sample_rate=22050',
    '-t',
    '1',
    ...codec,
    '-c:a',
    'aac',
    file,
  ]);
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
