import type { TeamLetter } from '@filmroom/contract';
import type { StoredAnalysis } from '../../infra/db/schema.js';

export type { StoredAnalysis, StoredSelection } from '../../infra/db/schema.js';

/** The key of a numbered player's photo in analyses stored before players had ids. */
export function photoId(teamLetter: TeamLetter, number: number): string {
  return `${teamLetter}-${number}`;
}

/**
 * A stored analysis in today's shape: analyses stored before players had ids and before players
 * were listed by photo get the ids their photos are keyed by (`photoId`) and no unnumbered players.
 */
export function currentAnalysis(analysis: StoredAnalysis): StoredAnalysis {
  return {
    ...analysis,
    players: analysis.players.map((p) => ({
      ...p,
      id: (p.id as string | undefined) ?? photoId(p.teamLetter, p.number),
    })),
    unnumbered: (analysis.unnumbered as StoredAnalysis['unnumbered'] | undefined) ?? [],
  };
}
