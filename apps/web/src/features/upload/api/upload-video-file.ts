import type { InProgressVideo, LibraryVideo, UploadProgress } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

const BYTES_PER_KB = 1024;

/** Multipart POST with the file in field 'video'; progress in percent and KB (spec §7). */
export async function uploadVideoFile(
  path: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<Partial<LibraryVideo & InProgressVideo> | undefined> {
  const body = new FormData();
  body.append('video', file, file.name);
  const response = await http.post<Partial<LibraryVideo & InProgressVideo> | undefined>(
    path,
    body,
    {
      headers: { 'Content-Type': 'multipart/form-data', 'Cache-Control': 'no-cache' },
      signal,
      onUploadProgress: (event) => {
        const total = event.total ?? file.size;
        onProgress({
          progress: total > 0 ? Math.min(100, Math.round((event.loaded * 100) / total)) : 0,
          uploadedData: Math.round(event.loaded / BYTES_PER_KB),
          totalData: Math.round(total / BYTES_PER_KB),
        });
      },
    },
  );
  return response.data;
}
