import { mergeRanges } from './appearances.js';
import type { TrackingAnalysis, TrackingPlayer } from './tracking-types.js';

type Summary = Pick<TrackingAnalysis, 'durationSec' | 'teams' | 'players' | 'unnumbered'>;

/** Why a number cannot be given, in words a user understands. */
export class RenumberError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RenumberError';
  }
}

/**
 * The analysis with a coach's number for one player (a misread, or a number never read): the player
 * keeps their id and takes the number; when a player of that team already has it, the two are one
 * player and their sightings join. A number the coach gives is sure (`confidence` 1, `byCoach`).
 */
export function renumberPlayer<S extends Summary>(summary: S, playerId: string, number: number): S {
  if (!Number.isInteger(number) || number < 0 || number > 99) {
    throw new RenumberError('A jersey number is a whole number from 0 to 99.');
  }
  const numbered = summary.players.find((p) => p.id === playerId);
  const unnumbered = summary.unnumbered.find((p) => p.id === playerId);
  const player = numbered ?? unnumbered;
  if (!player) throw new RenumberError('That player was not found in this video.');
  if (numbered?.number === number && numbered.byCoach) return summary;
  const holder = summary.players.find(
    (p) => p.teamLetter === player.teamLetter && p.number === number && p.id !== playerId,
  );
  const renumbered: TrackingPlayer = holder
    ? {
        ...holder,
        confidence: 1,
        byCoach: true,
        appearances: mergeRanges([...holder.appearances, ...player.appearances]),
        path: [...holder.path, ...player.path].sort((a, b) => a[0] - b[0]),
      }
    : {
        id: player.id,
        teamLetter: player.teamLetter,
        number,
        confidence: 1,
        byCoach: true,
        appearances: player.appearances,
        best: player.best,
        path: player.path,
      };
  const players = [
    ...summary.players.filter((p) => p.id !== playerId && p.id !== holder?.id),
    renumbered,
  ].sort((a, b) => a.teamLetter.localeCompare(b.teamLetter) || a.number - b.number);
  return {
    ...summary,
    players,
    unnumbered: summary.unnumbered.filter((p) => p.id !== playerId),
    teams: summary.teams.map((t) => ({
      ...t,
      players: players.filter((p) => p.teamLetter === t.teamLetter).map((p) => p.number),
    })),
  };
}
