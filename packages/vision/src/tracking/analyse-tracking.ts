import { boxIou } from '../detect/box-nms.js';
import { createPersonFinder } from '../detect/detector-pool.js';
import { findPeople, type DetectLayout } from '../detect/find-people.js';
import type { PersonDetection, PersonFinder, RgbFrame } from '../detect/types.js';
import { readFrames } from '../media/frame-reader.js';
import { abortError } from '../media/media-error.js';
import { probeVideo } from '../media/probe.js';
import { NumberRecognizer } from '../numbers/number-recognizer.js';
import { readPersonNumber } from '../numbers/read-person-number.js';
import { TextDetector } from '../numbers/text-detector.js';
import { addsOneDigit } from '../numbers/digit-relation.js';
import { combineReads, isPlausibleNumber, type JerseyRead } from '../numbers/read-jersey-number.js';
import {
  bandCoverage,
  cropRgb,
  isLegibleCandidate,
  jerseyNumberBand,
  numberBand,
  sharpness,
} from '../numbers/torso-crop.js';
import { estimateFieldColour } from '../teams/field-colour.js';
import { sampleKit } from '../teams/kit-colours.js';
import { labDistance, rgbToLab, type Lab } from '../teams/lab-colour.js';
import { ByteTracker, type TrackInput } from '../track/byte-tracker.js';
import {
  estimateCameraShift,
  greyThumb,
  type CameraShift,
  type GreyThumb,
} from '../track/camera-motion.js';
import type { PictureTimeline } from './appearances.js';
import { isReadDue, isTextLookDue } from './read-schedule.js';
import { sampledFrameTime } from './sample-time.js';
import { summariseTracks } from './summarise-tracks.js';
import { TrackRecord } from './track-record.js';
import type { TimeRange, TrackingAnalysis } from './tracking-types.js';

