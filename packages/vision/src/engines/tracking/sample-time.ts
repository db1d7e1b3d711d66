/**
 * Presentation time of the source frame behind sampled frame `index` of ffmpeg's `fps` filter:
 * that filter emits, for each output tick, the last input frame before the tick's midpoint, so
 * sample k shows the frame just before (k + 0.5) / fps, not the one at k / fps.
 */
export function sampledFrameTime(index: number, fps: number, sourceFps: number): number {
  const mid = (index + 0.5) / fps;
  if (!(sourceFps > 0)) return mid;
  return Math.max(0, (Math.ceil(mid * sourceFps - 1e-6) - 1) / sourceFps);
}
