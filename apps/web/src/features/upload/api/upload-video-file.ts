import {
  SPORT_FIELD,
  type InProgressVideo,
  type LibraryVideo,
  type Sport,
  type UploadProgress,
} from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

const BYTES_PER_KB = 1024;

/**
 * Multipart POST with the file in field 'video'; progress in percent and KB (spec §7). A tool's
 * upload also sends the film's sport, in a field before the file.
 */
export async function uploadVideoFile(
  path: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
  sport?: Sport,
): Promise<Partial<LibraryVideo & InProgressVideo> | undefined> {
  const body = new FormData();
  if (sport) body.append(SPORT_FIELD, sport);
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
