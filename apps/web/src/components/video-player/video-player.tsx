import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import {
  MediaControlBar,
  MediaController,
  MediaFullscreenButton,
  MediaLoadingIndicator,
  MediaMuteButton,
  MediaPlayButton,
  MediaTimeDisplay,
  MediaTimeRange,
  MediaVolumeRange,
} from 'media-chrome/react';
import type { VideoChapter } from '@filmroom/contract';
import { actionForKey, shortcutsFor, type FilmAction } from './film-shortcuts.js';
import {
  ARROW_SEEK_SEC,
  chapterIndexAt,
  DEFAULT_FRAME_RATE,
  formatFilmTime,
  frameStepTime,
  isLooping,
  nextChapterStart,
  PLAYBACK_RATES,
  previousChapterStart,
  shuttle,
  stepRate,
  type LoopRange,
} from './film-study.js';
import {
  capitalised,
  useChaptersTrack,
  useLoopPlayback,
  useMeasuredFrameRate,
  useRewindShuttle,
} from './video-player-hooks.js';
import './video-player.css';

export interface VideoPlayerProps {
  src: string;
  poster?: string;
  /** The video's title: the player is named '<title> player', the video 'Video <title>'. */
  title: string;
  /** Kept plays or player clips in this video's own timeline: marked on the bar, stepped through. */
  chapters?: readonly VideoChapter[];
  /** What one chapter is called: 'play' (Inactivity Filter) or 'clip' (Player Tracking). */
  /** What one chapter is called ("play", "clip"). */
  chapterNoun?: string;
  /** Frames per second when known; otherwise measured while the film plays (30 until then). */
  frameRate?: number;
  /** Take the keyboard focus on mount, so the shortcuts work at once. */
  autoFocus?: boolean;
}

/** Starts playback; a refused play (no user gesture yet, a test DOM) only leaves it paused. */
function playQuietly(video: HTMLVideoElement): void {
  Promise.resolve(video.play()).catch(() => undefined);
}

