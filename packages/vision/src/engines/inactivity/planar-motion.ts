import { createRequire } from 'node:module';

type OpenCv = typeof import('@techstark/opencv-js');
type Mat = InstanceType<OpenCv['Mat']>;

let loading: Promise<{ cv: OpenCv }> | null = null;
const OPENCV_INIT_TIMEOUT_MS = 60_000;

/**
 * OpenCV's WebAssembly build, loaded once per process (~0.3 s). The module object is a thenable
 * that resolves to itself, so it travels wrapped: a promise resolved with it would never settle.
 */
export function loadOpenCv(): Promise<{ cv: OpenCv }> {
  loading ??= new Promise((resolve, reject) => {
    const cv = createRequire(import.meta.url)('@techstark/opencv-js') as OpenCv;
    // The runtime initialises by itself; polling also keeps the event loop alive until it has.
    const started = Date.now();
    const poll = setInterval(() => {
      if (typeof cv.Mat === 'function') {
        clearInterval(poll);
        resolve({ cv });
      } else if (Date.now() - started > OPENCV_INIT_TIMEOUT_MS) {
        clearInterval(poll);
        reject(new Error('OpenCV (WebAssembly) did not initialise'));
      }
    }, 10);
  });
  return loading;
}

/** What moved on one sampled frame once the camera's own motion is undone. */
export interface PlanarMotionSample {
  /**
   * Pixels in moving blobs no taller than twice the frame's median moving blob (people, not a near
   * coach).
   */
  movingPx: number;
  /** Median height (px) of the frame's moving blobs (0 when nothing moved). */
  blobHeightPx: number;
}

const MAX_CORNERS = 200;
const CORNER_QUALITY = 0.01;
const CORNER_SPACING_PX = 6;
/** Grey-level step that counts as changed after the warp (compression noise stays under it). */
const CHANGE_LEVEL = 25;
/** Blobs smaller than this are noise at the analysis size. */
const MIN_BLOB_PX = 5;
/** Blobs taller than this many times the median moving blob are near the camera: left out. */
const TALL_BLOB_FACTOR = 2;

/**
 * Camera motion undone with a homography (corners tracked by pyramidal Lucas-Kanade, RANSAC fit): a
 * playing field is a plane, so a panning, tilting, rolling or zooming phone maps one frame onto the
 * next exactly on it, where a shift-and-zoom model leaves every line and standing player as
 * residue. What still differs after the warp moved by itself. Blobs of it far taller than the
 * frame's median moving blob (a coach walking near the camera) are left out, the rest measured
 * against that median.
 */
export class PlanarMotion {
  private readonly prev: Mat;
  private readonly next: Mat;
  private readonly warped: Mat;
  private readonly valid: Mat;
  private readonly full: Mat;
  private readonly diff: Mat;
  private readonly corners: Mat;
  private readonly tracked: Mat;
  private readonly status: Mat;
  private readonly error: Mat;
  private readonly labels: Mat;
  private readonly stats: Mat;
  private readonly centroids: Mat;
  private readonly kernel: Mat;
  private hasPrev = false;

  constructor(
    private readonly cv: OpenCv,
    private readonly width: number,
    private readonly height: number,
  ) {
    this.prev = new cv.Mat(height, width, cv.CV_8UC1);
    this.next = new cv.Mat(height, width, cv.CV_8UC1);
    this.full = new cv.Mat(height, width, cv.CV_8UC1, new cv.Scalar(255));
    this.warped = new cv.Mat();
    this.valid = new cv.Mat();
    this.diff = new cv.Mat();
    this.corners = new cv.Mat();
    this.tracked = new cv.Mat();
    this.status = new cv.Mat();
    this.error = new cv.Mat();
    this.labels = new cv.Mat();
    this.stats = new cv.Mat();
    this.centroids = new cv.Mat();
    this.kernel = cv.getStructuringElement(cv.MORPH_RECT, new cv.Size(3, 3));
  }

