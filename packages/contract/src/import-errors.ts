/** Why importing a linked video failed, as the in-progress card's errorMessage shows it. */
export const ImportErrorMessages = {
  privateVideo: 'The linked video is private. Linked videos must be publicly accessible.',
  notAVideo: 'The link does not point to a video.',
  unreachable: 'The link could not be reached. Check that it is correct and publicly accessible.',
  tooLarge: 'The linked video is larger than the upload limit.',
  timedOut: 'Importing the linked video took too long and was stopped.',
  refused: 'The link points to an address that cannot be used.',
  interrupted: 'Preparing the video was interrupted too many times. Please try again.',
} as const;

export type ImportErrorKind = keyof typeof ImportErrorMessages;
