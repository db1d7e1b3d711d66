import { Random } from './random.js';
import type { SportProfile } from './sport-profile.js';
import type { Timeline } from './timeline.js';

export const SYNTH_AUDIO_RATE = 24000;

/**
 * Synthesises the sound of a generated film: crowd noise that swells in play and cheers after it,
 * a referee's pea whistle at the end of each play (and before serves), bench chatter and a false
 * whistle now and then in dead time, ball thumps in play.
 */
export function synthesiseAudio(
  profile: SportProfile,
  timeline: Timeline,
  seed: number,
): Float32Array {
  const rate = SYNTH_AUDIO_RATE;
  const rng = new Random(seed ^ 0xa0d10);
  const total = Math.ceil(timeline.durationSec * rate);
  const out = new Float32Array(total);
  // Crowd bed: low-passed noise with a slowly varying level.
  let lp1 = 0;
  let lp2 = 0;
  const level = new Float32Array(Math.ceil(timeline.durationSec * 10) + 1);
  for (let i = 0; i < level.length; i++) {
    const t = i / 10;
    const inPlay = timeline.live.some((s) => t >= s.start && t < s.end);
    const afterPlay = timeline.live.some((s) => t >= s.end && t < s.end + 3);
    level[i] = 0.025 + (inPlay ? 0.02 : 0) + (afterPlay ? 0.04 * Math.exp(-(t % 3)) : 0);
  }
  for (let i = 0; i < total; i++) {
    const white = rng.next() * 2 - 1;
    lp1 += (white - lp1) * 0.25;
    lp2 += (lp1 - lp2) * 0.5;
    out[i] = lp2 * 2.2 * level[Math.floor((i / rate) * 10)]! * 4;
  }
  const whistle = (start: number, length: number, amp: number): void => {
    const f0 = rng.between(2700, 3900);
    const a = Math.floor(start * rate);
    const n = Math.floor(length * rate);
    let phase = 0;
    for (let k = 0; k < n && a + k < total; k++) {
      if (a + k < 0) continue;
      const tt = k / rate;
      const env = Math.min(1, tt / 0.02, (length - tt) / 0.05);
      const warble = 1 + 0.03 * Math.sin(2 * Math.PI * 28 * tt);
      phase += (2 * Math.PI * f0 * warble) / rate;
      out[a + k]! += amp * env * (Math.sin(phase) + 0.3 * Math.sin(2 * phase));
    }
  };
  for (const s of timeline.live) {
    if (profile.sport !== 'soccer' || rng.chance(0.9)) {
      whistle(s.end + rng.between(-0.2, 0.3), rng.between(0.3, 0.9), rng.between(0.08, 0.3));
    }
    if (profile.startWhistle) whistle(s.start - rng.between(3, 6), rng.between(0.3, 0.6), 0.15);
  }
  // Dead time: chatter and the odd whistle that ends nothing.
  for (const p of timeline.phases) {
    if (p.kind === 'live') continue;
    for (let t = p.start + 2; t < p.end - 2; t += rng.between(2, 6)) {
      const a = Math.floor(t * rate);
      const n = Math.floor(rng.between(0.3, 1.2) * rate);
      let b1 = 0;
      const amp = rng.between(0.02, 0.06);
      for (let k = 0; k < n && a + k < total; k++) {
        b1 += (rng.next() * 2 - 1 - b1) * 0.35;
        out[a + k]! += amp * b1 * Math.sin((Math.PI * k) / n) * (1 + Math.sin(k / 40));
      }
    }
    if (p.end - p.start > 20 && rng.chance(0.3)) whistle(p.start + rng.between(5, 12), 0.4, 0.1);
  }
  // Ball thumps during play.
  for (const s of timeline.live) {
    for (let t = s.start; t < s.end; t += rng.between(0.4, 1.5)) {
      const a = Math.floor(t * rate);
      for (let k = 0; k < 600 && a + k < total; k++) {
        out[a + k]! += 0.15 * Math.exp(-k / 120) * Math.sin((2 * Math.PI * 120 * k) / rate);
      }
    }
  }
  for (let i = 0; i < total; i++) out[i] = Math.max(-1, Math.min(1, out[i]!));
  return out;
}
