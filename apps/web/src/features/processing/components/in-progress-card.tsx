import { ProgressBar } from 'primereact/progressbar';
import { inProgressTitleSuffix, type InProgressVideo } from '@filmroom/contract';
import { formatVideoDate } from '../../../lib/format-date.js';

export function inProgressTitle(video: InProgressVideo): string {
  const suffix = inProgressTitleSuffix(video.type);
  return video.title ? `${video.title}${suffix}` : suffix.trimStart();
}

interface InProgressCardProps {
  video: InProgressVideo;
  isFirst: boolean;
  onCancel(video: InProgressVideo): void;
  onOpenError(video: InProgressVideo): void;
  onSelectPlayers?(video: InProgressVideo): void;
}

/** One video being processed (spec §2 In-progress section). */
export function InProgressCard({
  video,
  isFirst,
  onCancel,
  onOpenError,
  onSelectPlayers,
}: InProgressCardProps) {
  const title = inProgressTitle(video);
  const hasFailed = video.errorMessage !== undefined && video.errorMessage !== '';
  const body = (
    <>
      {isFirst && <span className="in-progress-card__label">In progress</span>}
      <span className="in-progress-card__date">{formatVideoDate(video.date)}</span>
      <span className="in-progress-card__title">{title}</span>
      <ProgressBar
        value={video.percentageCompleted}
        showValue={false}
        aria-label={`${title} progress`}
        className={hasFailed ? 'in-progress-card__bar--failed' : undefined}
        style={{ height: 8 }}
      />
    </>
  );

  return (
    <li className={`in-progress-card${hasFailed ? ' in-progress-card--failed' : ''}`}>
      {hasFailed ? (
        <button
          type="button"
          className="in-progress-card__open"
          aria-label={`${title} failed, show the error`}
          onClick={() => onOpenError(video)}
        >
          {body}
        </button>
      ) : (
        body
      )}
      {!hasFailed &&
        (video.canSelectPlayers ? (
          <button type="button" className="link-button" onClick={() => onSelectPlayers?.(video)}>
            Select Players
          </button>
        ) : (
          <button type="button" className="link-button" onClick={() => onCancel(video)}>
            Cancel
          </button>
        ))}
    </li>
  );
}
