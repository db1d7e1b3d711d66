import { readFrames } from '../../media/frame-reader.js';
import {
  displaySize,
  findPictureArea,
  isWholeFrame,
  type PictureArea,
} from '../../media/picture-area.js';
import type { MediaInfo } from '../../media/probe.js';
import { AudioAnalyser } from './audio-features.js';
import { MotionAnalyser } from './motion-features.js';
import { loadOpenCv, PlanarMotion } from './planar-motion.js';
import { RepeatedPictures } from './repeated-pictures.js';
import { COLOUR_BINS } from './tuning.js';

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
  /** Moving field pixels as a share of the whole frame. */
  movingShare: Float32Array;
  /** Median height of the people on the field as a share of frame height (0 = none seen), and count. */
  personHeight: Float32Array;
  personCount: Float32Array;
  /** Separate moving blobs at least a quarter of a person. */
  movers: Float32Array;
  /** Horizontal extent of the moving pixels, as a share of frame width. */
  spread: Float32Array;
  /** Displacement of moving blocks after undoing the camera (median, 80th percentile), frame heights. */
  shiftMedian: Float32Array;
  shiftHigh: Float32Array;
  /** Camera pan and tilt (frame heights per sampled frame) and zoom (relative). */
  panX: Float32Array;
  panY: Float32Array;
  zoom: Float32Array;
  /** Share of the frame's columns where the playing field was found. */
  fieldWidth: Float32Array;
  /**
   * After undoing the camera with a homography: moving pixels in blobs of people's size (share of
   * the frame) and the median moving blob's height (share of frame height; 0 = nothing moved,
   * PLANAR_UNMEASURED = no camera fit: the first frame, a cut, a featureless picture).
   */
  planarMoving: Float32Array;
  planarHeight: Float32Array;
  /**
   * Distance of the picture to the nearest one shown 5–60 s before it, and to the frame just before
   * it (repeated-pictures.ts; grey levels): a replay repeats what the film showed.
   */
  repeatDistance: Float32Array;
  pictureChange: Float32Array;
  /**
   * Per sampled frame, the picture's colour histogram: COLOUR_BINS values (2 bits per channel), each
   * bin's share of the frame times 255. Frame i's bins are [i * COLOUR_BINS, (i + 1) * COLOUR_BINS).
   */
  colours: Uint8Array;
}

/** Names of the per-frame columns of FilmFeatures (for caching and inspection). */
export const FEATURE_COLUMNS = [
  'fieldMotion',
  'frameChange',
  'histogramChange',
  'fieldShare',
  'cameraShift',
  'cameraFit',
  'rmsDb',
  'whistle',
  'movingShare',
  'personHeight',
  'personCount',
  'movers',
  'spread',
  'shiftMedian',
  'shiftHigh',
  'panX',
  'panY',
  'zoom',
  'fieldWidth',
  'planarMoving',
  'planarHeight',
  'repeatDistance',
  'pictureChange',
] as const;
export type FeatureColumn = (typeof FEATURE_COLUMNS)[number];

export interface FeatureOptions {
  input: string;
  info: MediaInfo;
  fps: number;
  /** Analysis width for 16:9 film; other shapes keep about the same pixel count. */
  width: number;
  /** The picture inside the film's black bars; found by sampling the film when not given. */
  pictureArea?: PictureArea;
  signal?: AbortSignal;
  onProgress?: (fraction: number) => void;
}

const AUDIO_RATE = 16000;
export const PLANAR_UNMEASURED = -1;

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

/** Each frame's colour histogram, quantised to a byte per bin, appended frame by frame. */
class ColourRows {
  private data = new Uint8Array(COLOUR_BINS * 1024);
  private length = 0;

  push(shares: Float32Array): void {
    if (this.length + COLOUR_BINS > this.data.length) {
      const next = new Uint8Array(this.data.length * 2);
      next.set(this.data);
      this.data = next;
    }
    for (let i = 0; i < COLOUR_BINS; i++)
      this.data[this.length++] = Math.round(Math.min(1, shares[i]!) * 255);
  }

