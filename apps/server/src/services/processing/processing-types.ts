import type { TrackingPlayer, TrackingTeam } from '@filmroom/vision';

/** The tracking analysis kept on the job row, with the storage keys of the player photos. */
export interface StoredAnalysis {
  durationSec: number;
  teams: TrackingTeam[];
  players: TrackingPlayer[];
  /** `${teamLetter}-${number}` → storage key of a JPEG crop of that player. */
  photos: Record<string, string>;
}

/** The select-players payload as stored on the job (trimmed). */
export interface StoredSelection {
  title: string;
  description: string;
  notes: string;
  teamLetter: string;
  selectedPlayers: number[];
}

export function photoId(teamLetter: string, number: number): string {
  return `${teamLetter}-${number}`;
}

/** Progress ranges of the in-progress card: import/ingest up to 33, then the engine. */
export const PROGRESS = {
  importShare: 0.3,
  engineStart: 33,
  /** Tracking: analysis 33–66, the user selects at 66, rendering 66–99. */
  selection: 66,
  end: 99,
} as const;
