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
import { probeVideo, type MediaInfo } from '../../media/probe.js';
import type { NumberRecognizer } from '../../perception/numbers/number-recognizer.js';
import { TORSO_LOOK } from '../../perception/numbers/locate-number.js';
import type { TextDetector } from '../../perception/numbers/text-detector.js';
import { estimateFieldColour, type FieldModel } from '../../perception/teams/field-colour.js';
import { sampleKit, type KitSample } from '../../perception/teams/kit-colours.js';
import {
  filmLineWhite,
  surfaceLineWhite,
  type LinearRgb,
} from '../../perception/teams/white-balance.js';
import { ByteTracker, type TrackInput } from '../../perception/tracker/byte-tracker.js';
import {
  estimateCameraShift,
  greyThumb,
  type CameraShift,
  type GreyThumb,
} from '../../perception/tracker/camera-motion.js';
import type { PictureTimeline } from './appearances.js';
import { createNumberReader, type NumberReader } from './number-reader.js';
import {
  MAX_DETAIL_PERSON_HEIGHT,
  type FrameReadRequest,
  type PersonReadJob,
  type PersonReadResult,
} from './read-people.js';
import {
  awaitedSecondMoment,
  isReadDue,
  isSecondMomentLookDue,
  isTextLookDue,
  MIN_TEXT_PERSON_HEIGHT,
} from './read-schedule.js';
import { sampledFrameTime } from './sample-time.js';
import { summariseTracks, type DroppedTracks } from './summarise-tracks.js';
import type { PackedTrack } from './track-history.js';
import { TrackRecord } from './track-record.js';
import { voteTrackNumber, type NumberObservation } from '../../perception/numbers/track-vote.js';
import { PhotoSpill } from './photo-spill.js';
import { collectDeadBuffers } from '../../threads/collect-dead-buffers.js';
import { TrackSpill } from './track-spill.js';
import { playerPhotoFile, writePlayerPhoto, type PlayerPhoto } from './player-photos.js';
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
/** The lines' colour (the light's cast) is estimated on one analysed frame in this many. */
const LINE_WHITE_EVERY = 4;
/**
 * Grey levels a pixel of the frame thumbnail may differ from the first frame's in a still (a picture
 * made a film). On the 28 labelled real frames made 3-s films no pixel moved more than 1.6 (the
 * encoder's noise); on the five real clips some moved 175 or more.
 */
const STILL_GREY_LEVELS = 4;

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

/** Reports the analysis's progress, 0–100. */
type Progress = (percent: number) => void;

/** The sampling rate and frame widths of one analysis. */
interface Sampling {
  fps: number;
  /** Width of the analysed frames. */
  width: number;
  /** Width of the frames numbers are read on. */
  detailWidth: number;
  /** Source pixels per analysis pixel. */
  scale: number;
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

/** Whether two thumbnails show the same picture: no pixel differs by more than `STILL_GREY_LEVELS`. */
function samePicture(a: GreyThumb, b: GreyThumb): boolean {
  if (a.width !== b.width || a.height !== b.height) return false;
  return a.data.every((v, i) => Math.abs(v - b.data[i]!) <= STILL_GREY_LEVELS);
}

function inSegments(t: number, segments: readonly TimeRange[] | undefined): boolean {
  return !segments || segments.some((s) => t >= s.start && t <= s.end);
}

/**
 * What the analysis carries from frame to frame: the tracker and its tracks, the camera's path
 * over the field, and the reads of the last frame on their way.
 *
 * Number reading runs beside the frame loop (`NumberReader`), with one fixed rule so the result
 * never depends on when a read finishes: the reads of a frame are applied, always awaited, just
 * before the next frame decides whose number to read. That is the order of reading in line.
 */
class TrackingPass {
  readonly picture: PictureTimeline;
  /** Frames analysed so far. */
  sampled = 0;
  /** The colour of the surface's lines on the frames that showed them (see `surfaceLineWhite`). */
  readonly lineWhites: LinearRgb[] = [];
  private readonly tracker = new ByteTracker();
  private readonly records = new Map<number, TrackRecord>();
  /** Tracks that ended, until the reads on their way have reached them (see `packEnded`). */
  private ended: TrackRecord[] = [];
  private readonly finished: PackedTrack[] = [];
  /** What the summary needs to know of the tracks too short to keep (see `packEnded`). */
  readonly dropped: DroppedTracks = { maxId: 0 };
  private previousThumb: GreyThumb | null = null;
  private firstThumb: GreyThumb | null = null;
  /** Whether every frame so far showed the first frame's picture (`STILL_GREY_LEVELS`). */
  still = true;
  private shift: CameraShift = { dx: 0, dy: 0 };
  private lastAnalysedSec: number | null = null;
  private cameraX = 0;
  private cameraY = 0;
  private inFlight: InFlightReads | null = null;

