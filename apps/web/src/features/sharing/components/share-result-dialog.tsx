import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { SHARE_RESULT_DIALOG_WIDTH, SharingTexts, type LibraryVideo } from '@filmroom/contract';
import { formatVideoDate } from '../../../lib/format-date.js';
import { useDownloadVideo } from '../../../lib/download-video.js';
import { useOpenProfile } from '../hooks/use-open-profile.js';

export interface ShareResult {
  kind: 'shared' | 'alreadyShared';
  video: LibraryVideo;
}

interface ShareResultDialogProps {
  result: ShareResult | undefined;
  onHide(): void;
}

/** Share result modal (spec §2, 50vw): shared, or already uploaded with the error look. */
export function ShareResultDialog({ result, onHide }: ShareResultDialogProps) {
  const { openProfile, isOpening } = useOpenProfile();
  const download = useDownloadVideo();
  const isShared = result?.kind === 'shared';

  async function goToProfile() {
    if (await openProfile()) onHide();
  }

  const header = isShared ? (
    <span className="share-result__title">
      <i className="pi pi-check-circle" aria-hidden="true" /> {SharingTexts.sharedTitle}
    </span>
  ) : (
    <span className="share-result__title share-result__title--error">
      <i className="pi pi-exclamation-circle" aria-hidden="true" />{' '}
      {SharingTexts.alreadySharedTitle}
    </span>
  );

  return (
    <Dialog
      header={header}
      visible={result !== undefined}
      onHide={onHide}
      style={{ width: SHARE_RESULT_DIALOG_WIDTH }}
      breakpoints={{ '960px': '90vw' }}
      className={`share-result${isShared ? '' : ' share-result--error'}`}
    >
      {result && (
        <div className="share-result__content">
          {isShared && (
            <div className="share-result__details">
              <span className="share-result__date">{formatVideoDate(result.video.date)}</span>
              <h4 className="share-result__video-title">{result.video.title || 'No name'}</h4>
              <p className="share-result__description">
                {result.video.description || 'No description'}
              </p>
              <ProgressBar value={100} aria-label="Shared" showValue={false} />
            </div>
          )}
          <div className="share-result__actions">
            {isShared ? (
              <Button
                type="button"
                label={SharingTexts.goToProfile}
                icon="pi pi-external-link"
                outlined
                loading={isOpening}
                onClick={() => void goToProfile()}
              />
            ) : (
              <>
                <Button
                  type="button"
                  label={SharingTexts.viewInProfile}
                  icon="pi pi-external-link"
                  loading={isOpening}
                  onClick={() => void goToProfile()}
                />
                <Button
                  type="button"
                  label={SharingTexts.downloadVideo}
                  icon="pi pi-download"
                  severity="secondary"
                  outlined
                  loading={download.isPending}
                  onClick={() => download.mutate(result.video.id)}
                />
              </>
            )}
          </div>
        </div>
      )}
    </Dialog>
  );
}
