/**
 * Why a linked video cannot be imported: the 400 answer when the link is checked before it is
 * accepted, and (named with its link, see importFailedMessage) the in-progress card's errorMessage
 * when the import fails later.
 */
export const ImportErrorMessages = {
  privateVideo: 'The linked video is private. Linked videos must be publicly accessible.',
  notAVideo: 'The link does not point to a video.',
  unreachable: 'The link could not be reached. Check that it is correct and publicly accessible.',
  shareNotFound:
    'The iCloud share could not be found. Check that the link is correct and the file is shared publicly.',
  cutOff: 'The download of the linked video was cut off before it finished. Please try again.',
  tooLarge: 'The linked video is larger than the upload limit.',
  timedOut: 'Importing the linked video took too long and was stopped.',
  refused: 'The link points to an address that cannot be used.',
  interrupted: 'Preparing the video was interrupted too many times. Please try again.',
} as const;

export type ImportErrorKind = keyof typeof ImportErrorMessages;

/** A failed import's message on its card and in its mail: which link, and why. */
export function importFailedMessage(url: string, kind: ImportErrorKind): string {
  return `Could not import ${url}: ${ImportErrorMessages[kind]}`;
}
