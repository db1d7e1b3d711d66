import {
  describeChosenPlayers,
  describeOutput,
  formatDuration,
  toolNameOf,
  type LibraryVideo,
} from '@filmroom/contract';
import './video-origin.css';

type VideoFacts = Pick<LibraryVideo, 'durationSec' | 'madeBy' | 'chapters'>;

/** The video's length over its thumbnail, once the server knows it. */
export function VideoLength({ video }: { video: VideoFacts }) {
  if (video.durationSec === undefined) return null;
  const length = formatDuration(video.durationSec);
  return (
    <span className="video-length" aria-label={`Length ${length}`}>
      {length}
    </span>
  );
}

/**
 * For a tool's output: the tool that made it and what it kept of its source
 * ("Inactivity Filter · 12:40 of 58:10 kept, 31 plays"); nothing for a video the user added.
 */
export function VideoOrigin({ video, className }: { video: VideoFacts; className?: string }) {
  const tool = toolNameOf(video);
  if (!tool || !video.madeBy) return null;
  const kept = describeOutput(video);
  return (
    <p className={`video-origin${className ? ` ${className}` : ''}`}>
      <span className={`video-origin__tool video-origin__tool--${video.madeBy.tool}`}>{tool}</span>
      {kept && ` · ${kept}`}
    </p>
  );
}

/** For a Player Tracking output: the team and numbers it follows ("Team A (white) · #12, #7"). */
export function ChosenPlayersLine({
  video,
  className,
}: {
  video: Pick<LibraryVideo, 'chosenPlayers'>;
  className?: string;
}) {
  if (!video.chosenPlayers) return null;
  return (
    <p className={`video-origin video-origin--players${className ? ` ${className}` : ''}`}>
      {describeChosenPlayers(video.chosenPlayers)}
    </p>
  );
}

/** A short line that tells videos with the same name apart: the tool (if any) and the length. */
export function videoFactsText(video: VideoFacts): string {
  const length = video.durationSec === undefined ? undefined : formatDuration(video.durationSec);
  const tool = toolNameOf(video);
  return [tool ?? 'Original', length].filter(Boolean).join(' · ');
}
