import { useEffect, useState } from 'react';

const PICTURE_WIDTH = 160;

/**
 * Pictures of a film at given times, drawn in the browser from the film itself: one hidden video
 * seeks from time to time and each frame is drawn small onto a canvas. Pictures arrive one by one;
 * a film the browser may not draw (another origin without CORS) gives none, and the list shows
 * times alone.
 */
export function useFramePictures(src: string, times: readonly number[]): Map<number, string> {
  const [pictures, setPictures] = useState(() => new Map<number, string>());
  const wanted = times.join(',');

  useEffect(() => {
    if (!src || times.length === 0) return;
    let stopped = false;
    const video = document.createElement('video');
    video.crossOrigin = 'anonymous';
    video.muted = true;
    video.preload = 'auto';
    video.src = src;
    const canvas = document.createElement('canvas');
    const seekTo = (time: number) =>
      new Promise<void>((resolve, reject) => {
        const done = () => {
          video.removeEventListener('seeked', done);
          video.removeEventListener('error', failed);
          resolve();
        };
        const failed = () => {
          video.removeEventListener('seeked', done);
          video.removeEventListener('error', failed);
          reject(new Error('The film could not be read'));
        };
        video.addEventListener('seeked', done);
        video.addEventListener('error', failed);
        video.currentTime = time;
      });
    const draw = async () => {
      await new Promise<void>((resolve, reject) => {
        video.addEventListener('loadeddata', () => resolve(), { once: true });
        video.addEventListener('error', () => reject(new Error('The film could not be read')), {
          once: true,
        });
      });
      canvas.width = PICTURE_WIDTH;
      canvas.height = Math.round(
        (PICTURE_WIDTH * video.videoHeight) / Math.max(1, video.videoWidth),
      );
      const context = canvas.getContext('2d');
      if (!context) return;
      for (const time of times) {
        if (stopped) return;
        await seekTo(time);
        context.drawImage(video, 0, 0, canvas.width, canvas.height);
        const picture = canvas.toDataURL('image/jpeg', 0.7);
        if (stopped) return;
        setPictures((previous) => new Map(previous).set(time, picture));
      }
    };
    draw().catch(() => undefined);
    return () => {
      stopped = true;
      video.removeAttribute('src');
      video.load();
    };
    // `wanted` stands for `times`: a new array of the same times draws nothing again
  }, [src, wanted]);

  return pictures;
}
