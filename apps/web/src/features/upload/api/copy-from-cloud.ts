import type { CopyFromCloudRequest, InProgressVideo, LibraryVideo } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

/** Imports an iCloud shared-file link into the library or a tool (library or processing path). */
export async function copyFromCloud(
  path: string,
  request: CopyFromCloudRequest,
): Promise<Partial<LibraryVideo & InProgressVideo> | undefined> {
  const response = await http.post<Partial<LibraryVideo & InProgressVideo> | undefined>(
    path,
    request,
  );
  return response.data;
}