export interface AnalyseTrackingOptions {
  /** Frames per second given to the detector; default 2 (tracking bridges the gaps). */
  fps?: number;
  /** Width of the analysed frames; default min(1280, source width). */
  width?: number;
  /** Only these ranges are analysed (live play from the Inactivity engine); default the whole video. */
  segments?: readonly TimeRange[];
  /** Detector layout: 'tiles' (default, finds small players) or 'letterbox' (half the cost). */
  layout?: DetectLayout;
  /** Detector worker threads; default min(2, cores). */
  workers?: number;
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

const LOOKAHEAD = 2;

/**
 * People this tall (analysis pixels) and this surely a person have their number looked for by text
 * detection on the upper body; smaller ones hold no number a person could read, and the weakest
 * detections are mostly spectators, shadows and parts of people.
 */
const MIN_TEXT_PERSON_HEIGHT = 64;
const MIN_TEXT_PERSON_SCORE = 0.2;
/**
 * A track looked at this often by text detection without any number-shaped text found on the person
 * loses its band reads (see `TrackRecord.bandReadsUnbacked`).
 */
const MIN_TEXT_LOOKS_TO_DROP_BAND = 2;

interface Pending {
  frame: RgbFrame;
  timeSec: number;
  detections: Promise<PersonDetection[]>;
}

/** A pixel test for "this is the jersey": within a perceptual distance of the jersey colour. */
function jerseyTest(jersey: Lab): (r: number, g: number, b: number) => boolean {
  return (r, g, b) => labDistance(rgbToLab(r, g, b), jersey) < 18;
}

/** Whether `wide` is `narrow` with a second digit the narrow crop cut off (1 → 11, 4 → 14). */
function extendsNumber(wide: JerseyRead, narrow: JerseyRead): boolean {
  return wide.number !== null && narrow.number !== null && addsOneDigit(wide.number, narrow.number);
}

function inSegments(t: number, segments: readonly TimeRange[] | undefined): boolean {
  return !segments || segments.some((s) => t >= s.start && t <= s.end);
}

/**
 * Finds the teams (jersey colours), the players (jersey numbers) and when each is on screen.
 * Decodes the video once at a few frames per second; detection runs on worker threads one frame
 * ahead of tracking, colour sampling and number reading on this thread. Memory holds a few frames
 * and small per-track summaries, whatever the video's length.
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
  const finder = options.finder ?? (await createPersonFinder(options.workers));
  const recognizer = options.recognizer ?? (await NumberRecognizer.create());
  const textDetector = options.textDetector ?? (await TextDetector.create());
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
      if (r) {
        if (r.bandReadsUnbacked(MIN_TEXT_LOOKS_TO_DROP_BAND)) r.dropBandReads();
        finished.push(r);
      }
      records.delete(t.id);
    }
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
    for (const { trackId, detectionIndex } of assignments) {
      const d = detections[detectionIndex]!;
      const record = records.get(trackId) ?? new TrackRecord(trackId);
      records.set(trackId, record);
      record.addPosition(p.timeSec, d.box, [cameraX, cameraY]);
      const kit = kits[detectionIndex];
      if (kit) record.addKit(kit);
      if (!isReadDue(record, p.timeSec)) continue;
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
      if (
        d.box[3] >= MIN_TEXT_PERSON_HEIGHT &&
        d.score >= MIN_TEXT_PERSON_SCORE &&
        textOverlap < 0.3 &&
        isTextLookDue(record, p.timeSec)
      ) {
        // the number wherever it sits on the body: text detection on the upscaled upper body
        record.lastReadSec = p.timeSec;
        record.lastTextLookSec = p.timeSec;
        const found = await readPersonNumber(
          textDetector,
          recognizer,
          p.frame,
          d.box,
          record.textLooks++,
        );
        if (found.textBoxes > 0) record.textLooksWithText++;
        if (found.number !== null) {
          record.reads.push({
            number: found.number,
            confidence: found.confidence,
            timeSec: p.timeSec,
            box: d.box,
          });
          continue;
        }
      }
      // no text found: the fixed torso band of an upright player
      const band = jerseyNumberBand(p.frame, d.box, kit ? jerseyTest(kit.jersey) : null);
      if (band[2] < 6 || band[3] < 8) continue;
      const crop = cropRgb(p.frame, band);
      const bandCover = bandCoverage(
        band,
        d.box,
        detections.filter((_, j) => j !== detectionIndex).map((o) => o.box),
      );
      const legible = isLegibleCandidate({
        box: d.box,
        score: d.score,
        overlap,
        bandCover,
        sharpness: sharpness(crop),
      });
      if (!legible) continue;
      record.lastReadSec = p.timeSec;
      const first = await recognizer.read(crop, { stretch: 1.3, normalise: true });
      // a second look at crops that seem to show a number: agreement lifts it, doubt lowers it;
      // and a look at the fixed middle band of the box: where the jersey-colour columns cut a
      // digit off ('11' read as '1'), the wider crop holds both (it alone misreads more often, so
      // it only ever adds the missing digit)
      let read = combineReads([first], 0);
      if (isPlausibleNumber(first.text)) {
        read = combineReads([first, await recognizer.read(crop, { normalise: true })], 0);
      }
      if (read.number !== null && read.number <= 9) {
        const wide = await recognizer.read(cropRgb(p.frame, numberBand(d.box, p.frame)), {
          stretch: 1.3,
          normalise: true,
        });
        const alternative = combineReads([wide], 0);
        if (extendsNumber(alternative, read) && alternative.confidence >= read.confidence)
          read = alternative;
      }
      record.addBandRead({
        number: read.number,
        confidence: read.confidence,
        timeSec: p.timeSec,
        box: d.box,
      });
    }
  };

  const queue: Pending[] = [];
  try {
    for await (const f of readFrames({ input, fps, width, audioSampleRate: 0, info, signal })) {
      const timeSec = sampledFrameTime(f.index, fps, video.fps);
      if (!inSegments(timeSec, options.segments)) continue;
      const frame: RgbFrame = { width: f.width, height: f.height, data: f.data };
      queue.push({
        frame,
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
  } finally {
    // let in-flight detections settle before the finder closes
    await Promise.allSettled(queue.map((q) => q.detections));
    if (!options.finder) await finder.close();
    if (!options.recognizer) await recognizer.close();
    if (!options.textDetector) await textDetector.close();
  }
  endTracks(tracker.finish());
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
    },
  };
}
