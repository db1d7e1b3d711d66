/** The player a profile belongs to. */
export interface ProfilePlayer {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: string;
}

/** A video as a profile shows it; every URL is absolute, public and does not expire. */
export interface ProfileVideo {
  id: string;
  title: string;
  description: string;
  /** ISO 8601 date the video was added to the library. */
  date: string;
  videoUrl: string;
  downloadUrl: string;
  thumbnailUrl: string | null;
  durationSec: number | null;
}

/**
 * Where players' recruiting profiles live: the built-in public page, or the scoutSMART service over
 * HTTP. The share rows (and so the public video URLs) are kept here either way.
 */
export interface PlayerProfileService {
  readonly kind: 'built-in' | 'scoutsmart';
  addVideo(player: ProfilePlayer, video: ProfileVideo): Promise<void>;
  removeVideo(playerId: string, videoId: string): Promise<void>;
  /** The absolute address of the player's profile page. */
  profileUrl(player: ProfilePlayer): Promise<string>;
}

/** The profile service failed or answered something unexpected. */
export class ProfileServiceError extends Error {
  override readonly name = 'ProfileServiceError';
}
