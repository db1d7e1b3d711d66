import {
  canRetryFailure,
  type InProgressVideo,
  type LibraryVideo,
  videoTypeOfTools,
} from '@filmroom/contract';
import type { InProgressVideoRow, LibraryVideoRow } from '../../infra/db/videos.repository.js';
import type { MediaGrant, MediaUrlSigner } from '../media/signed-media-url.js';

/**
 * Spec §3 library video; url serves the browser-playable rendition when one exists, else the source.
 * Its URLs expire at `expiresAtSeconds` when given, else after the signer's usual lifetime.
 */
export function toLibraryVideo(
  video: LibraryVideoRow,
  signer: MediaUrlSigner,
  expiresAtSeconds?: number,
): LibraryVideo {
  const sign = (grant: MediaGrant) =>
    expiresAtSeconds === undefined ? signer.sign(grant) : signer.signUntil(grant, expiresAtSeconds);
  const playable = video.playableKey ?? video.sourceKey;
  return {
    id: video.id,
    title: video.title,
    description: video.description,
    notes: video.notes,
    url: playable ? sign({ key: playable }) : '',
    thumbnailUrl: video.thumbnailKey ? sign({ key: video.thumbnailKey }) : '',
    date: video.createdAt.toISOString(),
    type: videoTypeOfTools(video.tools),
    canSelectPlayers: video.canSelectPlayers,
    ...(video.durationSec !== null ? { durationSec: video.durationSec } : {}),
    ...(video.madeByTool && video.sourceDurationSec !== null
      ? { madeBy: { tool: video.madeByTool, sourceDurationSec: video.sourceDurationSec } }
      : {}),
    ...(video.chapters ? { chapters: video.chapters } : {}),
    ...(video.chosenPlayers ? { chosenPlayers: video.chosenPlayers } : {}),
    ...(hasCutAnalysis(video)
      ? { cutReview: { saving: Boolean(video.cutReview?.rendering) } }
      : {}),
  };
}

function hasCutAnalysis(video: LibraryVideoRow): boolean {
  return 'hasCutAnalysis' in video ? video.hasCutAnalysis : video.cutAnalysis !== null;
}

/** Spec §3 in-progress video. */
export function toInProgressVideo(video: InProgressVideoRow): InProgressVideo {
  return {
    id: video.id,
    type: videoTypeOfTools(video.tools),
    title: video.title,
    date: video.createdAt.toISOString(),
    percentageCompleted: video.percentageCompleted,
    canSelectPlayers: video.canSelectPlayers,
    errorMessage: video.errorMessage,
    errorAlreadyMarkedAsReaded: video.errorAlreadyMarkedAsReaded,
    canRetry: video.errorMessage !== '' && canRetryFailure(video.errorMessage),
  };
}