/** A film-study player: media-chrome controls plus frame steps, J/K/L, speeds, loops and chapters. */
export function VideoPlayer({
  src,
  poster,
  title,
  chapters = [],
  chapterNoun = 'play',
  frameRate,
  autoFocus,
}: VideoPlayerProps) {
  const rootRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const shortcutsId = useId();
  const [time, setTime] = useState(0);
  const [rate, setRate] = useState(1);
  const [speed, setSpeed] = useState(0);
  const [loop, setLoop] = useState<LoopRange>({});
  const [isShowingShortcuts, setShowingShortcuts] = useState(false);
  const measuredFps = useMeasuredFrameRate(videoRef, frameRate, src);
  const fps = frameRate ?? measuredFps ?? DEFAULT_FRAME_RATE;
  const hasChapters = chapters.length > 0;
  const noun = capitalised(chapterNoun);
  const chaptersUrl = useChaptersTrack(chapters, chapterNoun);
  const stopShuttle = useCallback(() => setSpeed(0), []);
  useLoopPlayback(videoRef, loop);
  useRewindShuttle(videoRef, speed, loop, stopShuttle);

  useEffect(() => {
    if (autoFocus) rootRef.current?.focus();
  }, [autoFocus]);

  // Mirror the element's time and rate; J/L shuttle ends when playback stops by other means.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const onTime = () => setTime(video.currentTime);
    const onRate = () => setRate(video.playbackRate);
    const onPause = () => setSpeed((current) => (current > 0 ? 0 : current));
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('seeked', onTime);
    video.addEventListener('ratechange', onRate);
    video.addEventListener('pause', onPause);
    return () => {
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('seeked', onTime);
      video.removeEventListener('ratechange', onRate);
      video.removeEventListener('pause', onPause);
    };
  }, []);

  const seekTo = useCallback((target: number | undefined) => {
    const video = videoRef.current;
    if (!video || target === undefined) return;
    video.currentTime = target;
    setTime(target);
  }, []);

  const run = useCallback(
    (action: FilmAction) => {
      const video = videoRef.current;
      if (!video) return;
      const now = video.currentTime;
      const stopShuttle = () => {
        setSpeed(0);
        video.pause();
      };
      switch (action) {
        case 'togglePlay':
          setSpeed(0);
          if (video.paused) playQuietly(video);
          else video.pause();
          return;
        case 'shuttleBack':
        case 'stop':
        case 'shuttleForward': {
          const key = action === 'shuttleBack' ? 'j' : action === 'stop' ? 'k' : 'l';
          const next = shuttle(speed, key);
          setSpeed(next);
          if (next > 0) {
            video.playbackRate = next;
            playQuietly(video);
          } else if (next === 0) {
            video.pause();
          }
          return;
        }
        case 'previousFrame':
        case 'nextFrame':
          stopShuttle();
          seekTo(frameStepTime(now, fps, action === 'nextFrame' ? 1 : -1, video.duration));
          return;
        case 'slower':
        case 'faster':
          video.playbackRate = stepRate(video.playbackRate, action === 'faster' ? 1 : -1);
          return;
        case 'seekBack':
          seekTo(Math.max(0, now - ARROW_SEEK_SEC));
          return;
        case 'seekForward':
          seekTo(
            Math.min(
              Number.isFinite(video.duration) ? video.duration : now + ARROW_SEEK_SEC,
              now + ARROW_SEEK_SEC,
            ),
          );
          return;
        case 'markIn':
          setLoop((current) =>
            current.out !== undefined && current.out <= now ? { in: now } : { ...current, in: now },
          );
          return;
        case 'markOut':
          setLoop((current) =>
            current.in !== undefined && current.in >= now
              ? { in: now, out: current.in }
              : { in: current.in ?? 0, out: now },
          );
          return;
        case 'clearLoop':
          setLoop({});
          return;
        case 'previousChapter':
          seekTo(previousChapterStart(chapters, now));
          return;
        case 'nextChapter':
          seekTo(nextChapterStart(chapters, now));
          return;
        case 'toggleMute':
          video.muted = !video.muted;
          return;
        case 'toggleFullscreen':
          video.dispatchEvent(
            new CustomEvent(
              document.fullscreenElement
                ? 'mediaexitfullscreenrequest'
                : 'mediaenterfullscreenrequest',
              {
                bubbles: true,
                composed: true,
              },
            ),
          );
          return;
        case 'toggleShortcuts':
          setShowingShortcuts((showing) => !showing);
          return;
      }
    },
    [chapters, fps, seekTo, speed],
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const action = actionForKey(event, hasChapters);
    if (!action) return;
    const target = event.target as HTMLElement;
    // Space and arrows keep their own meaning on a focused button or slider.
    const onPlayer =
      target === rootRef.current ||
      target === videoRef.current ||
      target.tagName === 'MEDIA-CONTROLLER';
    if ((event.key === ' ' || event.key.startsWith('Arrow')) && !onPlayer) return;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    event.preventDefault();
    event.stopPropagation();
    run(action);
  }

  const chapterIndex = chapterIndexAt(chapters, time);
  const looping = isLooping(loop);
  const shortcuts = shortcutsFor(hasChapters);

  return (
    <div
      ref={rootRef}
      className="video-player"
      role="group"
      aria-label={`${title} player`}
      aria-describedby={`${shortcutsId}-hint`}
      tabIndex={0}
      onKeyDown={onKeyDown}
    >
      <MediaController noHotkeys className="video-player__controller">
        <video
          ref={videoRef}
          slot="media"
          className="video-player__video"
          src={src}
          poster={poster}
          preload="metadata"
          playsInline
          aria-label={`Video ${title}`}
        >
          {chaptersUrl && <track kind="chapters" src={chaptersUrl} default label={`${noun}s`} />}
        </video>
        <MediaLoadingIndicator slot="centered-chrome" noAutohide />
        <MediaControlBar>
          <MediaPlayButton />
          <MediaTimeRange />
          <MediaTimeDisplay showDuration noToggle />
          <MediaMuteButton />
          <MediaVolumeRange />
          <MediaFullscreenButton />
        </MediaControlBar>
      </MediaController>

      <div className="video-player__tools" role="toolbar" aria-label="Film study">
        <div className="video-player__group">
          <button
            type="button"
            className="film-tool"
            aria-label="Previous frame"
            aria-keyshortcuts=","
            title="Previous frame (,)"
            onClick={() => run('previousFrame')}
          >
            <i className="pi pi-step-backward" aria-hidden="true" />
          </button>
          <button
            type="button"
            className="film-tool"
            aria-label="Next frame"
            aria-keyshortcuts="."
            title="Next frame (.)"
            onClick={() => run('nextFrame')}
          >
            <i className="pi pi-step-forward" aria-hidden="true" />
          </button>
        </div>

        <div className="video-player__group" role="group" aria-label="Speed">
          {PLAYBACK_RATES.map((option) => (
            <button
              key={option}
              type="button"
              className="film-tool film-tool--text"
              aria-pressed={Math.abs(rate - option) < 1e-6}
              onClick={() => {
                const video = videoRef.current;
                if (video) video.playbackRate = option;
              }}
            >
              {`${option}x`}
            </button>
          ))}
        </div>

        <div className="video-player__group" role="group" aria-label="Loop">
          <button
            type="button"
            className="film-tool film-tool--text"
            aria-keyshortcuts="I"
            onClick={() => run('markIn')}
          >
            Set loop start
          </button>
          <button
            type="button"
            className="film-tool film-tool--text"
            aria-keyshortcuts="O"
            onClick={() => run('markOut')}
          >
            Set loop end
          </button>
          {(loop.in !== undefined || loop.out !== undefined) && (
            <button
              type="button"
              className="film-tool film-tool--text"
              aria-keyshortcuts="X"
              onClick={() => run('clearLoop')}
            >
              Clear loop
            </button>
          )}
          <span className="video-player__status" aria-live="polite">
            {looping
              ? `Looping ${formatFilmTime(loop.in)} – ${formatFilmTime(loop.out)}`
              : loop.in !== undefined
                ? `Loop from ${formatFilmTime(loop.in)}`
                : ''}
          </span>
        </div>

        {hasChapters && (
          <div className="video-player__group" role="group" aria-label={`${noun}s`}>
            <button
              type="button"
              className="film-tool"
              aria-label={`Previous ${chapterNoun}`}
              aria-keyshortcuts="P"
              title={`Previous ${chapterNoun} (P)`}
              onClick={() => run('previousChapter')}
            >
              <i className="pi pi-angle-double-left" aria-hidden="true" />
            </button>
            <span className="video-player__status" aria-live="polite">
              {`${noun} ${Math.max(1, chapterIndex + 1)} of ${chapters.length}`}
            </span>
            <button
              type="button"
              className="film-tool"
              aria-label={`Next ${chapterNoun}`}
              aria-keyshortcuts="N"
              title={`Next ${chapterNoun} (N)`}
              onClick={() => run('nextChapter')}
            >
              <i className="pi pi-angle-double-right" aria-hidden="true" />
            </button>
          </div>
        )}

        <button
          type="button"
          className="film-tool film-tool--text video-player__shortcuts-toggle"
          aria-expanded={isShowingShortcuts}
          aria-controls={shortcutsId}
          aria-keyshortcuts="?"
          onClick={() => setShowingShortcuts((showing) => !showing)}
        >
          <i className="pi pi-info-circle" aria-hidden="true" /> Keyboard shortcuts
        </button>
      </div>
      <p id={`${shortcutsId}-hint`} className="visually-hidden">
        Press ? for the keyboard shortcuts.
      </p>

      <table
        id={shortcutsId}
        className="video-player__shortcuts"
        aria-label="Keyboard shortcuts"
        hidden={!isShowingShortcuts}
      >
        <tbody>
          {shortcuts.map((shortcut) => (
            <tr key={shortcut.action}>
              <th scope="row">
                <kbd>{shortcut.label}</kbd>
              </th>
              <td>{shortcut.description}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
