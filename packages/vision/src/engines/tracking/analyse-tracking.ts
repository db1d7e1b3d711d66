import { availableParallelism } from 'node:os';
import { readFrames } from '../../media/frame-reader.js';
import { abortError } from '../../media/media-error.js';
import { probeVideo, type MediaInfo } from '../../media/probe.js';
import { createPersonFinder } from '../../perception/detector/detector-pool.js';
import { findPeople, type DetectLayout } from '../../perception/detector/find-people.js';
import type { PersonFinder, RgbFrame } from '../../perception/detector/types.js';
import type { NumberRecognizer } from '../../perception/numbers/number-recognizer.js';
import type { TextDetector } from '../../perception/numbers/text-detector.js';
import type { NumberObservation } from '../../perception/numbers/track-vote.js';
import { filmLineWhite } from '../../perception/teams/white-balance.js';
import { collectDeadBuffers } from '../../threads/collect-dead-buffers.js';
import { createNumberReader, type NumberReader } from './number-reader.js';
import { PhotoSpill } from './photo-spill.js';
import { playerPhotoFile, writePlayerPhoto, type PlayerPhoto } from './player-photos.js';
import { sampledFrameTime } from './sample-time.js';
import { summariseTracks } from './summarise-tracks.js';
import { TrackSpill } from './track-spill.js';
import { TrackingPass, type Pending, type Sampling } from './tracking-pass.js';
import type { TimeRange, TrackingAnalysis, TrackingPlayer } from './tracking-types.js';

