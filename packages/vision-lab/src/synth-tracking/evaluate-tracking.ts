import { boxIou, type TeamLetter } from '@filmroom/vision/perception';
import {
  appearancesFromSightings,
  type Sighting,
  type TimeRange,
  type TrackingAnalysis,
} from '@filmroom/vision/tracking';
import type { SynthFilmTruth } from './film-types.js';

export interface TrackingScores {
  /** Tracks matched to a truth person (most of their samples overlap that person's box). */
  matchedTracks: number;
  teamTracks: number;
  teamCorrect: number;
  /** Referee/keeper tracks, and how many were kept out of both teams. */
  outlierTracks: number;
  outliersKeptOut: number;
  /** Tracks whose player showed the number in at least two sampled frames. */
  numberTracks: number;
  numberCorrect: number;
  numberWrong: number;
  numberUnreadable: number;
  /** Single reads on frames where the number showed. */
  crops: number;
  cropsCorrect: number;
  /** Seconds, summed over every outfield player with a number. */
  appearanceTruthSec: number;
  appearanceFoundSec: number;
  appearanceOverlapSec: number;
  /**
   * Seconds of those during which some track was on the player, whoever the track was given to:
   * the recall a perfect assignment of tracks to players would reach (what detection and tracking allow).
   */
  appearanceTrackedSec: number;
  perPlayer: { teamLetter: TeamLetter; number: number; recall: number; precision: number }[];
  /**
   * What the Select Players dialog lists: real numbered outfield players found, and numbers nobody on
   * that team wears.
   */
  playersTotal: number;
  playersListed: number;
  playersSpurious: number;
}

function truthFrameAt(
  truth: SynthFilmTruth,
  t: number,
): SynthFilmTruth['frames'][number] | undefined {
  return truth.frames[Math.max(0, Math.min(truth.frames.length - 1, Math.round(t * truth.fps)))];
}

function rangesFromFrames(times: number[], step: number): TimeRange[] {
  const out: TimeRange[] = [];
  for (const t of times) {
    const last = out[out.length - 1];
    if (last && t - last.end <= step * 1.5) last.end = t + step;
    else out.push({ start: t, end: t + step });
  }
  return out;
}

function overlapSec(a: readonly TimeRange[], b: readonly TimeRange[]): number {
  let s = 0;
  for (const x of a)
    for (const y of b) s += Math.max(0, Math.min(x.end, y.end) - Math.max(x.start, y.start));
  return s;
}

const length = (r: readonly TimeRange[]): number => r.reduce((s, x) => s + (x.end - x.start), 0);

