import { z } from 'zod';
import { VideoType } from './enums.js';
import { toolOfVideoType } from './tools.js';

/** A crop of one player taken from the film, shown beside the number so the user can trust the read. */
export interface TrackedPlayerPhoto {
  number: number;
  /** Signed image URL (JPEG). */
  url: string;
}

/** One team found by Player Tracking (spec §3 tracking info), plus player photos beyond the spec. */
export interface TrackingTeamInfo {
  teamLetter: string;
  primaryColor: string;
  secondaryColor: string;
  players: number[];
  playerPhotos?: TrackedPlayerPhoto[];
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
  teamLetter: z.string().default('A'),
  selectedPlayers: z.array(z.number().int().min(0).max(99)).default([]),
});
export type SelectPlayersRequest = z.input<typeof selectPlayersRequestSchema>;

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
  noPlayersFound: 'No players with readable jersey numbers were found in this video.',
  /** Select Players, for a team whose numbers could not be read (beyond the spec). */
  noReadablePlayers: 'No jersey numbers could be read for this team.',
} as const;