export interface AnalyseTrackingOptions {
  /** Frames per second given to the detector; default 2 (tracking bridges the gaps). */
  fps?: number;
  /** Width of the analysed frames; default min(1280, source width). */
  width?: number;
  /**
   * Width of the frames text looks read numbers on; default min(1920, source width). Detection,
   * tracking and colours work at `width`; a number is read at up to the source's resolution.
   */
  detailWidth?: number;
  /** Only these ranges are analysed (live play from the Inactivity engine); default the whole video. */
  segments?: readonly TimeRange[];
  /** Detector layout: 'tiles' (default, finds small players) or 'letterbox' (half the cost). */
  layout?: DetectLayout;
  /**
   * Detector worker threads; default 1: one keeps pace with 2 fps, and the cores go to reading
   * numbers, the larger share of the work.
   */
  workers?: number;
  /** Number reading worker threads; default min(2, cores). */
  readers?: number;
  /** A detector to use instead of starting one (the caller keeps ownership). */
  finder?: PersonFinder;
  /** A number recogniser to use instead of loading one (the caller keeps ownership). */
  recognizer?: NumberRecognizer;
  /** A text detector to use instead of loading one (the caller keeps ownership). */
  textDetector?: TextDetector;
  /** Adds per-track detail (`tracks`) to the result, for evaluation. */
  includeTracks?: boolean;
  /**
   * A folder to write each listed player's evidence photo in (`photos` in the result): the person
   * at their number's surest read, cut from the frame that read it.
   */
  photoDir?: string;
  /** Called with 0–100 as the analysis advances. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Frames whose detection runs ahead of the analysis (keeps the detector threads busy). */
const LOOKAHEAD = 4;
/** Reports the analysis's progress, 0–100. */
type Progress = (percent: number) => void;

/**
 * Finds the teams (jersey colours), the players (jersey numbers) and when each is on screen.
 * Decodes the video once at a few frames per second; detection runs on a worker thread ahead of
 * tracking and colour sampling on this thread, number reading on other worker threads beside it
 * (a frame's people shared among them). Memory holds a few frames and small per-track summaries,
 * whatever the video's length.
 */
export async function analyseTracking(
  input: string,
  options: AnalyseTrackingOptions = {},
): Promise<TrackingAnalysis> {
  const started = performance.now();
  const cpuStart = globalThis.process.cpuUsage();
  const info = await probeVideo(input, { signal: options.signal });
  const sampling = samplingOf(info, options);
  const { finder, reader } = await openFinderAndReader(options);
  const report = progressReporter(options.onProgress);
  report(0);
  const photos = new PhotoSpill();
  const spill = new TrackSpill();
  try {
    const pass = new TrackingPass(reader, sampling, photos, spill);
    await trackFrames(input, info, sampling, finder, pass, report, options);
    const finished = pass.finish();
    const { bestReads, ...summary } = summariseTracks(finished, {
      durationSec: info.durationSec,
      sampleIntervalSec: 1 / sampling.fps,
      scale: sampling.scale,
      picture: pass.picture,
      dropped: pass.dropped,
      includeTracks: options.includeTracks,
      lineWhite: filmLineWhite(pass.lineWhites),
      still: pass.still,
    });
    summary.stats.sampledFrames = pass.sampled;
    if (options.photoDir !== undefined) {
      summary.photos = await writePhotos(summary.players, bestReads, photos, options.photoDir);
    }
    report(100);
    return { ...summary, timings: timingsSince(started, cpuStart) };
  } finally {
    photos.close();
    spill.close();
  }
}

/** Writes the photo of each listed player whose surest read has one (see `PhotoSpill`). */
async function writePhotos(
  players: readonly TrackingPlayer[],
  bestReads: ReadonlyMap<string, NumberObservation>,
  spill: PhotoSpill,
  dir: string,
): Promise<PlayerPhoto[]> {
  const written: PlayerPhoto[] = [];
  for (const { teamLetter, number } of players) {
    const read = bestReads.get(`${teamLetter}:${number}`);
    const photo = read ? spill.get(read) : null;
    if (!photo) continue;
    const file = playerPhotoFile(dir, teamLetter, number);
    await writePlayerPhoto(photo, file);
    written.push({ teamLetter, number, file });
  }
  return written;
}

/** The frame rate and widths asked for, capped at the source's (turned) width. */
function samplingOf(info: MediaInfo, options: AnalyseTrackingOptions): Sampling {
  const video = info.video!;
  const sourceWidth = video.rotation === 90 || video.rotation === 270 ? video.height : video.width;
  const width = Math.min(options.width ?? 1280, sourceWidth);
  return {
    fps: options.fps ?? 2,
    width,
    detailWidth: Math.min(options.detailWidth ?? 1920, sourceWidth),
    scale: sourceWidth / width,
  };
}

/**
 * Starts the detector and the number readers; their models load side by side, and neither is left
 * open when the other fails.
 */
async function openFinderAndReader(
  options: AnalyseTrackingOptions,
): Promise<{ finder: PersonFinder; reader: NumberReader }> {
  const [finderStart, readerStart] = await Promise.allSettled([
    options.finder ?? createPersonFinder(options.workers ?? 1),
    createNumberReader({
      recognizer: options.recognizer,
      textDetector: options.textDetector,
      threads: options.readers ?? Math.min(2, availableParallelism()),
    }),
  ]);
  if (finderStart.status === 'rejected' || readerStart.status === 'rejected') {
    if (finderStart.status === 'fulfilled' && !options.finder) await finderStart.value.close();
    if (readerStart.status === 'fulfilled') await readerStart.value.close();
    throw finderStart.status === 'rejected'
      ? finderStart.reason
      : (readerStart as PromiseRejectedResult).reason;
  }
  return { finder: finderStart.value, reader: readerStart.value };
}

/** A progress callback that hears each whole percent, 0–100, once. */
function progressReporter(onProgress: ((percent: number) => void) | undefined): Progress {
  let lastProgress = -1;
  return (p) => {
    const v = Math.max(0, Math.min(100, Math.floor(p)));
    if (v !== lastProgress) {
      lastProgress = v;
      onProgress?.(v);
    }
  };
}

/**
 * Decodes the sampled frames, starts each frame's detection `LOOKAHEAD` frames ahead and hands the
 * frames to the pass in order; the detector and the readers close once everything in flight settles.
 */
async function trackFrames(
  input: string,
  info: MediaInfo,
  sampling: Sampling,
  finder: PersonFinder,
  pass: TrackingPass,
  report: Progress,
  options: AnalyseTrackingOptions,
): Promise<void> {
  const { fps, width, detailWidth } = sampling;
  const { signal } = options;
  const queue: Pending[] = [];
  try {
    const frames = readFrames({ input, fps, width, detailWidth, audioSampleRate: 0, info, signal });
    for await (const f of frames) {
      const timeSec = sampledFrameTime(f.index, fps, info.video!.fps);
      if (!inSegments(timeSec, options.segments)) continue;
      const frame: RgbFrame = { width: f.width, height: f.height, data: f.data };
      queue.push({
        frame,
        ...(f.detail ? { detail: { frame: f.detail, scale: f.detail.width / f.width } } : {}),
        timeSec,
        detections: findPeople(finder, frame, {
          layout: options.layout ?? 'tiles',
          minScore: 0.05,
        }),
      });
      if (queue.length >= LOOKAHEAD) await pass.analyseFrame(queue.shift()!);
      collectDeadBuffers();
      report((timeSec / Math.max(0.001, info.durationSec)) * 95);
      if (signal?.aborted) throw abortError();
    }
    while (queue.length > 0) await pass.analyseFrame(queue.shift()!);
    await pass.applyReads();
  } finally {
    // let in-flight detections and reads settle before the finder and the reader close
    await Promise.allSettled([...queue.map((q) => q.detections), pass.readsInFlight()]);
    if (!options.finder) await finder.close();
    await pass.reader.close();
  }
}

function inSegments(t: number, segments: readonly TimeRange[] | undefined): boolean {
  return !segments || segments.some((s) => t >= s.start && t <= s.end);
}

/** Wall time, processor time and peak memory of the analysis so far. */
function timingsSince(started: number, cpuStart: NodeJS.CpuUsage): TrackingAnalysis['timings'] {
  const cpu = globalThis.process.cpuUsage(cpuStart);
  return {
    analysisSec: Math.round((performance.now() - started) / 10) / 100,
    cpuSec: Math.round((cpu.user + cpu.system) / 1e4) / 100,
    peakRssMb: Math.round(globalThis.process.resourceUsage().maxRSS / 1024),
  };
}
