import type { Box } from '../../perception/detector/types.js';
import type { NumberObservation } from '../../perception/numbers/track-vote.js';
import type { KitSample } from '../../perception/teams/kit-colours.js';
import type { Lab } from '../../perception/teams/lab-colour.js';
import type { TrackSpill } from './track-spill.js';

/** One sampled position of a track: [timeSec, x, y, w, h] in analysis-frame pixels. */
export type PathSample = [number, number, number, number, number];

/**
 * What the summary reads of a track, live (`TrackRecord`) or finished and packed (`PackedTrack`).
 * `path`, `offsets`, `kits` and `reads` of a packed track are unpacked (and read back from its
 * spill) at each access: hold on to them only as long as they are needed.
 */
export interface TrackHistory {
  readonly id: number;
  /** Sampled positions. */
  readonly samples: number;
  readonly path: readonly PathSample[];
  /** Camera offset at each path sample: box + offset is the position on the field. */
  readonly offsets: readonly [number, number][];
  readonly kits: readonly KitSample[];
  /** Kit samples kept (`kits.length`). */
  readonly kitCount: number;
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
 * A finished track, packed: its path with camera offsets and its kit samples in one Float64Array,
 * held in a `TrackSpill` (a temporary file) when one is given, else in memory; its reads in
 * another, always in memory (the summary reads them again and again). The first and last field
 * points and heights are kept beside them for the stitching. Float64 keeps every value as it was:
 * the summary of packed tracks equals the summary of the live ones.
 */
export class PackedTrack implements TrackHistory {
  readonly samples: number;
  readonly kitCount: number;
  readonly firstSec: number;
  readonly lastSec: number;
  // the first and the last field point and height (see `fieldPoint`, `heightAt`)
  private readonly firstX: number;
  private readonly firstY: number;
  private readonly firstHeight: number;
  private readonly lastX: number;
  private readonly lastY: number;
  private readonly lastHeight: number;
  /** Null when the track has no reads (most have none: spectators, far or turned players). */
  private readonly readData: Float64Array | null;
  private readonly inMemory: Float64Array | null;
  private readonly spilledAt: number;

  constructor(
    readonly id: number,
    path: readonly PathSample[],
    offsets: readonly (readonly [number, number])[],
    kits: readonly KitSample[],
    reads: readonly NumberObservation[],
    private readonly spill: TrackSpill | null = null,
  ) {
    this.samples = path.length;
    this.kitCount = kits.length;
    const data = new Float64Array(PATH_STRIDE * path.length + KIT_STRIDE * kits.length);
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
    const readData = reads.length > 0 ? new Float64Array(READ_STRIDE * reads.length) : null;
    reads.forEach((r, i) => {
      readData!.set([r.number ?? NaN, r.confidence, r.timeSec, ...r.box], i * READ_STRIDE);
    });
    this.readData = readData;
    const last = Math.max(0, path.length - 1);
    this.firstSec = path[0]?.[0] ?? 0;
    this.lastSec = path[last]?.[0] ?? 0;
    [this.firstX, this.firstY] = pointOf(data, 0);
    this.firstHeight = heightOf(data, 0);
    [this.lastX, this.lastY] = pointOf(data, last);
    this.lastHeight = heightOf(data, last);
    this.inMemory = spill ? null : data;
    this.spilledAt = spill ? spill.put(data) : -1;
  }

  /** The path and kit samples, from memory or read back from the spill. */
  private data(): Float64Array {
    return (
      this.inMemory ??
      this.spill!.get(this.spilledAt, PATH_STRIDE * this.samples + KIT_STRIDE * this.kitCount)
    );
  }

  get path(): PathSample[] {
    const d = this.data();
    return Array.from({ length: this.samples }, (_, i): PathSample => {
      const o = i * PATH_STRIDE;
      return [d[o]!, d[o + 1]!, d[o + 2]!, d[o + 3]!, d[o + 4]!];
    });
  }

  get offsets(): [number, number][] {
    const d = this.data();
    return Array.from({ length: this.samples }, (_, i): [number, number] => {
      const o = i * PATH_STRIDE;
      return [d[o + 5]!, d[o + 6]!];
    });
  }

  get kits(): KitSample[] {
    const d = this.data();
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
    const d = this.readData;
    if (!d) return [];
    return Array.from({ length: d.length / READ_STRIDE }, (_, i): NumberObservation => {
      const o = i * READ_STRIDE;
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
    if (i === 0) return this.firstHeight;
    if (i === this.samples - 1) return this.lastHeight;
    return heightOf(this.data(), i);
  }

  fieldPoint(i: number): [number, number] {
    if (i < 0 || i >= this.samples) return [0, 0];
    if (i === 0) return [this.firstX, this.firstY];
    if (i === this.samples - 1) return [this.lastX, this.lastY];
    return pointOf(this.data(), i);
  }
}

/** Feet position on the field at path sample i of packed values. */
function pointOf(d: Float64Array, i: number): [number, number] {
  const o = i * PATH_STRIDE;
  if (o + PATH_STRIDE > d.length) return [0, 0];
  return [d[o + 1]! + d[o + 3]! / 2 + d[o + 5]!, d[o + 2]! + d[o + 4]! + d[o + 6]!];
}

function heightOf(d: Float64Array, i: number): number {
  return d[i * PATH_STRIDE + 4] ?? 0;
}
