import { readFrames } from '../media/frame-reader.js';
import type { MediaInfo } from '../media/probe.js';
import { AudioAnalyser } from './audio-features.js';
import { MotionAnalyser } from './motion-features.js';

/** Per-sampled-frame signals of a whole film, kept as compact arrays (a few bytes per frame). */
export interface FilmFeatures {
  fps: number;
  count: number;
  fieldMotion: Float32Array;
  frameChange: Float32Array;
  histogramChange: Float32Array;
  fieldShare: Float32Array;
  cameraShift: Float32Array;
  /** Share of measured blocks that agree with the fitted camera motion (low across a cut). */
  cameraFit: Float32Array;
  rmsDb: Float32Array;
  whistle: Float32Array;
  hasAudio: boolean;
}

export interface FeatureOptions {
  input: string;
  info: MediaInfo;
  fps: number;
  /** Analysis width for 16:9 film; other shapes keep about the same pixel count. */
  width: number;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

const AUDIO_RATE = 16000;

class GrowableArray {
  private data = new Float32Array(1024);
  length = 0;

  push(v: number): void {
    if (this.length === this.data.length) {
      const next = new Float32Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length++] = v;
  }

  toArray(): Float32Array {
    return this.data.slice(0, this.length);
  }
}

/** Decodes the film once (video + audio from one ffmpeg) and measures every sampled frame. */
export async function extractFilmFeatures(options: FeatureOptions): Promise<FilmFeatures> {
  const { input, info, fps, signal, onProgress } = options;
  const { width, height } = analysisSize(info, options.width);
  const motion = new MotionAnalyser(width, height);
  const audio = new AudioAnalyser(AUDIO_RATE);
  const columns = {
    fieldMotion: new GrowableArray(),
    frameChange: new GrowableArray(),
    histogramChange: new GrowableArray(),
    fieldShare: new GrowableArray(),
    cameraShift: new GrowableArray(),
    cameraFit: new GrowableArray(),
    rmsDb: new GrowableArray(),
    whistle: new GrowableArray(),
  };
  const duration = info.durationSec;
  let lastReport = -1;
  for await (const frame of readFrames({
    input,
    info,
    fps,
    width,
    height,
    audioSampleRate: AUDIO_RATE,
    signal,
  })) {
    const m = motion.push(frame.data);
    const a = audio.push(frame.audio);
    columns.fieldMotion.push(m ? m.fieldMotion : 0);
    columns.frameChange.push(m ? m.frameChange : 0);
    columns.histogramChange.push(m ? m.histogramChange : 0);
    columns.fieldShare.push(m ? m.fieldShare : 0);
    columns.cameraShift.push(
      m ? Math.hypot(m.camera.tx, m.camera.ty) + Math.abs(m.camera.scale) * width : 0,
    );
    columns.cameraFit.push(m && m.camera.measured > 0 ? m.camera.inliers / m.camera.measured : 1);
    columns.rmsDb.push(a.rmsDb);
    columns.whistle.push(a.whistle);
    if (onProgress && duration > 0) {
      const fraction = Math.min(1, frame.timeSec / duration);
      if (fraction - lastReport >= 0.01) {
        lastReport = fraction;
        onProgress(fraction);
      }
    }
  }
  return {
    fps,
    count: columns.fieldMotion.length,
    fieldMotion: columns.fieldMotion.toArray(),
    frameChange: columns.frameChange.toArray(),
    histogramChange: columns.histogramChange.toArray(),
    fieldShare: columns.fieldShare.toArray(),
    cameraShift: columns.cameraShift.toArray(),
    cameraFit: columns.cameraFit.toArray(),
    rmsDb: columns.rmsDb.toArray(),
    whistle: columns.whistle.toArray(),
    hasAudio: info.audio !== null,
  };
}

/** Frame size for analysis: the film's display shape at the pixel count of width x width*9/16. */
export function analysisSize(
  info: MediaInfo,
  width16x9: number,
): { width: number; height: number } {
  const video = info.video;
  const rotated = video?.rotation === 90 || video?.rotation === 270;
  const w = video ? (rotated ? video.height : video.width) : 16;
  const h = video ? (rotated ? video.width : video.height) : 9;
  const aspect = w > 0 && h > 0 ? w / h : 16 / 9;
  const pixels = (width16x9 * width16x9 * 9) / 16;
  const even = (n: number): number => Math.max(16, Math.round(n / 2) * 2);
  const width = even(Math.sqrt(pixels * aspect));
  return { width, height: even(width / aspect) };
}