  constructor(
    readonly reader: NumberReader,
    private readonly sampling: Sampling,
    /** Where the evidence photos of finished tracks wait for the summary. */
    private readonly photos: PhotoSpill,
    /** Where the positions and kits of finished tracks wait for the summary. */
    private readonly spill: TrackSpill,
  ) {
    this.picture = { width: sampling.width, height: 0, frames: [] };
  }

  /** One frame: camera shift, kits, tracker update, the last frame's reads applied, reads planned. */
  async analyseFrame(p: Pending): Promise<void> {
    const detections = (await p.detections).filter((d) => d.box[3] >= 16);
    this.sampled++;
    const k = this.followCamera(p);
    const { kits, field } = sampleKits(p.frame, detections);
    if (this.sampled % LINE_WHITE_EVERY === 1) {
      const white = surfaceLineWhite(
        p.frame,
        detections.map((d) => d.box),
        field,
      );
      if (white) this.lineWhites.push(white);
    }
    const assigned = this.updateTracks(p, detections, kits, k);
    await this.applyReads();
    this.packEnded();
    const { jobs, records } = planReads(assigned, detections, kits, p.timeSec, {
      still: this.still,
      detail: p.detail !== undefined,
    });
    if (jobs.length === 0) return;
    this.inFlight = {
      timeSec: p.timeSec,
      boxes: detections.map((d) => d.box),
      jobs,
      records,
      // the frame is done with here
      results: this.reader.read({ frame: p.frame, detail: p.detail, detections, jobs }, true),
    };
  }

  /**
   * Estimates how far the camera moved since the last frame (none across a jump, which ends every
   * track); returns the frame pixels per thumbnail pixel.
   */
  private followCamera(p: Pending): number {
    const thumb = greyThumb(p.frame.data, p.frame.width, p.frame.height);
    this.firstThumb ??= thumb;
    if (this.still) this.still = samePicture(this.firstThumb, thumb);
    const gap = this.lastAnalysedSec === null ? Infinity : p.timeSec - this.lastAnalysedSec;
    if (this.previousThumb && gap <= 1.5 / this.sampling.fps) {
      this.shift = estimateCameraShift(this.previousThumb, thumb, this.shift);
    } else {
      this.shift = { dx: 0, dy: 0 };
      // a jump (segment gap): tracks cannot continue
      if (gap !== Infinity) this.endTracks(this.tracker.finish());
    }
    this.previousThumb = thumb;
    this.lastAnalysedSec = p.timeSec;
    return p.frame.width / thumb.width;
  }

  /**
   * Moves the tracks on to this frame's people and records each track's position and kit;
   * returns each continued track with its detection.
   */
  private updateTracks(
    p: Pending,
    detections: readonly PersonDetection[],
    kits: readonly (KitSample | null)[],
    k: number,
  ): [TrackRecord, number][] {
    const inputs: TrackInput[] = detections.map((d, i) => ({
      box: d.box,
      score: d.score,
      colour: kits[i]?.jersey,
    }));
    const { assignments, ended } = this.tracker.update(p.timeSec, inputs, {
      dx: this.shift.dx * k,
      dy: this.shift.dy * k,
    });
    this.endTracks(ended);
    // where the image origin sits on the (panning) field: lets tracks be joined across gaps
    this.cameraX -= this.shift.dx * k;
    this.cameraY -= this.shift.dy * k;
    this.picture.frames.push([p.timeSec, this.cameraX, this.cameraY]);
    this.picture.width = p.frame.width;
    this.picture.height = p.frame.height;
    const assigned: [TrackRecord, number][] = [];
    for (const { trackId, detectionIndex } of assignments) {
      const d = detections[detectionIndex]!;
      const record = this.records.get(trackId) ?? new TrackRecord(trackId);
      this.records.set(trackId, record);
      record.addPosition(p.timeSec, d.box, [this.cameraX, this.cameraY]);
      const kit = kits[detectionIndex];
      if (kit) record.addKit(kit);
      assigned.push([record, detectionIndex]);
    }
    return assigned;
  }

