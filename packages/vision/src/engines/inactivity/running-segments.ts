import type { LiveSegment } from './live-play-model.js';
import type { RunningPlay } from './play-rescue.js';

/**
 * The kept segments with the plays found by their runners: a runners' play that overlaps or touches
 * kept segments is one play with them (one chapter), its reasons first.
 */
export function joinRunningPlays(
  kept: readonly LiveSegment[],
  running: readonly LiveSegment[],
): LiveSegment[] {
  let out = [...kept];
  for (const play of running) {
    const touching = out.filter((s) => s.start <= play.end + 1e-6 && s.end >= play.start - 1e-6);
    if (touching.length === 0) {
      out.push(play);
      continue;
    }
    const parts = [play, ...touching];
    const first = parts.reduce((a, b) => (b.start < a.start ? b : a));
    const last = parts.reduce((a, b) => (b.end > a.end ? b : a));
    const length = (s: LiveSegment): number => s.end - s.start;
    const joined: LiveSegment = {
      start: first.start,
      end: last.end,
      confidence:
        parts.reduce((sum, s) => sum + s.confidence * length(s), 0) /
        Math.max(
          1e-9,
          parts.reduce((sum, s) => sum + length(s), 0),
        ),
      decidedBy: [...new Set(parts.flatMap((s) => s.decidedBy))],
      startedBy: first.startedBy,
      endedBy: last.endedBy,
    };
    out = [...out.filter((s) => !touching.includes(s)), joined];
  }
  return out.sort((a, b) => a.start - b.start);
}

/** A play found by its runners, explained as the others are. */
export function runningSegment(play: RunningPlay, p: Float32Array, fps: number): LiveSegment {
  const from = Math.floor(play.runningFrom * fps);
  const to = Math.max(from + 1, Math.min(p.length, Math.ceil(play.runningTo * fps)));
  let sum = 0;
  for (let i = from; i < to; i++) sum += p[i] ?? 0;
  return {
    start: play.start,
    end: play.end,
    confidence: sum / (to - from),
    decidedBy: ['players running, seen by the person detector'],
    startedBy: `players started running at ${play.runningFrom.toFixed(1)} s where the movement measures found no play (padded ${(play.runningFrom - play.start).toFixed(1)} s)`,
    endedBy: `players stopped running at ${play.runningTo.toFixed(1)} s (padded ${(play.end - play.runningTo).toFixed(1)} s)`,
  };
}
