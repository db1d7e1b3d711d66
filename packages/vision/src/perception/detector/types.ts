/** An RGB frame as packed 8-bit pixels (rgb24), row after row. */
export interface RgbFrame {
  width: number;
  height: number;
  data: Uint8Array;
}

/** [x, y, width, height] in pixels of the frame the detection ran on. */
export type Box = [number, number, number, number];

export interface PersonDetection {
  box: Box;
  score: number;
}

export interface DetectOptions {
  /** Lowest CenterNet score kept (its person scores run lower than most detectors': 0.2–0.8). */
  minScore?: number;
  /**
   * The caller hands the frame's pixels over: a detector on another thread may move them there
   * instead of copying (the frame is unusable afterwards).
   */
  handOver?: boolean;
}

/** Anything that finds people in a frame: one in-thread model or a pool of worker threads. */
export interface PersonFinder {
  detect(frame: RgbFrame, options?: DetectOptions): Promise<PersonDetection[]>;
  close(): Promise<void>;
}
