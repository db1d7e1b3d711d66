import { readFile, readdir, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's error type, which it answers as S3 does (XML body, status by code). */
const S3Error = createRequire(import.meta.url)('s3rver/lib/models/error.js') as new (
  code: string,
  message: string,
) => Error;

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  body: unknown;
}
type Middleware = (context: KoaContext, next: () => Promise<void>) => Promise<void>;

/**
 * s3rver (a real S3 API on local disk) with the three multipart calls it lacks and the tus S3
 * store makes: ListParts, AbortMultipartUpload and ListMultipartUploads, answered from s3rver's
 * own record of the multipart uploads in progress (`<bucket>/<uploads folder>/<upload id>/<n>`).
 */
export function startS3Server(options: { directory: string; bucket: string }): S3rver {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: options.directory,
    configureBuckets: [{ name: options.bucket, configs: [] }],
  });
  const store = (
    server as unknown as {
      store: { getResourcePath(bucket: string, key: undefined, resource: string): string };
    }
  ).store;
  const uploadsDir = (bucket: string) => store.getResourcePath(bucket, undefined, 'uploads');
  const missing = () => new S3Error('NoSuchUpload', 'The specified upload does not exist.');

  const multipart: Middleware = async (context, next) => {
    const [, bucket = '', ...keyParts] = context.path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const uploadId = typeof context.query.uploadId === 'string' ? context.query.uploadId : '';
    if (key && uploadId && (context.method === 'GET' || context.method === 'DELETE')) {
      const dir = path.join(uploadsDir(bucket), uploadId);
      const names = await readdir(dir).catch(() => undefined);
      if (!names) throw missing();
      if (context.method === 'DELETE') {
        await rm(dir, { recursive: true, force: true });
        context.status = 204;
        return;
      }
      const numbers = names
        .filter((name) => /^\d+$/.test(name))
        .map(Number)
        .sort((a, b) => a - b);
      const parts = await Promise.all(
        numbers.map(async (number) => {
          const file = path.join(dir, String(number));
          const [info, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')]);
          return {
            PartNumber: number,
            LastModified: info.mtime.toISOString(),
            ETag: `"${md5}"`,
            Size: info.size,
          };
        }),
      );
      context.body = {
        ListPartsResult: {
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          MaxParts: 10000,
          IsTruncated: false,
          ...(parts.length > 0 ? { Part: parts } : {}),
        },
      };
      return;
    }
    if (!key && bucket && context.method === 'GET' && 'uploads' in context.query) {
      const ids = await readdir(uploadsDir(bucket)).catch(() => [] as string[]);
      const uploads = await Promise.all(
        ids.map(async (id) => {
          const dir = path.join(uploadsDir(bucket), id);
          return {
            Key: await readFile(path.join(dir, 'key'), 'utf8'),
            UploadId: id,
            Initiated: (await stat(dir)).birthtime.toISOString(),
          };
        }),
      );
      context.body = {
        ListMultipartUploadsResult: {
          Bucket: bucket,
          IsTruncated: false,
          ...(uploads.length > 0 ? { Upload: uploads } : {}),
        },
      };
      return;
    }
    await next();
  };
  // Before s3rver's router, which is its last middleware.
  const stack = (server as unknown as { middleware: Middleware[] }).middleware;
  stack.splice(stack.length - 1, 0, multipart);
  return server;
}
