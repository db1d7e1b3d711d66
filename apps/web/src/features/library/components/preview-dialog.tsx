import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { LibraryVideo } from '@filmroom/contract';
import { useDownloadVideo } from '../../../lib/download-video.js';

interface PreviewDialogProps {
  video: LibraryVideo | undefined;
  onHide(): void;
}

/** Preview modal (spec §2, 80vw): plays the video with its thumbnail as poster. */
export function PreviewDialog({ video, onHide }: PreviewDialogProps) {
  const download = useDownloadVideo();
  return (
    <Dialog
      header={video?.title || 'Video Preview'}
      visible={video !== undefined}
      onHide={onHide}
      style={{ width: '80vw' }}
      className="preview-dialog"
    >
      {video && (
        <div className="preview">
          <video
            className="preview__video"
            controls
            preload="metadata"
            poster={video.thumbnailUrl || undefined}
            src={video.url}
            aria-label={`Video ${video.title || 'Video Preview'}`}
          />
          <section className="preview__section" aria-labelledby="preview-description">
            <h3 id="preview-description">Description</h3>
            <p>{video.description || 'The video does not have a description.'}</p>
          </section>
          <section className="preview__section" aria-labelledby="preview-notes">
            <h3 id="preview-notes">Notes</h3>
            <p className="preview__notes">{video.notes || 'The video does not have notes.'}</p>
          </section>
          <div className="preview__actions">
            <Button
              type="button"
              label="Download Video"
              icon="pi pi-download"
              outlined
              loading={download.isPending}
              onClick={() => download.mutate(video.id)}
            />
          </div>
        </div>
      )}
    </Dialog>
  );
}
