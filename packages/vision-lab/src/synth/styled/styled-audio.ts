import { Random } from '../random.js';
import type { FilmLook } from './film-style.js';
import type { StyledTimeline } from './styled-timeline.js';

export const STYLED_AUDIO_RATE = 24000;

/**
 * The sound of a styled film: crowd bed that rises in play and cheers after it, whistles where the
 * timeline has them, bench chatter and an announcer in dead time, music in timeouts, shoe squeaks
 * indoors and wind on phones, ball thumps in play.
 */
export function synthesiseStyledAudio(
  look: FilmLook,
  timeline: StyledTimeline,
  seed: number,
): Float32Array {
  const rate = STYLED_AUDIO_RATE;
  const rng = new Random(seed ^ 0xa0d15);
  const total = Math.ceil(timeline.durationSec * rate);
  const out = new Float32Array(total);
  const isLive = (t: number): boolean => timeline.live.some((s) => t >= s.start && t < s.end);
  // How much the crowd follows play differs a lot between venues: from not at all to a roar.
  const liveBoost = rng.between(-0.005, 0.02);
  const cheer = rng.chance(0.5) ? rng.between(0, 0.06) : 0;
  const level = new Float32Array(Math.ceil(timeline.durationSec * 10) + 1);
  for (let i = 0; i < level.length; i++) {
    const t = i / 10;
    const after = timeline.live.find((s) => t >= s.end && t < s.end + 4);
    level[i] =
      look.crowdLevel *
      (0.02 + (isLive(t) ? liveBoost : 0) + (after ? cheer * Math.exp(-(t - after.end)) : 0));
  }
  let lp1 = 0;
  let lp2 = 0;
  let wind = 0;
  const windy = look.operator === 'phone' && !look.indoor ? rng.between(0, 0.08) : 0;
  for (let i = 0; i < total; i++) {
    const white = rng.next() * 2 - 1;
    lp1 += (white - lp1) * 0.25;
    lp2 += (lp1 - lp2) * 0.5;
    wind += (rng.next() * 2 - 1 - wind) * 0.01;
    out[i] = lp2 * 8 * level[Math.floor((i / rate) * 10)]! + wind * windy * 6;
  }
  const tone = (start: number, sec: number, f0: number, amp: number, warbleHz: number): void => {
    const a = Math.floor(start * rate);
    const n = Math.floor(sec * rate);
    let phase = 0;
    for (let k = 0; k < n && a + k < total; k++) {
      if (a + k < 0) continue;
      const tt = k / rate;
      const env = Math.min(1, tt / 0.02, (sec - tt) / 0.05);
      phase += (2 * Math.PI * f0 * (1 + 0.03 * Math.sin(2 * Math.PI * warbleHz * tt))) / rate;
      out[a + k]! += amp * env * (Math.sin(phase) + 0.3 * Math.sin(2 * phase));
    }
  };
  for (const w of timeline.whistles)
    tone(w.at, w.sec, rng.between(2500, 4000), rng.between(0.05, 0.3), rng.between(20, 35));
  for (const s of timeline.stretches) {
    if (s.kind === 'live') {
      for (let t = s.start; t < s.end; t += rng.between(0.3, 1.5)) {
        const a = Math.floor(t * rate);
        for (let k = 0; k < 600 && a + k < total; k++)
          out[a + k]! += 0.12 * Math.exp(-k / 120) * Math.sin((2 * Math.PI * 110 * k) / rate);
        // Shoe squeaks indoors: short high chirps, a whistle's look-alike.
        if (look.indoor && rng.chance(0.3))
          tone(t + 0.1, rng.between(0.05, 0.15), rng.between(1800, 3500), 0.05, 60);
      }
      continue;
    }
    for (let t = s.start + 1; t < s.end - 1; t += rng.between(1.5, 5)) {
      const a = Math.floor(t * rate);
      const n = Math.floor(rng.between(0.3, 1.5) * rate);
      let b1 = 0;
      const amp = rng.between(0.02, 0.07);
      const announcer = rng.chance(0.2);
      for (let k = 0; k < n && a + k < total; k++) {
        b1 += (rng.next() * 2 - 1 - b1) * 0.35;
        const voice = announcer
          ? Math.sin((2 * Math.PI * 140 * k) / rate) * (1 + Math.sin(k / 300))
          : 1;
        out[a + k]! += amp * b1 * voice * Math.sin((Math.PI * k) / n);
      }
    }
    if (s.kind === 'bench' && rng.chance(0.6)) {
      // Music over the timeout: a few held notes.
      for (let t = s.start + 2; t < s.end - 2; t += 0.5)
        tone(t, 0.45, rng.pick([262, 330, 392, 523, 659]), 0.04, 0);
    }
  }
  for (let i = 0; i < total; i++) out[i] = Math.max(-1, Math.min(1, out[i]!));
  return out;
}
