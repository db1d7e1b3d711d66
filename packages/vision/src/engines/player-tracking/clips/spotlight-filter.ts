import type { TimeRange, TrackingPlayer } from '../tracking-types.js';
import { MAX_SAMPLE_GAP_SEC, STEP_SEC } from '../tuning.js';

export interface SpotlightStyle {
  colour: string;
  thickness: number;
}

function boxAt(path: TrackingPlayer['path'], t: number): [number, number, number, number] | null {
  for (let i = 0; i + 1 < path.length; i++) {
    const a = path[i]!;
    const b = path[i + 1]!;
    if (t < a[0] || t > b[0]) continue;
    if (b[0] - a[0] > MAX_SAMPLE_GAP_SEC) return null;
    const k = b[0] > a[0] ? (t - a[0]) / (b[0] - a[0]) : 0;
    return [
      a[1] + (b[1] - a[1]) * k,
      a[2] + (b[2] - a[2]) * k,
      a[3] + (b[3] - a[3]) * k,
      a[4] + (b[4] - a[4]) * k,
    ];
  }
  const only = path.length === 1 ? path[0]! : null;
  return only && Math.abs(only[0] - t) <= STEP_SEC ? [only[1], only[2], only[3], only[4]] : null;
}

/**
 * ffmpeg drawbox filters that put a box around each chosen player and a marker above the head,
 * for one clip whose own timeline starts at 0 (`clip.start` in the source).
 */
export function spotlightFilters(
  players: readonly TrackingPlayer[],
  clip: TimeRange,
  style: SpotlightStyle = { colour: 'yellow@0.9', thickness: 4 },
): string[] {
  const filters: string[] = [];
  for (const p of players) {
    const path = p.path.filter(
      (s) => s[0] >= clip.start - MAX_SAMPLE_GAP_SEC && s[0] <= clip.end + MAX_SAMPLE_GAP_SEC,
    );
    if (path.length === 0) continue;
    for (let t = clip.start; t < clip.end; t += STEP_SEC) {
      const box = boxAt(path, t + STEP_SEC / 2);
      if (!box) continue;
      const [x, y, w, h] = box.map((v) => Math.round(v)) as [number, number, number, number];
      const from = (t - clip.start).toFixed(3);
      const to = (t - clip.start + STEP_SEC).toFixed(3);
      // half-open, so a frame on a step boundary gets one box, not two
      const enable = `enable='gte(t,${from})*lt(t,${to})'`;
      const pad = Math.round(w * 0.15);
      filters.push(
        `drawbox=x=${x - pad}:y=${y - pad}:w=${w + 2 * pad}:h=${h + 2 * pad}:color=${style.colour}:t=${style.thickness}:${enable}`,
      );
      const marker = Math.max(8, Math.round(w * 0.35));
      filters.push(
        `drawbox=x=${Math.round(x + w / 2 - marker / 2)}:y=${Math.max(0, y - pad - marker - 6)}:w=${marker}:h=${marker}:color=${style.colour}:t=fill:${enable}`,
      );
    }
  }
  return filters;
}
