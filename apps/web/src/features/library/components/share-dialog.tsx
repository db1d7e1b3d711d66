import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import type { LibraryVideo } from '@filmroom/contract';
import { useDownloadVideo } from '../../../lib/download-video.js';

interface ShareDialogProps {
  video: LibraryVideo | undefined;
  onHide(): void;
}

/** Share modal (spec §2, 45vw). Adding to the player profile belongs to the sharing feature. */
export function ShareDialog({ video, onHide }: ShareDialogProps) {
  const download = useDownloadVideo();
  return (
    <Dialog
      header="Add video to scoutSMART or download"
      visible={video !== undefined}
      onHide={onHide}
      style={{ width: '45vw' }}
      breakpoints={{ '960px': '90vw' }}
      className="share-dialog"
    >
      {video && (
        <div className="share">
          <p className="share__title">{video.title || 'No name'}</p>
          <p className="muted">{video.description || 'No description'}</p>
          <Button
            type="button"
            label="Download Video"
            icon="pi pi-download"
            loading={download.isPending}
            onClick={() => download.mutate(video.id)}
          />
        </div>
      )}
    </Dialog>
  );
}
