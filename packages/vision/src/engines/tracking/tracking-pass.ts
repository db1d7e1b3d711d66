// The frame-to-frame pass of Player Tracking's analysis: camera, kits, tracks, and reads in order.
import type { Box, PersonDetection, RgbFrame } from '../../perception/detector/types.js';
import { voteTrackNumber } from '../../perception/numbers/track-vote.js';
import { estimateFieldColour, type FieldModel } from '../../perception/teams/field-colour.js';
import { sampleKit, type KitSample } from '../../perception/teams/kit-colours.js';
import { surfaceLineWhite, type LinearRgb } from '../../perception/teams/white-balance.js';
import { ByteTracker, type TrackInput } from '../../perception/tracker/byte-tracker.js';
import {
  estimateCameraShift,
  greyThumb,
  type CameraShift,
  type GreyThumb,
} from '../../perception/tracker/camera-motion.js';
import type { PictureTimeline } from './appearances.js';
import type { NumberReader } from './number-reader.js';
import { PhotoSpill } from './photo-spill.js';
import { applyRead, planReads } from './plan-reads.js';
import type { FrameReadRequest, PersonReadJob, PersonReadResult } from './read-people.js';
import type { DroppedTracks } from './summarise-tracks.js';
import type { PackedTrack } from './track-history.js';
import { TrackRecord } from './track-record.js';
import { TrackSpill } from './track-spill.js';

/** The lines' colour (the light's cast) is estimated on one analysed frame in this many. */
const LINE_WHITE_EVERY = 4;
/**
 * Grey levels a pixel of the frame thumbnail may differ from the first frame's in a still (a picture
 * made a film). On the 28 labelled real frames made 3-s films no pixel moved more than 1.6 (the
 * encoder's noise); on the five real clips some moved 175 or more.
 */
const STILL_GREY_LEVELS = 4;

/**
 * A track looked at this often by text detection without any number-shaped text found on the person
 * loses its band reads (see `TrackRecord.bandReadsUnbacked`).
 */
const MIN_TEXT_LOOKS_TO_DROP_BAND = 2;

/** A sampled frame on its way to the pass, its detection started. */
export interface Pending {
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

/** The sampling rate and frame widths of one analysis. */
export interface Sampling {
  fps: number;
  /** Width of the analysed frames. */
  width: number;
  /** Width of the frames numbers are read on. */
  detailWidth: number;
  /** Source pixels per analysis pixel. */
  scale: number;
}

/** Whether two thumbnails show the same picture: no pixel differs by more than `STILL_GREY_LEVELS`. */
function samePicture(a: GreyThumb, b: GreyThumb): boolean {
  if (a.width !== b.width || a.height !== b.height) return false;
  return a.data.every((v, i) => Math.abs(v - b.data[i]!) <= STILL_GREY_LEVELS);
}

/**
 * What the analysis carries from frame to frame: the tracker and its tracks, the camera's path
 * over the field, and the reads of the last frame on their way.
 *
 * Number reading runs beside the frame loop (`NumberReader`), with one fixed rule so the result
 * never depends on when a read finishes: the reads of a frame are applied, always awaited, just
 * before the next frame decides whose number to read. That is the order of reading in line.
 */
export class TrackingPass {
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
