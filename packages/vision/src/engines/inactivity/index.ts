import type { SportChoice } from '../../perception/sport/sports.js';
import type { EngineRunOptions } from '../run-options.js';
import { runInactivityFilter, type InactivityFilterResult } from './run-inactivity-filter.js';

/** The Inactivity Filter's engine call: find the live play in `input` and render only that to `output`. */
export interface InactivityRequest {
  engine: 'inactivity';
  input: string;
  output: string;
  /** The film's sport as the user chose it (`auto`: detect it); absent: none known. */
  sport?: SportChoice;
}

function runInactivity(
  request: InactivityRequest,
  { signal, onProgress }: EngineRunOptions = {},
): Promise<InactivityFilterResult> {
  return runInactivityFilter({
    input: request.input,
    output: request.output,
    sport: request.sport,
    signal,
    onProgress,
  });
}

/** The Inactivity Filter's engine calls (`tool.ts` names them for the registry). */
export const runs = { inactivity: runInactivity };
export type InactivityRuns = typeof runs;
