import { availableParallelism } from 'node:os';
import { boxIou } from '../../perception/detector/box-nms.js';
import { createPersonFinder } from '../../perception/detector/detector-pool.js';
import { findPeople, type DetectLayout } from '../../perception/detector/find-people.js';
import type {
  Box,
  PersonDetection,
  PersonFinder,
  RgbFrame,
} from '../../perception/detector/types.js';
import { readFrames } from '../../media/frame-reader.js';
import { abortError } from '../../media/media-error.js';
import { probeVideo } from '../../media/probe.js';
import type { NumberRecognizer } from '../../perception/numbers/number-recognizer.js';
import { TORSO_LOOK } from '../../perception/numbers/locate-number.js';
import type { TextDetector } from '../../perception/numbers/text-detector.js';
import { estimateFieldColour } from '../../perception/teams/field-colour.js';
import { sampleKit } from '../../perception/teams/kit-colours.js';
import { ByteTracker, type TrackInput } from '../../perception/tracker/byte-tracker.js';
import {
  estimateCameraShift,
  greyThumb,
  type CameraShift,
  type GreyThumb,
} from '../../perception/tracker/camera-motion.js';
import type { PictureTimeline } from './appearances.js';
import { createNumberReader } from './number-reader.js';
import type { FrameReadRequest, PersonReadJob, PersonReadResult } from './read-people.js';
import { isReadDue, isTextLookDue, MIN_TEXT_PERSON_HEIGHT } from './read-schedule.js';
import { sampledFrameTime } from './sample-time.js';
import { summariseTracks } from './summarise-tracks.js';
import { TrackRecord } from './track-record.js';
import type { TimeRange, TrackingAnalysis } from './tracking-types.js';

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
  /** Called with 0–100 as the analysis advances. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/** Frames whose detection runs ahead of the analysis (keeps the detector threads busy). */
const LOOKAHEAD = 4;

/**
 * Smaller people down to this height get the torso look, on its own schedule and beside the band
 * read: on wide broadcast film a back's number is 10–12 px on a 45–60 px player, readable by a person
 * and found by the text detector only in a crop of the torso alone. The torso of a small player is a
 * small image (the upscale is capped), so the look is cheap.
 */
const MIN_SMALL_TEXT_PERSON_HEIGHT = 40;
/**
 * People this surely a person (and `MIN_TEXT_PERSON_HEIGHT` tall) have their number looked for by text
 * detection on the upper body: the weakest detections are mostly spectators, shadows and parts of
 * people.
 */
const MIN_TEXT_PERSON_SCORE = 0.2;
/**
 * A track looked at this often by text detection without any number-shaped text found on the person
 * loses its band reads (see `TrackRecord.bandReadsUnbacked`).
 */
const MIN_TEXT_LOOKS_TO_DROP_BAND = 2;

interface Pending {
  frame: RgbFrame;
  detail?: FrameReadRequest['detail'];
  timeSec: number;
  detections: Promise<PersonDetection[]>;
}

/** The reads of one frame on their way: applied before the next frame's read decisions. */
interface InFlightReads {
  timeSec: number;
  boxes: Box[];
  jobs: PersonReadJob[];
  /** The track of each job. */
  records: TrackRecord[];
  results: Promise<PersonReadResult[]>;
}

