export type { StoredAnalysis, StoredSelection } from '../../infra/db/schema.js';

/** The key of a player's photo in a stored analysis: `${teamLetter}-${number}`. */
export function photoId(teamLetter: string, number: number): string {
  return `${teamLetter}-${number}`;
}
