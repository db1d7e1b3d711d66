import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { confirmDialog } from 'primereact/confirmdialog';
import { Messages, type InProgressVideo } from '@filmroom/contract';
import { useInProgressVideos } from '../api/get-in-progress-videos.js';
import { useCancelProcessing } from '../api/delete-in-progress-video.js';
import { useMarkErrorRead } from '../api/mark-error-read.js';
import { useRetryInProgressVideo } from '../api/retry-in-progress-video.js';
import { libraryVideosQueryKey, removeInProgressVideo } from '../../../lib/video-cache.js';
import { InProgressCard, inProgressTitle } from './in-progress-card.js';

interface InProgressSectionProps {
  /** Opens player selection; provided by the tracking tools. */
  onSelectPlayers?(video: InProgressVideo): void;
}

/** Videos being processed, polled while there are any; failed ones open their error. */
export function InProgressSection({ onSelectPlayers }: InProgressSectionProps) {
  const { data: videos = [], isLoading } = useInProgressVideos();
  const cancel = useCancelProcessing();
  const markRead = useMarkErrorRead();
  const retry = useRetryInProgressVideo();
  const client = useQueryClient();
  const [failed, setFailed] = useState<InProgressVideo>();
  const previousIds = useRef<string[]>([]);

  // A card that leaves the list (finished) usually left a new video behind: refresh the library.
  useEffect(() => {
    const ids = videos.map((video) => video.id);
    if (previousIds.current.some((id) => !ids.includes(id))) {
      void client.invalidateQueries({ queryKey: libraryVideosQueryKey });
    }
    previousIds.current = ids;
  }, [videos, client]);

  function confirmCancel(video: InProgressVideo) {
    confirmDialog({
      header: 'Cancel Video Processing',
      message: 'Are you sure you want to cancel the video processing?',
      icon: 'pi pi-exclamation-triangle',
      defaultFocus: 'reject',
      accept: () => cancel.mutate(video.id),
    });
  }

  function openError(video: InProgressVideo) {
    setFailed(video);
    if (!video.errorAlreadyMarkedAsReaded) markRead.mutate({ videoId: video.id });
    else removeInProgressVideo(client, video.id);
  }

  return (
    <section className="in-progress" aria-label="Videos in progress">
      {isLoading ? (
        <ProgressBar mode="indeterminate" style={{ height: 4 }} />
      ) : videos.length === 0 ? (
        <p className="empty-text">{Messages.noVideosInProgress}</p>
      ) : (
        <ul className="in-progress__list">
          {videos.map((video, index) => (
            <InProgressCard
              key={video.id}
              video={video}
              isFirst={index === 0}
              onCancel={confirmCancel}
              onOpenError={openError}
              onRetry={(failedVideo) => retry.mutate({ videoId: failedVideo.id })}
              onSelectPlayers={onSelectPlayers}
            />
          ))}
        </ul>
      )}
      <Dialog
        header={failed ? inProgressTitle(failed) : undefined}
        visible={failed !== undefined}
        onHide={() => setFailed(undefined)}
        style={{ width: '50vw' }}
        breakpoints={{ '960px': '90vw' }}
        className="processing-error-dialog"
      >
        <p>{failed?.errorMessage?.trim() || Messages.noErrorMessage}</p>
      </Dialog>
    </section>
  );
}
