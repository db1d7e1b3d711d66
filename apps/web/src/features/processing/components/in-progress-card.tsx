import { ProgressBar } from 'primereact/progressbar';
import { inProgressTitleSuffix, VideoType, type InProgressVideo } from '@filmroom/contract';
import { formatVideoDate } from '../../../lib/format-date.js';

export function inProgressTitle(video: InProgressVideo): string {
  const suffix = inProgressTitleSuffix(video.type);
  return video.title ? `${video.title}${suffix}` : suffix.trimStart();
}

function hasFailed(video: InProgressVideo): boolean {
  return video.errorMessage !== undefined && video.errorMessage !== '';
}

/** What is happening to the video, in words: the bar alone does not tell a failure from a run. */
export function inProgressState(video: InProgressVideo): string {
  if (hasFailed(video)) {
    const reason = video.errorMessage?.trim();
    return reason ? `Failed: ${reason}` : 'Failed';
  }
  if (video.canSelectPlayers) return 'Waiting for player selection';
  // No worker has taken the run yet: the bar's 33% is only where new runs start (spec §3).
  if (video.jobsAhead !== undefined) {
    return video.jobsAhead > 0 ? `Queued (${video.jobsAhead} ahead)` : 'Queued';
  }
  const percent = video.percentageCompleted;
  if (video.type === VideoType.None) return percent > 0 ? `Importing ${percent}%` : 'Queued';
  return `Processing ${percent}%`;
}

interface InProgressCardProps {
  video: InProgressVideo;
  isFirst: boolean;
  onCancel(video: InProgressVideo): void;
  onOpenError(video: InProgressVideo): void;
  onRetry?(video: InProgressVideo): void;
  onSelectPlayers?(video: InProgressVideo): void;
}

/** One video being processed (spec §2 In-progress section). */
export function InProgressCard({
  video,
  isFirst,
  onCancel,
  onOpenError,
  onRetry,
  onSelectPlayers,
}: InProgressCardProps) {
  const title = inProgressTitle(video);
  const isFailed = hasFailed(video);
  const body = (
    <>
      {isFirst && <span className="in-progress-card__label">In progress</span>}
      <span className="in-progress-card__date">{formatVideoDate(video.date)}</span>
      <span className="in-progress-card__title">{title}</span>
      <span className="in-progress-card__state">{inProgressState(video)}</span>
      <ProgressBar
        value={video.percentageCompleted}
        showValue={false}
        aria-label={`${title} progress`}
        className={isFailed ? 'in-progress-card__bar--failed' : undefined}
        style={{ height: 8 }}
      />
    </>
  );

  return (
    <li className={`in-progress-card${isFailed ? ' in-progress-card--failed' : ''}`}>
      {body}
      {isFailed && (
        // Covers the whole card (it is clickable, spec §2) but holds no text of its own, so its name
        // does not have to repeat the card's visible text word for word.
        <button
          type="button"
          className="in-progress-card__open"
          aria-label={`${title} failed, show the error`}
          onClick={() => onOpenError(video)}
        />
      )}
      {isFailed && video.canRetry && (
        // beside the card, not in the error dialog: opening the error discards what a retry needs
        <button
          type="button"
          className="link-button"
          aria-label={`Retry ${title}`}
          onClick={() => onRetry?.(video)}
        >
          Retry
        </button>
      )}
      {!isFailed && video.canSelectPlayers && (
        <button type="button" className="link-button" onClick={() => onSelectPlayers?.(video)}>
          Select Players
        </button>
      )}
      {!isFailed && (
        // a run waiting at Select Players can be dropped too, not only a running one
        <button type="button" className="link-button" onClick={() => onCancel(video)}>
          Cancel
        </button>
      )}
    </li>
  );
}
