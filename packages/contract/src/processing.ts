import { z } from 'zod';
import { type TeamLetter, VideoType } from './enums.js';
import { toolOfVideoType } from './tools.js';

/**
 * A player of a team as Player Tracking found them (beyond the spec): with a number, or one the coach
 * picks by photo, with when and how long they are on screen.
 */
export interface TrackedPlayer {
  /** Stable for this video: a selection and a number correction name the player by it. */
  id: string;
  /** The jersey number; null when none was read and the coach has given none. */
  number: number | null;
  /** The coach gave this number (it overrules what was read). */
  numberedByCoach: boolean;
  /** Signed URL of a photo (JPEG) of the player, from the film; null when none could be made. */
  photoUrl: string | null;
  onScreenSec: number;
  firstSeenSec: number;
  lastSeenSec: number;
}

/** One team found by Player Tracking (spec §3 tracking info), plus its tracked players. */
export interface TrackingTeamInfo {
  teamLetter: TeamLetter;
  primaryColor: string;
  secondaryColor: string;
  players: number[];
  /** Every listed player of the team: by number first, then those picked by photo (beyond the spec). */
  trackedPlayers?: TrackedPlayer[];
}

/** GET select-tracking-players?videoId= */
export interface TrackingInfoResponse {
  teams: TrackingTeamInfo[];
}

/** POST select-tracking-players (spec §3 select-players payload). */
export const selectPlayersRequestSchema = z.object({
  videoId: z.string().default(''),
  title: z.string().default(''),
  description: z.string().default(''),
  notes: z.string().optional(),
  /** Any text on the wire: a letter that names no team of the video is refused by the server. */
  teamLetter: z.string().default('A'),
  selectedPlayers: z.array(z.number().int().min(0).max(99)).default([]),
  /** Players chosen by their `TrackedPlayer.id`: those picked by photo (beyond the spec). */
  selectedPlayerIds: z.array(z.string().max(64)).max(200).default([]),
});
export type SelectPlayersRequest = z.input<typeof selectPlayersRequestSchema>;

/** POST tracking-player-number: the coach's number for one tracked player (beyond the spec). */
export const playerNumberRequestSchema = z.object({
  videoId: z.string().default(''),
  playerId: z.string().max(64).default(''),
  number: z.unknown(),
});
export type PlayerNumberRequest = z.input<typeof playerNumberRequestSchema>;

/** A jersey number as a coach types it: one or two digits. */
export function parseJerseyNumber(typed: unknown): number | null {
  const text =
    typeof typed === 'number' ? String(typed) : typeof typed === 'string' ? typed.trim() : '';
  return /^\d{1,2}$/.test(text) ? Number(text) : null;
}

/** The response may carry a message shown as a success toast (spec §7). */
export interface SelectPlayersResponse {
  message?: string;
}

/** Title suffix of an in-progress card by the tool it runs (spec §2 in-progress section). */
export function inProgressTitleSuffix(type: VideoType): string {
  const tool = toolOfVideoType(type);
  return tool ? ` (${tool.name})` : '';
}

/** Processing messages the spec leaves to us. */
export const ProcessingMessages = {
  playersSelected: 'Players selected. We are preparing the video with their clips.',
  jobNotFound: 'Not found',
  notReadyForSelection: 'This video is not ready for player selection.',
  unknownTeam: 'Please select a team',
  unknownPlayer: 'The selected players were not found in this video.',
  alreadyFinished: 'This video has already finished processing.',
  processingFailed: 'Processing failed. Please try again or upload the video again.',
  /** A run past its time limit (a share of the film's length) is stopped; a retry may finish. */
  timedOut: 'Processing took too long and was stopped. Please try again.',
  noLivePlay: 'No live play was found in this video.',
  /** No team at all: nobody in a team's kit was tracked. */
  noPlayersFound: 'No players were found in this video.',
  /** Select Players, for a team whose numbers could not be read (beyond the spec). */
  noReadablePlayers: 'No jersey numbers could be read for this team.',
  /** Select Players, for a team with nobody listed at all (beyond the spec). */
  noTrackedPlayers: 'No player of this team was tracked long enough to follow.',
  badJerseyNumber: 'Please enter a jersey number from 0 to 99',
  unknownTrackedPlayer: 'That player was not found in this video.',
  numberSaved: 'Number saved. The player is listed under it.',
} as const;
