import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Segment } from '@filmroom/vision/media';

export type LabelConfidence = 'high' | 'medium' | 'low';

/** One real clip with live play marked by a person. */
export interface LabelledClip {
  /** Short name for tables (file name without folder). */
  name: string;
  path: string;
  durationSec: number;
  live: Segment[];
  kind: string;
  confidence: LabelConfidence;
  notes: string;
}

/** Our own marks of real clips in ../shared/media (how they were marked: the TSV's notes, 0005). */
export const OWN_LABELS_TSV = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../labels/real-video-labels.tsv',
);

/**
 * Parses a labels TSV (`file, duration_s, live_intervals, kind, confidence, notes`; intervals as
 * `start-end;start-end`, empty when nothing is live). Files are resolved against `baseDir`.
 */
export function parseLabels(text: string, baseDir: string): LabelledClip[] {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = lines.shift()?.split('\t') ?? [];
  const column = (name: string): number => {
    const i = header.indexOf(name);
    if (i < 0) throw new Error(`labels: missing column ${name}`);
    return i;
  };
  const [file, duration, intervals, kind, confidence, notes] = [
    'file',
    'duration_s',
    'live_intervals',
    'kind',
    'confidence',
    'notes',
  ].map(column) as [number, number, number, number, number, number];
  return lines.map((line, row) => {
    const cells = line.split('\t');
    const level = cells[confidence] ?? '';
    if (level !== 'high' && level !== 'medium' && level !== 'low')
      throw new Error(`labels line ${row + 2}: confidence must be high, medium or low`);
    const live = (cells[intervals] ?? '')
      .split(';')
      .filter((s) => s.trim() !== '')
      .map((s): Segment => {
        const [a, b] = s.split('-').map(Number);
        if (!Number.isFinite(a) || !Number.isFinite(b) || b! <= a!)
          throw new Error(`labels line ${row + 2}: bad interval "${s}"`);
        return { start: a!, end: b! };
      });
    const relative = cells[file] ?? '';
    return {
      name: relative.split('/').pop()!,
      path: join(baseDir, relative),
      durationSec: Number(cells[duration]),
      live,
      kind: cells[kind] ?? '',
      confidence: level,
      notes: cells[notes] ?? '',
    };
  });
}

/**
 * Every marked real clip: the youth-football clips (`real-clips/labels.tsv`) and our own marks of
 * clips in `video/`. Empty when the shared media folder is absent.
 */
export function loadLabelledClips(mediaDir: string | null): LabelledClip[] {
  if (!mediaDir) return [];
  const clips: LabelledClip[] = [];
  const shared = join(mediaDir, 'real-clips', 'labels.tsv');
  if (existsSync(shared))
    clips.push(...parseLabels(readFileSync(shared, 'utf8'), join(mediaDir, 'real-clips')));
  if (existsSync(OWN_LABELS_TSV))
    clips.push(...parseLabels(readFileSync(OWN_LABELS_TSV, 'utf8'), mediaDir));
  return clips.filter((c) => existsSync(c.path));
}
