import { lazy, Suspense } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { describeChosenPlayers, TOOLS, type LibraryVideo } from '@filmroom/contract';

// The player and its media-chrome controls load when a preview first opens, not with the app.
const VideoPlayer = lazy(() =>
  import('../../../components/video-player/video-player.js').then(({ VideoPlayer }) => ({
    default: VideoPlayer,
  })),
);
import { useDownloadVideo } from '../../../lib/download-video.js';

interface PreviewDialogProps {
  video: LibraryVideo | undefined;
  onHide(): void;
  /** Opens the review of an Inactivity Filter output's cuts (beyond the spec). */
  onReviewCuts?(video: LibraryVideo): void;
}

/** Preview modal (spec §2, 80vw): plays the video with its thumbnail as poster, for film study. */
export function PreviewDialog({ video, onHide, onReviewCuts }: PreviewDialogProps) {
  const download = useDownloadVideo();
  return (
    <Dialog
      header={video?.title || 'Video Preview'}
      visible={video !== undefined}
      onHide={onHide}
      style={{ width: '80vw' }}
      breakpoints={{ '960px': '95vw' }}
      className="preview-dialog"
      // The player takes the focus so its keyboard shortcuts work as soon as it opens.
      focusOnShow={false}
    >
      {video && (
        <div className="preview">
          <Suspense fallback={<div className="preview__loading" aria-busy="true" />}>
            <VideoPlayer
              src={video.url}
              poster={video.thumbnailUrl || undefined}
              title={video.title || 'Video Preview'}
              chapters={video.chapters}
              chapterNoun={video.madeBy ? TOOLS[video.madeBy.tool].chapterNoun.one : 'play'}
              autoFocus
            />
          </Suspense>
          {video.chosenPlayers && (
            <section className="preview__section" aria-labelledby="preview-players">
              <h3 id="preview-players">Players</h3>
              <p>{describeChosenPlayers(video.chosenPlayers)}</p>
            </section>
          )}
          <section className="preview__section" aria-labelledby="preview-description">
            <h3 id="preview-description">Description</h3>
            <p>{video.description || 'The video does not have a description.'}</p>
          </section>
          <section className="preview__section" aria-labelledby="preview-notes">
            <h3 id="preview-notes">Notes</h3>
            <p className="preview__notes">{video.notes || 'The video does not have notes.'}</p>
          </section>
          <div className="preview__actions">
            {video.cutReview && onReviewCuts && (
              <Button
                type="button"
                label={video.cutReview.saving ? 'Review cuts (saving…)' : 'Review cuts'}
                icon="pi pi-sliders-h"
                outlined
                onClick={() => {
                  onHide();
                  onReviewCuts(video);
                }}
              />
            )}
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
