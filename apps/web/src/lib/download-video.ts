import { useMutation } from '@tanstack/react-query';
import { ApiPaths, type DirectDownloadResponse } from '@filmroom/contract';
import { http } from './http-client.js';

export async function getDownloadUrl(videoId: string): Promise<string> {
  const response = await http.get<DirectDownloadResponse>(ApiPaths.directDownload, {
    params: { videoId },
  });
  return response.data.downloadUrl;
}

/** Lets the browser fetch the file; the server's Content-Disposition names it. */
export function startBrowserDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}

/** 'Download' in the preview and share dialogs: the browser fetches the signed download address. */
export function useDownloadVideo() {
  return useMutation({
    mutationFn: getDownloadUrl,
    onSuccess: (url) => startBrowserDownload(url),
    onError: (error) => console.error('Downloading the video failed', error),
  });
}