  /**
   * Takes the next grey frame; null for the first one or when the camera's motion cannot be fitted.
   */
  push(gray: Uint8Array): PlanarMotionSample | null {
    this.next.data.set(gray);
    const sample = this.hasPrev ? this.measure() : null;
    this.prev.data.set(gray);
    this.hasPrev = true;
    return sample;
  }

  private measure(): PlanarMotionSample | null {
    const { cv, width, height } = this;
    cv.goodFeaturesToTrack(this.prev, this.corners, MAX_CORNERS, CORNER_QUALITY, CORNER_SPACING_PX);
    if (this.corners.rows < 8) return null;
    cv.calcOpticalFlowPyrLK(
      this.prev,
      this.next,
      this.corners,
      this.tracked,
      this.status,
      this.error,
      new cv.Size(15, 15),
      2,
    );
    const from: number[] = [];
    const to: number[] = [];
    const c = this.corners.data32F;
    const t = this.tracked.data32F;
    for (let i = 0; i < this.status.rows; i++) {
      if (!this.status.data[i]) continue;
      from.push(c[2 * i]!, c[2 * i + 1]!);
      to.push(t[2 * i]!, t[2 * i + 1]!);
    }
    if (from.length < 16) return null;
    const fromMat = cv.matFromArray(from.length / 2, 1, cv.CV_32FC2, from);
    const toMat = cv.matFromArray(to.length / 2, 1, cv.CV_32FC2, to);
    const homography = cv.findHomography(fromMat, toMat, cv.RANSAC, 1.5);
    fromMat.delete();
    toMat.delete();
    try {
      if (homography.empty()) return null;
      const size = new cv.Size(width, height);
      const black = new cv.Scalar(0);
      cv.warpPerspective(
        this.prev,
        this.warped,
        homography,
        size,
        cv.INTER_LINEAR,
        cv.BORDER_CONSTANT,
        black,
      );
      cv.warpPerspective(
        this.full,
        this.valid,
        homography,
        size,
        cv.INTER_NEAREST,
        cv.BORDER_CONSTANT,
        black,
      );
    } finally {
      homography.delete();
    }
    // Pixels next to the warp's edge compare interpolated borders: not movement.
    cv.erode(this.valid, this.valid, this.kernel, new cv.Point(-1, -1), 2);
    cv.absdiff(this.next, this.warped, this.diff);
    cv.threshold(this.diff, this.diff, CHANGE_LEVEL, 255, cv.THRESH_BINARY);
    cv.bitwise_and(this.diff, this.valid, this.diff);
    // Thin edges left by sub-pixel misalignment vanish under an opening; people are blobs.
    cv.morphologyEx(this.diff, this.diff, cv.MORPH_OPEN, this.kernel);
    const count = cv.connectedComponentsWithStats(
      this.diff,
      this.labels,
      this.stats,
      this.centroids,
      8,
      cv.CV_32S,
    );
    const areas: number[] = [];
    const heights: number[] = [];
    const s = this.stats.data32S;
    const stride = this.stats.cols;
    for (let k = 1; k < count; k++) {
      const area = s[k * stride + cv.CC_STAT_AREA]!;
      if (area < MIN_BLOB_PX) continue;
      areas.push(area);
      heights.push(s[k * stride + cv.CC_STAT_HEIGHT]!);
    }
    if (areas.length === 0) return { movingPx: 0, blobHeightPx: 0 };
    const sorted = Float64Array.from(heights).sort();
    const blobHeightPx = sorted[sorted.length >> 1]!;
    let movingPx = 0;
    for (let k = 0; k < areas.length; k++)
      if (heights[k]! <= TALL_BLOB_FACTOR * blobHeightPx) movingPx += areas[k]!;
    return { movingPx, blobHeightPx };
  }

  /** Frees the WebAssembly memory the matrices hold. */
  dispose(): void {
    for (const mat of [
      this.prev,
      this.next,
      this.full,
      this.warped,
      this.valid,
      this.diff,
      this.corners,
      this.tracked,
      this.status,
      this.error,
      this.labels,
      this.stats,
      this.centroids,
      this.kernel,
    ])
      mat.delete();
  }
}
