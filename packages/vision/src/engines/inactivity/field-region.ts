/**
 * Finds the playing surface as the dominant colour of the lower part of the picture (grass, hardwood,
 * court paint) and, per column, where it begins from the top. Everything above it (stands, benches,
 * scoreboards) is left out of the motion measure, so a restless crowd is not taken for play.
 */
const HEADROOM = 2;
/** Sum of absolute RGB differences under which a pixel has the field's colour. */
const FIELD_COLOUR_DISTANCE = 70;
/** Decay of each look's weight per update (updates every 0.6 s: about a minute's memory). */
const LOOK_DECAY = 0.99;
/** Weight (updates) the longest-held look needs before other looks are taken for no field. */
const LOOK_ESTABLISHED = 2.5;
const MAX_LOOKS = 4;

export class FieldRegion {
  private readonly histogram = new Float32Array(4096);
  private colour: [number, number, number] | null = null;
  /**
   * The colours the dominant colour has taken over the last minute or so, with how long each held.
   * The film's field is the one that held longest: when the camera turns to the stands, a bench or
   * a scoreboard, the dominant colour changes at once and no field is seen until it comes back.
   */
  private readonly looks: { colour: [number, number, number]; weight: number }[] = [];
  readonly top: Int16Array;
  /** 1 where the last updated frame showed field colour. */
  readonly fieldColour: Uint8Array;
  /** Columns where the field was found in the last updated frame. */
  columnsWithField = 0;

  constructor(
    private readonly width: number,
    private readonly height: number,
  ) {
    this.top = new Int16Array(width).fill(height);
    this.fieldColour = new Uint8Array(width * height);
  }

  /** Updates the field colour and the per-column top row from an rgb24 frame; returns region pixels. */
  update(rgb: Uint8Array): number {
    const { width, height, histogram } = this;
    for (let i = 0; i < histogram.length; i++) histogram[i]! *= 0.9;
    const sums = new Float64Array(4096 * 3);
    const counts = new Float64Array(4096);
    const startRow = Math.floor(height / 3);
    for (let y = startRow; y < height; y += 2) {
      for (let x = 0; x < width; x += 2) {
        const o = (y * width + x) * 3;
        const bin = ((rgb[o]! >> 4) << 8) | ((rgb[o + 1]! >> 4) << 4) | (rgb[o + 2]! >> 4);
        histogram[bin]! += 1;
        counts[bin]! += 1;
        sums[bin * 3]! += rgb[o]!;
        sums[bin * 3 + 1]! += rgb[o + 1]!;
        sums[bin * 3 + 2]! += rgb[o + 2]!;
      }
    }
    let mode = 0;
    for (let i = 1; i < histogram.length; i++) if (histogram[i]! > histogram[mode]!) mode = i;
    const n = counts[mode]!;
    if (n > 0) {
      const current: [number, number, number] = [
        sums[mode * 3]! / n,
        sums[mode * 3 + 1]! / n,
        sums[mode * 3 + 2]! / n,
      ];
      const previous = this.colour;
      this.colour = previous
        ? ([0, 1, 2].map((c) => previous[c]! * 0.7 + current[c]! * 0.3) as [number, number, number])
        : current;
    }
    const colour = this.colour;
    if (!colour) return 0;
    if (!this.isFilmField(colour)) {
      this.top.fill(this.height);
      this.columnsWithField = 0;
      return 0;
    }
    const isField = this.fieldColour;
    for (let i = 0, o = 0; i < width * height; i++, o += 3) {
      const d =
        Math.abs(rgb[o]! - colour[0]) +
        Math.abs(rgb[o + 1]! - colour[1]) +
        Math.abs(rgb[o + 2]! - colour[2]);
      isField[i] = d < FIELD_COLOUR_DISTANCE ? 1 : 0;
    }
    // Per band of columns, the field starts at the first rows that are mostly field colour: single
    // green-ish spectators are too small to fill a band.
    const band = Math.max(4, Math.round(width / 20));
    let pixels = 0;
    let columns = 0;
    for (let x0 = 0; x0 < width; x0 += band) {
      const x1 = Math.min(width, x0 + band);
      let top = height;
      let run = 0;
      for (let y = 0; y < height; y++) {
        let c = 0;
        for (let x = x0; x < x1; x++) c += isField[y * width + x]!;
        run = c >= (x1 - x0) * 0.6 ? run + 1 : 0;
        if (run === 3) {
          top = Math.max(0, y - 2 - HEADROOM);
          break;
        }
      }
      for (let x = x0; x < x1; x++) this.top[x] = top;
      pixels += (height - top) * (x1 - x0);
      if (top < height) columns += x1 - x0;
    }
    this.columnsWithField = columns;
    // A frame with hardly any field colour (crowd shot, close-up) has no field region.
    let fieldCount = 0;
    for (let i = 0; i < isField.length; i++) fieldCount += isField[i]!;
    if (fieldCount < width * height * 0.15) {
      this.top.fill(height);
      this.columnsWithField = 0;
      return 0;
    }
    return pixels;
  }

  /** Records the dominant colour of this update; false when it is not the film's field colour. */
  private isFilmField(colour: [number, number, number]): boolean {
    const looks = this.looks;
    for (const look of looks) look.weight *= LOOK_DECAY;
    let current = looks.find(
      (look) =>
        Math.abs(look.colour[0] - colour[0]) +
          Math.abs(look.colour[1] - colour[1]) +
          Math.abs(look.colour[2] - colour[2]) <
        FIELD_COLOUR_DISTANCE,
    );
    if (current) {
      current.weight += 1;
      for (let c = 0; c < 3; c++)
        current.colour[c] = current.colour[c]! + (colour[c]! - current.colour[c]!) / current.weight;
    } else {
      current = { colour: [...colour], weight: 1 };
      if (looks.length < MAX_LOOKS) looks.push(current);
      else {
        let weakest = 0;
        for (let i = 1; i < looks.length; i++)
          if (looks[i]!.weight < looks[weakest]!.weight) weakest = i;
        looks[weakest] = current;
      }
    }
    let top = current;
    for (const look of looks) if (look.weight > top.weight) top = look;
    return top === current || top.weight < LOOK_ESTABLISHED;
  }
}
