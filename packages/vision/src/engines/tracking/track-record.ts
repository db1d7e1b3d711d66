import type { Box, RgbFrame } from '../../perception/detector/types.js';
import { isWholeOrPart } from '../../perception/numbers/digit-relation.js';
import { SURE_READ, type NumberObservation } from '../../perception/numbers/track-vote.js';
import type { KitSample } from '../../perception/teams/kit-colours.js';
import { PackedTrack, type PathSample, type TrackHistory } from './track-history.js';
import type { TrackSpill } from './track-spill.js';

const MAX_KIT_SAMPLES = 40;

/** How a text read was made: the text look (body scale) and whether it read the detail frame. */
export interface TextLookMade {
  look: number;
  inDetail: boolean;
}

/**
 * Everything the analysis keeps about one live track: small, bounded per track, never frames. A
 * finished track is packed (`pack`).
 */
export class TrackRecord implements TrackHistory {
  readonly path: PathSample[] = [];
  /** Camera offset at each path sample: box + offset is the position on the field. */
  readonly offsets: [number, number][] = [];
  readonly kits: KitSample[] = [];
  readonly reads: NumberObservation[] = [];
  /** The reads taken from the fixed torso band (not by text detection). */
  private readonly bandReads = new WeakSet<NumberObservation>();
  /** How each text read was made: the look (body scale) and whether in the detail frame. */
  private readonly textLooksOf = new WeakMap<NumberObservation, TextLookMade>();
  /** Extra looks taken for a second moment of a number read at one moment only (see `read-schedule`). */
  secondMomentLooks = 0;
  lastReadSec = -Infinity;
  /** Looks for the number by text detection so far (each look takes the next body scale). */
  textLooks = 0;
  /** Of those, the looks that found number-shaped text on the person. */
  textLooksWithText = 0;
  lastTextLookSec = -Infinity;
  /** The last torso look while the person was too small for the text looks (its own schedule). */
  lastSmallLookSec = -Infinity;
  /** Those torso looks so far, and how many found number-shaped text (their own textless rule). */
  smallLooks = 0;
  smallLooksWithText = 0;
  private kitSeen = 0;
  /**
   * The photo of the surest read of each number so far (see `PersonReadResult.photo`), text looks'
   * and band reads' apart: the band reads of a number may yet be dropped (`dropBandReads`,
   * `dropContradictedBandReads`), and then the surest text read's photo is the one wanted.
   */
  private photos: Map<string, { read: NumberObservation; photo: RgbFrame }> | null = null;

  constructor(readonly id: number) {}

  addPosition(timeSec: number, box: Box, cameraOffset: [number, number] = [0, 0]): void {
    this.path.push([timeSec, box[0], box[1], box[2], box[3]]);
    this.offsets.push(cameraOffset);
  }

  get samples(): number {
    return this.path.length;
  }

  heightAt(i: number): number {
    return this.path[i]![4];
  }

  get kitCount(): number {
    return this.kits.length;
  }

  /** The track as it ended, packed (see `PackedTrack`), its path and kits in `spill` if given. */
  pack(spill: TrackSpill | null = null): PackedTrack {
    return new PackedTrack(this.id, this.path, this.offsets, this.kits, this.reads, spill);
  }

  /** Feet position on the field (camera motion removed) at path sample i. */
  fieldPoint(i: number): [number, number] {
    const p = this.path[i];
    const o = this.offsets[i] ?? [0, 0];
    if (!p) return [0, 0];
    return [p[1] + p[3] / 2 + o[0], p[2] + p[4] + o[1]];
  }

  /** Records a text read with how it was made (`lookOf`). */
  addTextRead(read: NumberObservation, look: TextLookMade): void {
    this.textLooksOf.set(read, look);
    this.reads.push(read);
  }

  /** How a text read was made; null for a band read. */
  lookOf(read: NumberObservation): TextLookMade | null {
    return this.textLooksOf.get(read) ?? null;
  }

  addBandRead(read: NumberObservation): void {
    this.bandReads.add(read);
    this.reads.push(read);
  }

  /**
   * Keeps `photo` as the photo of `read` if no read of the same number (and kind) so far was as
   * sure: the first of equally sure reads is kept, as the vote's `best` is the first.
   */
  offerPhoto(read: NumberObservation, photo: RgbFrame, band: boolean): void {
    if (read.number === null) return;
    const key = `${read.number}:${band ? 'band' : 'text'}`;
    this.photos ??= new Map();
    const held = this.photos.get(key);
    if (!held || read.confidence > held.read.confidence) this.photos.set(key, { read, photo });
  }

  /** The photo kept of this read (the surest of its number and kind), if any. */
  photoOf(read: NumberObservation): RgbFrame | null {
    for (const held of this.photos?.values() ?? []) if (held.read === read) return held.photo;
    return null;
  }

  /**
   * Whether the band reads are to be dropped: text detection looked at the person at least
   * `minLooks` times and never found anything shaped like a number on them. The fixed band fits
   * upright players drawn as sprites; on a real person with no number in view it reads a fold, a
   * logo or a neighbour's shirt.
   */
  bandReadsUnbacked(minLooks: number): boolean {
    return this.textLooks >= minLooks && this.textLooksWithText === 0;
  }

  /** Drops the band reads (see `bandReadsUnbacked`). */
  dropBandReads(): void {
    this.keepReads((r) => !this.bandReads.has(r));
  }

  /**
   * Drops the band reads that the track's sure text reads (≥ `SURE_READ`) contradict: a band read
   * of another number, not a digit of one of them. Where text detection found the number and read
   * it clearly, the fixed band that disagrees sits on the wrong part of a real person, and on a
   * still picture it repeats its misread at every read (a '57' five times over a '23' read at
   * 0.96). Band reads that agree stay: on the synthetic films they carry the votes through crossings.
   */
  dropContradictedBandReads(): void {
    const sure = this.reads
      .filter((r) => !this.bandReads.has(r) && r.number !== null && r.confidence >= SURE_READ)
      .map((r) => r.number!);
    if (sure.length === 0) return;
    const agrees = (n: number): boolean => sure.some((s) => isWholeOrPart(n, s));
    this.keepReads((r) => !this.bandReads.has(r) || r.number === null || agrees(r.number));
  }

  private keepReads(keep: (read: NumberObservation) => boolean): void {
    const kept = this.reads.filter(keep);
    this.reads.splice(0, this.reads.length, ...kept);
  }

  /** Reservoir-samples kit colours so a long track stays small. */
  addKit(kit: KitSample): void {
    this.kitSeen++;
    if (this.kits.length < MAX_KIT_SAMPLES) this.kits.push(kit);
    else {
      const slot = (this.kitSeen * 7919) % this.kitSeen;
      if (slot < MAX_KIT_SAMPLES) this.kits[slot] = kit;
    }
  }

  get firstSec(): number {
    return this.path[0]?.[0] ?? 0;
  }

  get lastSec(): number {
    return this.path[this.path.length - 1]?.[0] ?? 0;
  }
}
