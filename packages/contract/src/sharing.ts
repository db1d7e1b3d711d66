import { z } from 'zod';

/** GET /player/go-to-profile (spec §3 player profile response). */
export interface PlayerProfileResponse {
  playerProfileUrl: string;
}

/** POST /player/add-video-to-profile body. */
export interface AddVideoToProfileRequest {
  videoId: string;
}

/** What a successful share answers: the video's public, non-expiring address. */
export interface AddVideoToProfileResponse {
  videoId: string;
  publicVideoUrl: string;
  sharedAt: string;
}

export const addVideoToProfileRequestSchema = z.object({ videoId: z.string().trim().min(1) });

/** Texts of the share modals (spec §2) and the sharing endpoints. */
export const SharingTexts = {
  shareDialogTitle: 'Add video to scoutSMART or download',
  addToProfile: 'Add to scoutSMART Profile',
  downloadVideo: 'Download Video',
  sharedTitle: 'Video successfully shared to scoutSMART!',
  alreadySharedTitle: 'This video has already been uploaded',
  goToProfile: 'Go to My scoutSMART Profile',
  viewInProfile: 'View in My scoutSMART Profile',
  headerGoToProfile: 'Go To My scoutSMART Profile',
  // Server-side texts the spec leaves to us.
  alreadyShared: 'This video has already been shared to your scoutSMART profile.',
  playersOnly: 'Only players can share videos to a scoutSMART profile.',
  profileUnavailable: 'The scoutSMART profile service is not available. Please try again later.',
} as const;

/** Dialog widths (spec §9). */
export const SHARE_DIALOG_WIDTH = '45vw';
export const SHARE_RESULT_DIALOG_WIDTH = '50vw';

/** Public, login-free addresses: shared videos under the API prefix, the built-in profile page at the root. */
export const PUBLIC_VIDEO_ROUTE = '/public/videos';
export const PROFILE_PAGE_ROUTE = '/p';
