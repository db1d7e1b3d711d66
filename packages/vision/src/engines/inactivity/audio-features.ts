/** What the sound says about one sampled frame. */
export interface AudioSample {
  /** Loudness in dBFS (-120 when silent or no audio). */
  rmsDb: number;
  /** Share of short windows in the frame holding a referee-whistle-like tone (0..1). */
  whistle: number;
}

const WINDOW = 512;
const HOP = 256;

/** Finds pea-whistle tones (strong narrow peak at 1.8–5 kHz) and loudness in mono samples. */
export class AudioAnalyser {
  private readonly re = new Float64Array(WINDOW);
  private readonly im = new Float64Array(WINDOW);
  private readonly hann = new Float64Array(WINDOW);
  private carry = new Float32Array(0);

  constructor(private readonly sampleRate: number) {
    for (let i = 0; i < WINDOW; i++)
      this.hann[i] = 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / WINDOW);
  }

  push(samples: Float32Array): AudioSample {
    if (samples.length === 0) return { rmsDb: -120, whistle: 0 };
    let energy = 0;
    for (const s of samples) energy += s * s;
    const rmsDb = 10 * Math.log10(energy / samples.length + 1e-12);
    const buffer = new Float32Array(this.carry.length + samples.length);
    buffer.set(this.carry);
    buffer.set(samples, this.carry.length);
    let windows = 0;
    let tonal = 0;
    let start = 0;
    for (; start + WINDOW <= buffer.length; start += HOP) {
      windows++;
      if (this.isWhistle(buffer, start)) tonal++;
    }
    this.carry = buffer.slice(start);
    return { rmsDb, whistle: windows > 0 ? tonal / windows : 0 };
  }

  private isWhistle(buffer: Float32Array, start: number): boolean {
    const { re, im, hann, sampleRate } = this;
    let energy = 0;
    for (let i = 0; i < WINDOW; i++) {
      const v = buffer[start + i]!;
      energy += v * v;
      re[i] = v * hann[i]!;
      im[i] = 0;
    }
    if (energy / WINDOW < 1e-6) return false;
    fft(re, im);
    const binHz = sampleRate / WINDOW;
    const lo = Math.floor(300 / binHz);
    const hi = Math.min(WINDOW / 2 - 1, Math.floor(7500 / binHz));
    const peakLo = Math.floor(1800 / binHz);
    const peakHi = Math.min(hi, Math.floor(5000 / binHz));
    let total = 0;
    let peak = peakLo;
    let peakPower = 0;
    for (let k = lo; k <= hi; k++) {
      const p = re[k]! * re[k]! + im[k]! * im[k]!;
      total += p;
      if (k >= peakLo && k <= peakHi && p > peakPower) {
        peakPower = p;
        peak = k;
      }
    }
    let around = 0;
    for (let k = peak - 2; k <= peak + 2; k++) around += re[k]! * re[k]! + im[k]! * im[k]!;
    return total > 0 && around / total > 0.45;
  }
}

/** In-place radix-2 FFT. */
function fft(re: Float64Array, im: Float64Array): void {
  const n = re.length;
  for (let i = 1, j = 0; i < n; i++) {
    let bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      [re[i], re[j]] = [re[j]!, re[i]!];
      [im[i], im[j]] = [im[j]!, im[i]!];
    }
  }
  for (let len = 2; len <= n; len <<= 1) {
    const angle = (-2 * Math.PI) / len;
    const wr = Math.cos(angle);
    const wi = Math.sin(angle);
    for (let i = 0; i < n; i += len) {
      let cr = 1;
      let ci = 0;
      for (let k = 0; k < len / 2; k++) {
        const a = i + k;
        const b = a + len / 2;
        const tr = re[b]! * cr - im[b]! * ci;
        const ti = re[b]! * ci + im[b]! * cr;
        re[b] = re[a]! - tr;
        im[b] = im[a]! - ti;
        re[a] = re[a]! + tr;
        im[a] = im[a]! + ti;
        const ncr = cr * wr - ci * wi;
        ci = cr * wi + ci * wr;
        cr = ncr;
      }
    }
  }
}
