import { ResumableUploadPaths, resumableCompletePath, UploadKind } from '@filmroom/contract';
import type { FastifyInstance } from 'fastify';

export const TUS_VERSION = { 'tus-resumable': '1.0.0' };

function uploadMetadata(values: Record<string, string>): string {
  return Object.entries(values)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/**
 * A tus client for one user, speaking to the app in process. Uploads it creates carry `metadata`
 * (e.g. the file name) unless a call names its own; none at all when it is empty.
 */
export function tusClient(
  app: FastifyInstance,
  defaultMetadata: Record<string, string>,
  token: string,
) {
  const auth = { ...TUS_VERSION, authorization: `Bearer ${token}` };
  return {
    create: (size: number, metadata = defaultMetadata) =>
      app.inject({
        method: 'POST',
        url: `/api${ResumableUploadPaths.base}`,
        headers: {
          ...auth,
          'upload-length': String(size),
          ...(Object.keys(metadata).length > 0
            ? { 'upload-metadata': uploadMetadata(metadata) }
            : {}),
        },
      }),
    head: (location: string) => app.inject({ method: 'HEAD', url: location, headers: auth }),
    patch: (location: string, offset: number, body: Buffer) =>
      app.inject({
        method: 'PATCH',
        url: location,
        payload: body,
        headers: {
          ...auth,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
        },
      }),
    remove: (location: string) => app.inject({ method: 'DELETE', url: location, headers: auth }),
    complete: (
      uploadId: string,
      uploadKind: UploadKind = UploadKind.VideoLibrary,
      extra: Record<string, unknown> = {},
    ) =>
      app.inject({
        method: 'POST',
        url: `/api${resumableCompletePath(uploadId)}`,
        payload: { uploadKind, ...extra },
        headers: { authorization: `Bearer ${token}` },
      }),
  };
}
