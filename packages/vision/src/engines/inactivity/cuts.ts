import type { FilmFeatures } from './film-features.js';

/**
 * Frames where the shot changes: the picture changed wholesale, or (a cut to a tighter view of the
 * same field) colours shifted while the camera model failed or motion spiked for that one frame.
 */
export function findCuts(features: FilmFeatures): Uint8Array {
  const { fieldMotion: m, frameChange, histogramChange, cameraFit } = features;
  const cuts = new Uint8Array(features.count);
  for (let i = 1; i < features.count; i++) {
    const hist = histogramChange[i]!;
    const around = Math.max(m[i - 1]!, i + 1 < features.count ? m[i + 1]! : 0);
    const spike = m[i]! > 0.01 && m[i]! > 3 * around;
    // Compensation failing on one frame only, with some colour shift, is a cut as well.
    const strongSpike = m[i]! > 0.03 && m[i]! > 6 * around && hist > 0.05;
    const shotChange = hist > 0.1 && (spike || cameraFit[i]! < 0.45);
    if (frameChange[i]! > 0.3 || hist > 0.45 || shotChange || strongSpike) cuts[i] = 1;
  }
  return cuts;
}
