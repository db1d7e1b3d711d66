import type { Box } from '../../perception/detector/types.js';
import type { NumberObservation } from '../../perception/numbers/track-vote.js';
import type { KitSample } from '../../perception/teams/kit-colours.js';
import type { Lab } from '../../perception/teams/lab-colour.js';

/** One sampled position of a track: [timeSec, x, y, w, h] in analysis-frame pixels. */
export type PathSample = [number, number, number, number, number];

/**
 * What the summary reads of a track, live (`TrackRecord`) or finished and packed (`PackedTrack`).
 * `path`, `offsets`, `kits` and `reads` of a packed track are unpacked at each access: hold on to
 * them only as long as they are needed.
 */
export interface TrackHistory {
  readonly id: number;
  /** Sampled positions. */
  readonly samples: number;
  readonly path: readonly PathSample[];
  /** Camera offset at each path sample: box + offset is the position on the field. */
  readonly offsets: readonly [number, number][];
  readonly kits: readonly KitSample[];
  readonly reads: readonly NumberObservation[];
  /** Box height at path sample i. */
  heightAt(i: number): number;
  /** Feet position on the field (camera motion removed) at path sample i. */
  fieldPoint(i: number): [number, number];
  readonly firstSec: number;
  readonly lastSec: number;
}

const PATH_STRIDE = 7;
const KIT_STRIDE = 12;
const READ_STRIDE = 7;

/**
 * A finished track in one Float64Array: its path with camera offsets, its kit samples and its
 * reads, about a sixth of the objects they were made of. A film's finished tracks are kept until
 * the summary, so this is what keeps memory flat in film length. Float64 keeps every value as it
 * was: the summary of packed tracks equals the summary of the live ones.
 */
export class PackedTrack implements TrackHistory {
  readonly samples: number;
  private readonly kitCount: number;
  private readonly readCount: number;
  private readonly data: Float64Array;

  constructor(
    readonly id: number,
    path: readonly PathSample[],
    offsets: readonly (readonly [number, number])[],
    kits: readonly KitSample[],
    reads: readonly NumberObservation[],
  ) {
    this.samples = path.length;
    this.kitCount = kits.length;
    this.readCount = reads.length;
    const data = new Float64Array(
      PATH_STRIDE * path.length + KIT_STRIDE * kits.length + READ_STRIDE * reads.length,
    );
    let o = 0;
    path.forEach((p, i) => {
      const offset = offsets[i] ?? [0, 0];
      data.set([p[0], p[1], p[2], p[3], p[4], offset[0], offset[1]], o);
      o += PATH_STRIDE;
    });
    for (const k of kits) {
      data.set(k.jersey, o);
      data.set(k.lit ?? [NaN, NaN, NaN], o + 3);
      data.set(k.accent ?? [NaN, NaN, NaN], o + 6);
      data.set(k.shorts ?? [NaN, NaN, NaN], o + 9);
      o += KIT_STRIDE;
    }
    for (const r of reads) {
      data.set([r.number ?? NaN, r.confidence, r.timeSec, ...r.box], o);
      o += READ_STRIDE;
    }
    this.data = data;
  }

  get path(): PathSample[] {
    const d = this.data;
    return Array.from({ length: this.samples }, (_, i): PathSample => {
      const o = i * PATH_STRIDE;
      return [d[o]!, d[o + 1]!, d[o + 2]!, d[o + 3]!, d[o + 4]!];
    });
  }

  get offsets(): [number, number][] {
    const d = this.data;
    return Array.from({ length: this.samples }, (_, i): [number, number] => {
      const o = i * PATH_STRIDE;
      return [d[o + 5]!, d[o + 6]!];
    });
  }

  get kits(): KitSample[] {
    const d = this.data;
    const lab = (o: number): Lab | null =>
      Number.isNaN(d[o]) ? null : [d[o]!, d[o + 1]!, d[o + 2]!];
    return Array.from({ length: this.kitCount }, (_, i): KitSample => {
      const o = PATH_STRIDE * this.samples + i * KIT_STRIDE;
      const lit = lab(o + 3);
      return {
        jersey: lab(o)!,
        ...(lit ? { lit } : {}),
        accent: lab(o + 6),
        shorts: lab(o + 9),
      };
    });
  }

  get reads(): NumberObservation[] {
    const d = this.data;
    const start = PATH_STRIDE * this.samples + KIT_STRIDE * this.kitCount;
    return Array.from({ length: this.readCount }, (_, i): NumberObservation => {
      const o = start + i * READ_STRIDE;
      const box: Box = [d[o + 3]!, d[o + 4]!, d[o + 5]!, d[o + 6]!];
      return {
        number: Number.isNaN(d[o]) ? null : d[o]!,
        confidence: d[o + 1]!,
        timeSec: d[o + 2]!,
        box,
      };
    });
  }

  heightAt(i: number): number {
    return this.data[i * PATH_STRIDE + 4]!;
  }

  fieldPoint(i: number): [number, number] {
    if (i < 0 || i >= this.samples) return [0, 0];
    const d = this.data;
    const o = i * PATH_STRIDE;
    return [d[o + 1]! + d[o + 3]! / 2 + d[o + 5]!, d[o + 2]! + d[o + 4]! + d[o + 6]!];
  }

  get firstSec(): number {
    return this.samples > 0 ? this.data[0]! : 0;
  }

  get lastSec(): number {
    return this.samples > 0 ? this.data[(this.samples - 1) * PATH_STRIDE]! : 0;
  }
}