  toArray(): Uint8Array {
    return this.data.slice(0, this.length);
  }
}

/** Decodes the film once (video + audio from one ffmpeg) and measures every sampled frame. */
export async function extractFilmFeatures(options: FeatureOptions): Promise<FilmFeatures> {
  const { input, info, fps, signal, onProgress } = options;
  // Only the picture is analysed: bars would read as a field-less frame, and a 9:16 phone picture
  // pillarboxed in a 16:9 frame would be a third of the analysis width.
  const area = options.pictureArea ?? (await findPictureArea({ input, info, signal }));
  const { width, height } = analysisSize(info, options.width, area);
  const { cv } = await loadOpenCv();
  const planar = new PlanarMotion(cv, width, height);
  const motion = new MotionAnalyser(width, height, planar);
  const repeats = new RepeatedPictures(width, height, fps);
  const audio = new AudioAnalyser(AUDIO_RATE);
  const columns = Object.fromEntries(
    FEATURE_COLUMNS.map((name) => [name, new GrowableArray()]),
  ) as Record<FeatureColumn, GrowableArray>;
  const colours = new ColourRows();
  const duration = info.durationSec;
  let lastReport = -1;
  try {
    for await (const frame of readFrames({
      input,
      info,
      fps,
      width,
      height,
      ...(isWholeFrame(area, info) ? {} : { crop: area }),
      audioSampleRate: AUDIO_RATE,
      signal,
    })) {
      const m = motion.push(frame.data);
      const a = audio.push(frame.audio);
      const seen = repeats.push(frame.data);
      colours.push(motion.colours);
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
      columns.movingShare.push(m ? m.movingPx / (width * height) : 0);
      columns.personHeight.push(m ? m.people.heightPx / height : 0);
      columns.personCount.push(m ? m.people.count : 0);
      columns.movers.push(m ? m.movers : 0);
      columns.spread.push(m ? m.spreadPx / width : 0);
      columns.shiftMedian.push(m ? m.shiftMedianPx / height : 0);
      columns.shiftHigh.push(m ? m.shiftHighPx / height : 0);
      columns.panX.push(m ? m.camera.tx / height : 0);
      columns.panY.push(m ? m.camera.ty / height : 0);
      columns.zoom.push(m ? m.camera.scale : 0);
      columns.fieldWidth.push(m ? m.fieldWidth : 0);
      columns.planarMoving.push(m?.planar ? m.planar.movingPx / (width * height) : 0);
      columns.planarHeight.push(m?.planar ? m.planar.blobHeightPx / height : PLANAR_UNMEASURED);
      columns.repeatDistance.push(seen.nearest);
      columns.pictureChange.push(seen.change);
      if (onProgress && duration > 0) {
        const fraction = Math.min(1, frame.timeSec / duration);
        if (fraction - lastReport >= 0.01) {
          lastReport = fraction;
          onProgress(fraction);
        }
      }
    }
  } finally {
    planar.dispose();
  }
  const arrays = Object.fromEntries(
    FEATURE_COLUMNS.map((name) => [name, columns[name].toArray()]),
  ) as Record<FeatureColumn, Float32Array>;
  return {
    fps,
    count: columns.fieldMotion.length,
    hasAudio: info.audio !== null,
    ...arrays,
    colours: colours.toArray(),
  };
}

/**
 * Frame size for analysis: the shape of the film's picture (the area given, else the displayed frame)
 * at the pixel count of width x width*9/16.
 */
export function analysisSize(
  info: MediaInfo,
  width16x9: number,
  area?: { width: number; height: number },
): { width: number; height: number } {
  const shown = info.video ? displaySize(info) : { width: 16, height: 9 };
  const { width: w, height: h } = area ?? shown;
  const aspect = w > 0 && h > 0 ? w / h : 16 / 9;
  const pixels = (width16x9 * width16x9 * 9) / 16;
  const even = (n: number): number => Math.max(16, Math.round(n / 2) * 2);
  const width = even(Math.sqrt(pixels * aspect));
  return { width, height: even(width / aspect) };
}
