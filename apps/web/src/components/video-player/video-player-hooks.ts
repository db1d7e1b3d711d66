import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { VideoChapter } from '@filmroom/contract';
import { isLooping, loopJump, measuredFrameRate, type LoopRange } from './film-study.js';

export const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A WebVTT chapters track: media-chrome draws each chapter as a segment of the seek bar. */
function chaptersVtt(chapters: readonly VideoChapter[], noun: string): string {
  const stamp = (seconds: number) =>
    new Date(Math.max(0, seconds) * 1000).toISOString().slice(11, 23);
  const cues = chapters.map(
    (chapter, index) =>
      `${index + 1}\n${stamp(chapter.start)} --> ${stamp(chapter.end)}\n${capitalised(noun)} ${index + 1}`,
  );
  return ['WEBVTT', ...cues].join('\n\n') + '\n';
}

/** The chapters as a WebVTT file's object URL (revoked when they change); none without chapters. */
export function useChaptersTrack(
  chapters: readonly VideoChapter[],
  noun: string,
): string | undefined {
  const url = useMemo(() => {
    if (chapters.length === 0 || typeof URL.createObjectURL !== 'function') return undefined;
    return URL.createObjectURL(new Blob([chaptersVtt(chapters, noun)], { type: 'text/vtt' }));
  }, [chapters, noun]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

/**
 * The film's frame rate, from the media times of frames shown one after another while it plays;
 * undefined until measured, or when `known` is given.
 */
export function useMeasuredFrameRate(
  videoRef: RefObject<HTMLVideoElement | null>,
  known: number | undefined,
  src: string,
): number | undefined {
  const [measuredFps, setMeasuredFps] = useState<number | undefined>();
  useEffect(() => {
    const video = videoRef.current;
    if (!video || known || typeof video.requestVideoFrameCallback !== 'function') return;
    const steps: number[] = [];
    let last: { mediaTime: number; presentedFrames: number } | undefined;
    let handle = 0;
    const onFrame: VideoFrameRequestCallback = (_now, frame) => {
      if (last && frame.presentedFrames === last.presentedFrames + 1) {
        steps.push(frame.mediaTime - last.mediaTime);
        const measured = measuredFrameRate(steps);
        if (measured && steps.length >= 12) {
          setMeasuredFps(measured);
          return;
        }
      }
      last = { mediaTime: frame.mediaTime, presentedFrames: frame.presentedFrames };
      handle = video.requestVideoFrameCallback(onFrame);
    };
    handle = video.requestVideoFrameCallback(onFrame);
    return () => video.cancelVideoFrameCallback(handle);
  }, [videoRef, known, src]);
  return measuredFps;
}

/** A looping range holds playback between its ends, checked every animation frame. */
export function useLoopPlayback(
  videoRef: RefObject<HTMLVideoElement | null>,
  loop: LoopRange,
): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !isLooping(loop)) return;
    let handle = 0;
    const check = () => {
      const jump = loopJump(loop, video.currentTime);
      if (jump !== undefined && !video.paused) video.currentTime = jump;
      handle = requestAnimationFrame(check);
    };
    handle = requestAnimationFrame(check);
    return () => cancelAnimationFrame(handle);
  }, [videoRef, loop]);
}

/**
 * Browsers cannot play backwards: at a negative shuttle `speed` (J) the picture moves back at that
 * speed, wrapping inside a loop; at the film's start the shuttle stops (`stop`).
 */
export function useRewindShuttle(
  videoRef: RefObject<HTMLVideoElement | null>,
  speed: number,
  loop: LoopRange,
  stop: () => void,
): void {
  useEffect(() => {
    const video = videoRef.current;
    if (!video || speed >= 0) return;
    video.pause();
    let previous = performance.now();
    let handle = 0;
    const rewind = (now: number) => {
      const elapsed = (now - previous) / 1000;
      previous = now;
      const floor = isLooping(loop) ? loop.in : 0;
      const target = video.currentTime + speed * elapsed;
      video.currentTime = target <= floor && isLooping(loop) ? loop.out : Math.max(0, target);
      if (target <= 0 && !isLooping(loop)) {
        stop();
        return;
      }
      handle = requestAnimationFrame(rewind);
    };
    handle = requestAnimationFrame(rewind);
    return () => cancelAnimationFrame(handle);
  }, [videoRef, speed, loop, stop]);
}
