import { ICLOUD_RESOLVE_URL } from '../../config/icloud.js';
import { ImportError } from './import-error.js';

export { ICLOUD_RESOLVE_URL };

export interface ResolvedCloudFile {
  downloadUrl: string;
  fileName: string;
}

type Fetcher = (
  url: string,
  init: { method: string; body: string; headers: Record<string, string> },
) => Promise<{
  ok: boolean;
  status: number;
  json(): Promise<unknown>;
}>;

interface ResolveAnswer {
  results?: {
    rootRecord?: {
      fields?: {
        fileContent?: { value?: { downloadURL?: string } };
        extension?: { value?: string };
      };
    };
    share?: { fields?: { 'cloudkit.title'?: { value?: string } } };
    reason?: string;
  }[];
}

/** The short id of an iCloud Drive share link (https://www.icloud.com/iclouddrive/<id>#name). */
export function iCloudShortId(link: string): string {
  const match = new URL(link).pathname.match(/\/iclouddrive\/([\w-]+)/);
  if (!match?.[1]) throw new ImportError('notAVideo', `Not an iCloud Drive share link: ${link}`);
  return match[1];
}

/**
 * Resolves an iCloud Drive share link to a direct download URL. `resolveUrl` and `fetcher` are
 * injectable so the resolver can be exercised against a local server that speaks the same protocol.
 */
export async function resolveICloudLink(
  link: string,
  fetcher: Fetcher,
  resolveUrl: string = ICLOUD_RESOLVE_URL,
): Promise<ResolvedCloudFile> {
  const shortId = iCloudShortId(link);
  const response = await fetcher(resolveUrl, {
    method: 'POST',
    headers: { 'content-type': 'text/plain' },
    body: JSON.stringify({ shortGUIDs: [{ value: shortId }] }),
  });
  if (!response.ok) {
    throw new ImportError(
      response.status === 404 ? 'shareNotFound' : 'unreachable',
      `iCloud answered ${response.status}`,
    );
  }
  const answer = (await response.json()) as ResolveAnswer;
  const result = answer.results?.[0];
  const template = result?.rootRecord?.fields?.fileContent?.value?.downloadURL;
  if (!template) {
    throw new ImportError(
      /private|permission|access/i.test(result?.reason ?? '')
        ? 'privateVideo'
        : // A share that resolves to a record without a file (a folder, say) is not a video.
          result?.rootRecord
          ? 'notAVideo'
          : 'shareNotFound',
      `iCloud resolve gave no file: ${JSON.stringify(answer).slice(0, 500)}`,
    );
  }
  const title = result?.share?.fields?.['cloudkit.title']?.value ?? 'video';
  const extension = result?.rootRecord?.fields?.extension?.value ?? 'mp4';
  const fileName = `${title}.${extension}`;
  // CloudKit download URLs carry a ${f} placeholder for the file name.
  return { downloadUrl: template.replace('${f}', encodeURIComponent(fileName)), fileName };
}