/** Scores an analysis (run with includeTracks) against a synthetic film's exact ground truth. */
export function evaluateTracking(
  truth: SynthFilmTruth,
  analysis: TrackingAnalysis,
  analysisScale = 1,
): TrackingScores {
  const s: TrackingScores = {
    matchedTracks: 0,
    teamTracks: 0,
    teamCorrect: 0,
    outlierTracks: 0,
    outliersKeptOut: 0,
    numberTracks: 0,
    numberCorrect: 0,
    numberWrong: 0,
    numberUnreadable: 0,
    crops: 0,
    cropsCorrect: 0,
    appearanceTruthSec: 0,
    appearanceFoundSec: 0,
    appearanceOverlapSec: 0,
    appearanceTrackedSec: 0,
    perPlayer: [],
    playersTotal: 0,
    playersListed: 0,
    playersSpurious: 0,
  };
  const player = new Map(truth.players.map((p) => [p.id, p]));
  // which predicted letter is which true team: the mapping that agrees with most tracks
  const votes = { same: 0, swapped: 0 };
  const matched: { trackIndex: number; truthId: number; visibleSamples: number }[] = [];
  const trackedSightings = new Map<number, Sighting[]>();
  let sampleInterval = Infinity;
  (analysis.tracks ?? []).forEach((track, trackIndex) => {
    const counts = new Map<number, number>();
    let visibleSamples = 0;
    track.path.forEach(([t, x, y, w, h], i) => {
      const frame = truthFrameAt(truth, t);
      const box: [number, number, number, number] = [
        x * analysisScale,
        y * analysisScale,
        w * analysisScale,
        h * analysisScale,
      ];
      const hit = frame?.boxes.reduce<{ id: number; iou: number; visible: boolean } | null>(
        (best, b) => {
          const iou = boxIou(b.box, box);
          return iou >= 0.4 && (!best || iou > best.iou)
            ? { id: b.id, iou, visible: b.numberVisible }
            : best;
        },
        null,
      );
      if (hit) {
        const sightings = trackedSightings.get(hit.id) ?? [];
        sightings.push({ timeSec: t, box: [x, y, w, h], offset: track.offsets[i] ?? [0, 0] });
        trackedSightings.set(hit.id, sightings);
        counts.set(hit.id, (counts.get(hit.id) ?? 0) + 1);
        if (hit.visible) visibleSamples++;
      }
    });
    for (let i = 1; i < track.path.length; i++) {
      const gap = track.path[i]![0] - track.path[i - 1]![0];
      if (gap > 1e-3) sampleInterval = Math.min(sampleInterval, gap);
    }
    let truthId = -1;
    let best = 0;
    for (const [id, n] of counts) if (n > best) [truthId, best] = [id, n];
    if (truthId < 0 || best < track.path.length / 2) return;
    matched.push({ trackIndex, truthId, visibleSamples });
    const p = player.get(truthId)!;
    if (p.role === 'outfield' && track.teamLetter) {
      if (track.teamLetter === p.teamLetter) votes.same++;
      else votes.swapped++;
    }
  });
  const swap = votes.swapped > votes.same;
  const mapLetter = (l: TeamLetter | null): TeamLetter | null =>
    l && swap ? (l === 'A' ? 'B' : 'A') : l;
  s.matchedTracks = matched.length;
  for (const m of matched) {
    const track = analysis.tracks![m.trackIndex]!;
    const p = player.get(m.truthId)!;
    if (p.role === 'outfield') {
      s.teamTracks++;
      if (mapLetter(track.teamLetter) === p.teamLetter) s.teamCorrect++;
      if (m.visibleSamples >= 2) {
        s.numberTracks++;
        if (track.number === null) s.numberUnreadable++;
        else if (track.number === p.number) s.numberCorrect++;
        else s.numberWrong++;
      }
    } else {
      s.outlierTracks++;
      if (track.teamLetter === null) s.outliersKeptOut++;
    }
    for (const r of track.reads) {
      const frame = truthFrameAt(truth, r.time);
      const entry = frame?.boxes.find((b) => b.id === m.truthId);
      if (!entry?.numberVisible) continue;
      s.crops++;
      if (r.number === p.number) s.cropsCorrect++;
    }
  }
  const step = 1 / truth.fps;
  for (const p of truth.players) {
    if (p.role !== 'outfield' || p.number === null || !p.teamLetter) continue;
    const times = truth.frames
      .filter((f) => f.boxes.some((b) => b.id === p.id))
      .map((f) => f.timeSec);
    const truthRanges = rangesFromFrames(times, step);
    const predictedLetter = mapLetter(p.teamLetter);
    const found = analysis.players.find(
      (q) => q.teamLetter === predictedLetter && q.number === p.number,
    );
    s.playersTotal++;
    if (found) s.playersListed++;
    const foundRanges = found?.appearances ?? [];
    const ov = overlapSec(truthRanges, foundRanges);
    s.appearanceTruthSec += length(truthRanges);
    s.appearanceFoundSec += length(foundRanges);
    s.appearanceOverlapSec += ov;
    if (Number.isFinite(sampleInterval) && analysis.picture) {
      const tracked = appearancesFromSightings(trackedSightings.get(p.id) ?? [], {
        sampleIntervalSec: sampleInterval,
        durationSec: truth.durationSec,
        picture: analysis.picture,
      });
      s.appearanceTrackedSec += overlapSec(truthRanges, tracked);
    }
    s.perPlayer.push({
      teamLetter: p.teamLetter,
      number: p.number,
      recall: length(truthRanges) > 0 ? ov / length(truthRanges) : 1,
      precision: length(foundRanges) > 0 ? ov / length(foundRanges) : 1,
    });
  }
  s.playersSpurious = analysis.players.filter(
    (q) =>
      // the keeper wears a number of their team too
      !truth.players.some((p) => p.number === q.number && mapLetter(p.teamLetter) === q.teamLetter),
  ).length;
  return s;
}
