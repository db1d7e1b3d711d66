import { ImportErrorMessages, type ImportErrorKind } from '@filmroom/contract';
import type { Video } from '../../infra/db/videos.repository.js';
import type { OwnerNotifier } from '../mail/owner-notifier.js';
import { importFailedMail } from '../mail/processing-mails.js';

/** Mails the owner of a failed link import (its link and why), if they have notifications on. */
export function createImportFailureNotifier(deps: {
  notifyOwner: OwnerNotifier;
  publicUrl: string;
}) {
  return (video: Video, failure: { url: string; kind: ImportErrorKind }): Promise<void> =>
    deps.notifyOwner(
      video.userId,
      (user) =>
        importFailedMail({
          to: user.email,
          firstName: user.firstName,
          publicUrl: deps.publicUrl,
          url: failure.url,
          reason: ImportErrorMessages[failure.kind],
        }),
      { videoId: video.id },
    );
}

export type ImportFailureNotifier = ReturnType<typeof createImportFailureNotifier>;
