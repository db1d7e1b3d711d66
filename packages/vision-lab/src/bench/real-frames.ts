/**
 * Scoring of the Player Tracking engine on the labelled real frames (`../shared/media/real-frames`):
 * each frame names the shirt numbers a person reads with certainty, per team colour.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TrackingAnalysis } from '@filmroom/vision/tracking';

/** One labelled team in one frame. */
export interface LabelledTeam {
  /** The shirt colour as a person named it ("red (navy pants)", "yellow (libero of navy team)"). */
  colour: string;
  /** Numbers read with certainty in that frame. */
  numbers: number[];
  /** A libero wears another colour than the team: the engine cannot be asked to group it. */
  libero: boolean;
}

export interface LabelledFrame {
  file: string;
  sport: string;
  teams: LabelledTeam[];
}

/** Reads `labels.tsv` of the real frames, one entry per frame in the order of first appearance. */
export async function readRealFrameLabels(dir: string): Promise<LabelledFrame[]> {
  const lines = (await readFile(join(dir, 'labels.tsv'), 'utf8')).trim().split('\n');
  const header = (lines[0] ?? '').split('\t');
  const col = (name: string): number => header.indexOf(name);
  const frames = new Map<string, LabelledFrame>();
  for (const line of lines.slice(1)) {
    const cells = line.split('\t');
    const file = cells[col('file')] ?? '';
    if (!file) continue;
    const frame = frames.get(file) ?? { file, sport: cells[col('sport')] ?? '', teams: [] };
    const colour = cells[col('team_colour')] ?? '';
    const numbers = (cells[col('numbers')] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter((s) => /^\d{1,2}$/.test(s))
      .map(Number);
    frame.teams.push({ colour, numbers, libero: /libero/i.test(colour) });
    frames.set(file, frame);
  }
  return [...frames.values()];
}

/** How the engine's answer for one frame compares with its labels. */
export interface FrameScore {
  file: string;
  sport: string;
  certain: number;
  listedCertain: number;
  /** Numbers the engine listed that no label of this frame names. */
  unlabelled: number[];
  /** Pairs of listed labelled numbers (liberos aside) whose engine teams agree with the labels. */
  pairs: number;
  pairsAgreeing: number;
  /** The labelled numbers that were listed / missed. */
  hits: number[];
  misses: number[];
}

/** The team the engine put a number in (the surest player when it lists it twice). */
function engineTeamOf(analysis: Pick<TrackingAnalysis, 'players'>, n: number): string | null {
  let best: { letter: string; confidence: number } | null = null;
  for (const p of analysis.players) {
    if (p.number !== n) continue;
    if (!best || p.confidence > best.confidence)
      best = { letter: p.teamLetter, confidence: p.confidence };
  }
  return best?.letter ?? null;
}

export function scoreRealFrame(
  frame: LabelledFrame,
  analysis: Pick<TrackingAnalysis, 'players'>,
): FrameScore {
  const listed = new Set(analysis.players.map((p) => p.number));
  const labelled = new Set(frame.teams.flatMap((t) => t.numbers));
  const hits = [...labelled].filter((n) => listed.has(n)).sort((a, b) => a - b);
  const misses = [...labelled].filter((n) => !listed.has(n)).sort((a, b) => a - b);
  const unlabelled = [...listed].filter((n) => !labelled.has(n)).sort((a, b) => a - b);
  const teamed: { n: number; labelTeam: number; engineTeam: string }[] = [];
  frame.teams.forEach((t, i) => {
    if (t.libero) return;
    for (const n of t.numbers) {
      const engineTeam = listed.has(n) ? engineTeamOf(analysis, n) : null;
      if (engineTeam) teamed.push({ n, labelTeam: i, engineTeam });
    }
  });
  let pairs = 0;
  let pairsAgreeing = 0;
  for (let i = 0; i < teamed.length; i++) {
    for (let j = i + 1; j < teamed.length; j++) {
      const a = teamed[i]!;
      const b = teamed[j]!;
      pairs++;
      if ((a.labelTeam === b.labelTeam) === (a.engineTeam === b.engineTeam)) pairsAgreeing++;
    }
  }
  return {
    file: frame.file,
    sport: frame.sport,
    certain: labelled.size,
    listedCertain: hits.length,
    unlabelled,
    pairs,
    pairsAgreeing,
    hits,
    misses,
  };
}

export interface ScoreTotals {
  frames: number;
  certain: number;
  listedCertain: number;
  unlabelled: number;
  pairs: number;
  pairsAgreeing: number;
}

export function sumScores(scores: readonly FrameScore[]): ScoreTotals {
  return scores.reduce<ScoreTotals>(
    (t, s) => ({
      frames: t.frames + 1,
      certain: t.certain + s.certain,
      listedCertain: t.listedCertain + s.listedCertain,
      unlabelled: t.unlabelled + s.unlabelled.length,
      pairs: t.pairs + s.pairs,
      pairsAgreeing: t.pairsAgreeing + s.pairsAgreeing,
    }),
    { frames: 0, certain: 0, listedCertain: 0, unlabelled: 0, pairs: 0, pairsAgreeing: 0 },
  );
}

/**
 * Two folds by frame, each sport split evenly (alternate frames in name order): settings are tuned
 * on fold A and reported on fold B, which they never saw.
 */
export function foldOf(frame: LabelledFrame, all: readonly LabelledFrame[]): 'A' | 'B' {
  const same = all
    .filter((f) => f.sport === frame.sport)
    .map((f) => f.file)
    .sort();
  return same.indexOf(frame.file) % 2 === 0 ? 'A' : 'B';
}
