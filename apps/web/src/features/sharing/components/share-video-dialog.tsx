import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { RoleName, SHARE_DIALOG_WIDTH, SharingTexts, type LibraryVideo } from '@filmroom/contract';
import { rolesOf } from '../../../lib/access-token.js';
import { errorMessageOf, statusOf } from '../../../lib/api-error.js';
import { notify } from '../../../lib/notifier.js';
import { useSession } from '../../../lib/session.js';
import { useAddVideoToProfile } from '../api/add-video-to-profile.js';
import { useDownloadVideo } from '../../../lib/download-video.js';
import { ShareResultDialog, type ShareResult } from './share-result-dialog.js';
import { SharedVideoPreview } from './shared-video-preview.js';
import './share-dialogs.css';

export interface ShareVideoDialogProps {
  /** The video to share; undefined hides the share modal. */
  video: LibraryVideo | undefined;
  onHide(): void;
}

/**
 * Share modal (spec §2, 45vw) and its result modal: adding to the profile shows the success modal,
 * a 409 the already-uploaded one (spec §4 Share). Only players see 'Add to scoutSMART Profile'.
 */
export function ShareVideoDialog({ video, onHide }: ShareVideoDialogProps) {
  const { auth } = useSession();
  const isPlayer = rolesOf(auth.token).includes(RoleName.Player);
  const addToProfile = useAddVideoToProfile();
  const download = useDownloadVideo();
  const [result, setResult] = useState<ShareResult>();

  function add(shared: LibraryVideo) {
    addToProfile.mutate(shared.id, {
      onSuccess: () => {
        setResult({ kind: 'shared', video: shared });
        onHide();
      },
      onError: (error) => {
        if (statusOf(error) === 409) {
          setResult({ kind: 'alreadyShared', video: shared });
          onHide();
          return;
        }
        notify.error(errorMessageOf(error));
      },
    });
  }

  return (
    <>
      <Dialog
        header={SharingTexts.shareDialogTitle}
        visible={video !== undefined}
        onHide={onHide}
        style={{ width: SHARE_DIALOG_WIDTH }}
        breakpoints={{ '960px': '90vw' }}
        className="share-dialog"
      >
        {video && (
          <div className="share-dialog__content">
            <SharedVideoPreview video={video} />
            <div className="share-dialog__actions">
              {isPlayer && (
                <Button
                  type="button"
                  label={SharingTexts.addToProfile}
                  icon="pi pi-user-plus"
                  loading={addToProfile.isPending}
                  onClick={() => add(video)}
                />
              )}
              <Button
                type="button"
                label={SharingTexts.downloadVideo}
                icon="pi pi-download"
                outlined
                loading={download.isPending}
                onClick={() => download.mutate(video.id)}
              />
            </div>
          </div>
        )}
      </Dialog>
      <ShareResultDialog result={result} onHide={() => setResult(undefined)} />
    </>
  );
}