function inSegments(t: number, segments: readonly TimeRange[] | undefined): boolean {
  return !segments || segments.some((s) => t >= s.start && t <= s.end);
}

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
  const { signal, onProgress } = options;
  const info = await probeVideo(input, { signal });
  const video = info.video!;
  const fps = options.fps ?? 2;
  const sourceWidth = video.rotation === 90 || video.rotation === 270 ? video.height : video.width;
  const width = Math.min(options.width ?? 1280, sourceWidth);
  const scale = sourceWidth / width;
  const detailWidth = Math.min(options.detailWidth ?? 1920, sourceWidth);
  // the detector and the readers load their models side by side; neither is left open on a failure
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
  const finder = finderStart.value;
  const reader = readerStart.value;
  const tracker = new ByteTracker();
  const records = new Map<number, TrackRecord>();
  const finished: TrackRecord[] = [];
  let previousThumb: GreyThumb | null = null;
  let shift: CameraShift = { dx: 0, dy: 0 };
  let lastAnalysedSec: number | null = null;
  let cameraX = 0;
  let cameraY = 0;
  const picture: PictureTimeline = { width, height: 0, frames: [] };
  let sampled = 0;
  let lastProgress = -1;
  const report = (p: number): void => {
    const v = Math.max(0, Math.min(100, Math.floor(p)));
    if (v !== lastProgress) {
      lastProgress = v;
      onProgress?.(v);
    }
  };
  report(0);

  const endTracks = (ended: readonly { id: number }[]): void => {
    for (const t of ended) {
      const r = records.get(t.id);
      if (r) finished.push(r);
      records.delete(t.id);
    }
  };

  // Number reading runs beside the frame loop (`NumberReader`), with one fixed rule so the result
  // never depends on when a read finishes: the reads of a frame are applied, always awaited, just
  // before the next frame decides whose number to read. That is the order of reading in line.
  let inFlight: InFlightReads | null = null;
  const applyReads = async (): Promise<void> => {
    const reads = inFlight;
    if (!reads) return;
    inFlight = null;
    const results = await reads.results;
    reads.records.forEach((record, i) => {
      const job = reads.jobs[i]!;
      const { text, band } = results[i]!;
      const box = reads.boxes[job.detection]!;
      const timeSec = reads.timeSec;
      if (job.textLook !== null && job.besideBand) {
        // a small person's look counts on its own tally (its own textless rule), not as a text look
        record.lastSmallLookSec = timeSec;
        record.smallLooks++;
        if (text && text.textBoxes > 0) record.smallLooksWithText++;
        if (text && text.number !== null) {
          record.reads.push({ number: text.number, confidence: text.confidence, timeSec, box });
        }
      } else if (job.textLook !== null) {
        record.lastReadSec = timeSec;
        record.lastTextLookSec = timeSec;
        record.textLooks++;
        if (text && text.textBoxes > 0) record.textLooksWithText++;
        if (text && text.number !== null) {
          record.reads.push({ number: text.number, confidence: text.confidence, timeSec, box });
        }
      }
      if (band) {
        record.lastReadSec = timeSec;
        record.addBandRead({ number: band.number, confidence: band.confidence, timeSec, box });
      }
    });
  };

  const analyseFrame = async (p: Pending): Promise<void> => {
    const detections = (await p.detections).filter((d) => d.box[3] >= 16);
    sampled++;
    const thumb = greyThumb(p.frame.data, p.frame.width, p.frame.height);
    const gap = lastAnalysedSec === null ? Infinity : p.timeSec - lastAnalysedSec;
    if (previousThumb && gap <= 1.5 / fps) {
      shift = estimateCameraShift(previousThumb, thumb, shift);
    } else {
      shift = { dx: 0, dy: 0 };
      if (gap !== Infinity) endTracks(tracker.finish()); // a jump (segment gap): tracks cannot continue
    }
    previousThumb = thumb;
    lastAnalysedSec = p.timeSec;
    const k = p.frame.width / thumb.width;
    const field = estimateFieldColour(
      p.frame,
      detections.map((d) => d.box),
    );
    const kits = detections.map((d) => sampleKit(p.frame, d.box, field));
    const inputs: TrackInput[] = detections.map((d, i) => ({
      box: d.box,
      score: d.score,
      colour: kits[i]?.jersey,
    }));
    const { assignments, ended } = tracker.update(p.timeSec, inputs, {
      dx: shift.dx * k,
      dy: shift.dy * k,
    });
    endTracks(ended);
    // where the image origin sits on the (panning) field: lets tracks be joined across gaps
    cameraX -= shift.dx * k;
    cameraY -= shift.dy * k;
    picture.frames.push([p.timeSec, cameraX, cameraY]);
    picture.width = p.frame.width;
    picture.height = p.frame.height;
    const assigned: [TrackRecord, number][] = [];
    for (const { trackId, detectionIndex } of assignments) {
      const d = detections[detectionIndex]!;
      const record = records.get(trackId) ?? new TrackRecord(trackId);
      records.set(trackId, record);
      record.addPosition(p.timeSec, d.box, [cameraX, cameraY]);
      const kit = kits[detectionIndex];
      if (kit) record.addKit(kit);
      assigned.push([record, detectionIndex]);
    }
    await applyReads();
    const jobs: PersonReadJob[] = [];
    const jobRecords: TrackRecord[] = [];
    for (const [record, detectionIndex] of assigned) {
      if (!isReadDue(record, p.timeSec)) continue;
      const d = detections[detectionIndex]!;
      const overlap = Math.max(
        0,
        ...detections.filter((_, j) => j !== detectionIndex).map((o) => boxIou(o.box, d.box)),
      );
      // merged with another person for the text look: only people found at least as surely count
      // (a faint box over two players or around part of one is not a second person in the way, and
      // of two boxes around one person the surer is looked at)
      const textOverlap = Math.max(
        0,
        ...detections
          .filter(
            (o, j) => j !== detectionIndex && o.score >= Math.max(MIN_TEXT_PERSON_SCORE, d.score),
          )
          .map((o) => boxIou(o.box, d.box)),
      );
      const small = d.box[3] < MIN_TEXT_PERSON_HEIGHT;
      const textLookDue =
        d.box[3] >= MIN_SMALL_TEXT_PERSON_HEIGHT &&
        d.score >= MIN_TEXT_PERSON_SCORE &&
        textOverlap < 0.3 &&
        (small
          ? isTextLookDue(
              {
                reads: record.reads,
                lastTextLookSec: record.lastSmallLookSec,
                textLooks: record.smallLooks,
                textLooksWithText: record.smallLooksWithText,
              },
              p.timeSec,
            )
          : isTextLookDue(record, p.timeSec));
      jobs.push({
        detection: detectionIndex,
        overlap,
        jersey: kits[detectionIndex]?.jersey ?? null,
        textLook: !textLookDue ? null : small ? TORSO_LOOK : record.textLooks,
        besideBand: small,
      });
      jobRecords.push(record);
    }
    if (jobs.length === 0) return;
    const boxes = detections.map((d) => d.box);
    inFlight = {
      timeSec: p.timeSec,
      boxes,
      jobs,
      records: jobRecords,
      // the frame is done with here
      results: reader.read({ frame: p.frame, detail: p.detail, detections, jobs }, true),
    };
  };

  const queue: Pending[] = [];
  try {
    const frames = readFrames({ input, fps, width, detailWidth, audioSampleRate: 0, info, signal });
    for await (const f of frames) {
      const timeSec = sampledFrameTime(f.index, fps, video.fps);
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
      if (queue.length >= LOOKAHEAD) await analyseFrame(queue.shift()!);
      report((timeSec / Math.max(0.001, info.durationSec)) * 95);
      if (signal?.aborted) throw abortError();
    }
    while (queue.length > 0) await analyseFrame(queue.shift()!);
    await applyReads();
  } finally {
    // let in-flight detections and reads settle before the finder and the reader close
    const reading = inFlight as InFlightReads | null; // set inside analyseFrame
    await Promise.allSettled([...queue.map((q) => q.detections), reading?.results]);
    if (!options.finder) await finder.close();
    await reader.close();
  }
  endTracks(tracker.finish());
  // a track's band reads are judged once all its reads are in (some arrive after it ended)
  for (const r of finished) {
    if (r.bandReadsUnbacked(MIN_TEXT_LOOKS_TO_DROP_BAND)) r.dropBandReads();
    else r.dropContradictedBandReads();
  }
  const summary = summariseTracks(finished, {
    durationSec: info.durationSec,
    sampleIntervalSec: 1 / fps,
    scale,
    picture,
    includeTracks: options.includeTracks,
  });
  summary.stats.sampledFrames = sampled;
  report(100);
  const cpu = globalThis.process.cpuUsage(cpuStart);
  return {
    ...summary,
    timings: {
      analysisSec: Math.round((performance.now() - started) / 10) / 100,
      cpuSec: Math.round((cpu.user + cpu.system) / 1e4) / 100,
      peakRssMb: Math.round(globalThis.process.resourceUsage().maxRSS / 1024),
    },
  };
}
