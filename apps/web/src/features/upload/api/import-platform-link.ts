import type { InProgressVideo, LibraryVideo, PlatformLinkRequest } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';

/** Imports a YouTube, Hudl or Instagram Reel link (library platform-upload or processing platform). */
export async function importPlatformLink(
  path: string,
  request: PlatformLinkRequest,
): Promise<Partial<LibraryVideo & InProgressVideo> | undefined> {
  const response = await http.post<Partial<LibraryVideo & InProgressVideo> | undefined>(
    path,
    request,
  );
  return response.data;
}
