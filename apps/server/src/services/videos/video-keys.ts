/**
 * Storage key layout: every object of a video sits under one prefix, so deleting a video deletes a
 * known, small set of keys and an operator can find a user's files by listing one folder.
 */
export function videoKeys(userId: string, videoId: string) {
  const prefix = `videos/${userId}/${videoId}`;
  return {
    source: (extension: string) => `${prefix}/source.${extension}`,
    playable: `${prefix}/playable.mp4`,
    thumbnail: `${prefix}/thumbnail.jpg`,
    /**
     * A file made again in place (an output's reviewed cuts): a new name each time, so no browser or
     * cache serves the old one under the same address.
     */
    revision: (revision: string) => ({
      source: `${prefix}/source-${revision}.mp4`,
      thumbnail: `${prefix}/thumbnail-${revision}.jpg`,
    }),
    /** A processing entry's photo of a player it found (`photoId` names the player). */
    playerPhoto: (photoId: string) => `${prefix}/players/${photoId}.jpg`,
  };
}

const CONTENT_TYPES: Record<string, string> = {
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  ts: 'video/mp2t',
  '3gp': 'video/3gpp',
};

/** The source's extension: the uploaded name's when it is a known video type, else from the container. */
export function sourceExtension(fileName: string, formatName: string): string {
  const given = /\.([a-z0-9]{1,5})$/i.exec(fileName)?.[1]?.toLowerCase();
  if (given && given in CONTENT_TYPES) return given;
  if (/(^|,)(mov|mp4)(,|$)/.test(formatName)) return 'mp4';
  if (/webm/.test(formatName)) return 'webm';
  if (/matroska/.test(formatName)) return 'mkv';
  return 'bin';
}

export function contentTypeFor(extension: string): string {
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

export function extensionOf(key: string): string {
  return /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? 'mp4';
}

/** Longest uploaded file name kept with a video (it is only shown to operators). */
const STORED_FILE_NAME_MAX = 1024;

/**
 * The uploaded file's name as it may be stored: without control characters (PostgreSQL text
 * cannot hold a NUL) or lone surrogates, and capped.
 */
export function storedFileName(fileName: string): string {
  return (
    fileName
      // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
      .replace(/[\x00-\x1f\x7f]/g, ' ')
      .replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '')
      .slice(0, STORED_FILE_NAME_MAX)
      .replace(/[\ud800-\udbff]$/, '')
  );
}

/** A download file name from the title, safe on every OS: `Game vs Tigers.mp4`. */
export function downloadName(title: string, extension: string): string {
  const safe = title
    // eslint-disable-next-line no-control-regex -- control characters are exactly what must go
    .replace(/[\\/:*?"<>|\x00-\x1f]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 120);
  return `${safe || 'video'}.${extension}`;
}
