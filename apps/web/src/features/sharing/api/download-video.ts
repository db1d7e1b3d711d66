import { useMutation } from '@tanstack/react-query';
import { ApiPaths, type DirectDownloadResponse } from '@filmroom/contract';
import { http } from '../../../lib/http-client.js';
import { startBrowserDownload } from '../hooks/start-browser-download.js';

export async function getDownloadUrl(videoId: string): Promise<string> {
  const response = await http.get<DirectDownloadResponse>(ApiPaths.directDownload, {
    params: { videoId },
  });
  return response.data.downloadUrl;
}

/** 'Download Video' in the share modals: the browser fetches the signed download address. */
export function useDownloadVideo() {
  return useMutation({
    mutationFn: getDownloadUrl,
    onSuccess: (url) => startBrowserDownload(url),
    onError: (error) => console.error('Downloading the video failed', error),
  });
}