  /** Applies the last frame's reads to their tracks, once they are all in. */
  async applyReads(): Promise<void> {
    const reads = this.inFlight;
    if (!reads) return;
    this.inFlight = null;
    const results = await reads.results;
    reads.records.forEach((record, i) => {
      applyRead(record, reads.jobs[i]!, results[i]!, reads.boxes, reads.timeSec);
    });
  }

  /** The reads still on their way (to be let settle before the reader closes). */
  readsInFlight(): Promise<PersonReadResult[]> | undefined {
    return this.inFlight?.results;
  }

  /**
   * Ends every track still open; returns all the tracks, packed, in the order they ended (but the
   * tracks seen once, see `packEnded`). Call after the last reads are applied.
   */
  finish(): PackedTrack[] {
    this.endTracks(this.tracker.finish());
    this.packEnded();
    return this.finished;
  }

  private endTracks(ended: readonly { id: number }[]): void {
    for (const t of ended) {
      const r = this.records.get(t.id);
      if (r) this.ended.push(r);
      this.records.delete(t.id);
    }
  }

  /**
   * Packs the tracks that ended, once the reads planned before they ended are in (those of the
   * last frame arrive one frame later); their band reads are judged now, with all their reads.
   * A track seen once is dropped: the summary keeps tracks of two sightings or more. Only its id
   * is noted. Its reads, of one moment, never make a number sure (`surelyReadNumber`).
   */
  private packEnded(): void {
    for (const r of this.ended) {
      if (r.bandReadsUnbacked(MIN_TEXT_LOOKS_TO_DROP_BAND)) r.dropBandReads();
      else r.dropContradictedBandReads();
      this.dropped.maxId = Math.max(this.dropped.maxId, r.id);
      if (r.samples < 2) continue;
      // the photo of the surest read of the track's number: the one the summary may show
      const vote = voteTrackNumber(r.reads);
      const photo = vote.best ? r.photoOf(vote.best) : null;
      if (photo) this.photos.put(vote.best!, photo);
      this.finished.push(r.pack(this.spill));
    }
    this.ended = [];
  }
}

/** Each person's kit colours, sampled against the frame's field colour; and that colour. */
function sampleKits(
  frame: RgbFrame,
  detections: readonly PersonDetection[],
): { kits: (KitSample | null)[]; field: FieldModel } {
  const field = estimateFieldColour(
    frame,
    detections.map((d) => d.box),
  );
  return { kits: detections.map((d) => sampleKit(frame, d.box, field)), field };
}

/** Records one person's read on its track: a small person's torso look, a text look, a band read. */
function applyRead(
  record: TrackRecord,
  job: PersonReadJob,
  { text, band, photo }: PersonReadResult,
  boxes: readonly Box[],
  timeSec: number,
): void {
  const box = boxes[job.detection]!;
  const addTextRead = (): void => {
    if (!text || text.number === null) return;
    const read = { number: text.number, confidence: text.confidence, timeSec, box };
    record.addTextRead(read, { look: job.textLook!, inDetail: job.inDetail ?? false });
    if (photo) record.offerPhoto(read, photo, false);
  };
  if (job.textLook !== null && job.besideBand) {
    // a small person's look counts on its own tally (its own textless rule), not as a text look
    record.lastSmallLookSec = timeSec;
    record.smallLooks++;
    if (text && text.textBoxes > 0) record.smallLooksWithText++;
    addTextRead();
  } else if (job.textLook !== null) {
    record.lastReadSec = timeSec;
    record.lastTextLookSec = timeSec;
    record.textLooks++;
    if (text && text.textBoxes > 0) record.textLooksWithText++;
    addTextRead();
  }
  if (band) {
    record.lastReadSec = timeSec;
    const read = { number: band.number, confidence: band.confidence, timeSec, box };
    record.addBandRead(read);
    if (photo) record.offerPhoto(read, photo, true);
  }
}

/**
 * The reads due on this frame: whose number to read, and which of them get a text look. A track that
 * has read its number at one moment only gets a look at each sampled frame from
 * `INDEPENDENT_READS_SEC` on (`isSecondMomentLookDue`), made as its surest text read of the number
 * was: the same body scale, in the detail frame or not. `still`: every frame so far showed the same
 * picture; `detail`: the frame comes with a detail frame.
 */
function planReads(
  assigned: readonly [TrackRecord, number][],
  detections: readonly PersonDetection[],
  kits: readonly (KitSample | null)[],
  timeSec: number,
  { still, detail }: { still: boolean; detail: boolean },
): { jobs: PersonReadJob[]; records: TrackRecord[] } {
  const jobs: PersonReadJob[] = [];
  const records: TrackRecord[] = [];
  for (const [record, detectionIndex] of assigned) {
    if (!isReadDue(record, timeSec, still)) continue;
    const d = detections[detectionIndex]!;
    const overlap = Math.max(
      0,
      ...detections.filter((_, j) => j !== detectionIndex).map((o) => boxIou(o.box, d.box)),
    );
    const small = d.box[3] < MIN_TEXT_PERSON_HEIGHT;
    const secondMoment = isSecondMomentLookDue(record, timeSec, still);
    const textLookDue = isTextLookWanted(
      record,
      detections,
      detectionIndex,
      small,
      timeSec,
      secondMoment,
      still,
    );
    // the look that read the number once, made again; counted (and bounded) when taken
    const made = secondMoment && textLookDue ? awaitedSecondMoment(record)?.look : null;
    if (secondMoment) record.secondMomentLooks++;
    const textLook = !textLookDue ? null : small ? TORSO_LOOK : (made?.look ?? record.textLooks);
    jobs.push({
      detection: detectionIndex,
      overlap,
      jersey: kits[detectionIndex]?.jersey ?? null,
      textLook,
      besideBand: small,
      ...(textLook !== null
        ? { inDetail: detail && (made?.inDetail ?? d.box[3] < MAX_DETAIL_PERSON_HEIGHT) }
        : {}),
    });
    records.push(record);
  }
  return { jobs, records };
}

/**
 * Whether a person gets a text look now: tall and sure enough, not merged with another person,
 * and due on the schedule of its kind of look (the torso look for small people, its own), or due a
 * look for a second moment (`secondMoment`).
 */
function isTextLookWanted(
  record: TrackRecord,
  detections: readonly PersonDetection[],
  detectionIndex: number,
  small: boolean,
  timeSec: number,
  secondMoment: boolean,
  still: boolean,
): boolean {
  const d = detections[detectionIndex]!;
  // merged with another person for the text look: only people found at least as surely count
  // (a faint box over two players or around part of one is not a second person in the way, and
  // of two boxes around one person the surer is looked at)
  const textOverlap = Math.max(
    0,
    ...detections
      .filter((o, j) => j !== detectionIndex && o.score >= Math.max(MIN_TEXT_PERSON_SCORE, d.score))
      .map((o) => boxIou(o.box, d.box)),
  );
  return (
    d.box[3] >= MIN_SMALL_TEXT_PERSON_HEIGHT &&
    d.score >= MIN_TEXT_PERSON_SCORE &&
    textOverlap < 0.3 &&
    (secondMoment ||
      (small
        ? isTextLookDue(
            {
              reads: record.reads,
              lastTextLookSec: record.lastSmallLookSec,
              textLooks: record.smallLooks,
              textLooksWithText: record.smallLooksWithText,
            },
            timeSec,
            still,
          )
        : isTextLookDue(record, timeSec, still)))
  );
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
