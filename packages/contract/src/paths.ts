/** API paths, relative to the API base URL (spec §7). */
export const ApiPaths = {
  register: '/security/register',
  login: '/security/login',
  passwordResetRequest: '/security/password-reset/request',
  passwordResetConfirm: '/security/password-reset/confirm',
  refreshToken: '/security/refresh-token',
  /** Ends the session of the refresh token sent (beyond the spec: log out revokes it server-side). */
  logout: '/security/logout',
  activationResend: '/security/account/activation/resend',
  activate: '/security/account/activate',

  emailPreferences: '/settings/email-preferences',
  myProfile: '/security/user/settings/my-profile',
  changePassword: '/security/user/settings/change-password',
  /** The sport the upload dialog preselects: the user's last choice (beyond the spec, #36). */
  rememberedSport: '/settings/sport',

  goToProfile: '/player/go-to-profile',
  addVideoToProfile: '/player/add-video-to-profile',

  inProgressVideos: '/videos/library/get-in-progress-videos',
  libraryVideos: '/videos/library/get-videos',
  processPlatform: '/videos/processing/platform',
  processLibrary: '/videos/processing/library',
  libraryPlatformUpload: '/videos/library/platform-upload',
  libraryCopyFromCloud: '/videos/library/copy-from-cloud',
  processCopyFromCloud: '/videos/processing/copy-from-cloud',
  editVideo: '/videos/library/edit-video',
  deleteVideo: '/videos/library/delete-video',
  selectTrackingPlayers: '/videos/processing/select-tracking-players',
  /** The coach's number for one tracked player (beyond the spec). */
  trackingPlayerNumber: '/videos/processing/tracking-player-number',
  /** An Inactivity Filter output's cuts, to review (beyond the spec, #48). */
  cutReview: '/videos/library/cut-review',
  /** The coach's reviewed cuts, rendered into the output in place (beyond the spec, #48). */
  saveCuts: '/videos/library/save-cuts',
  errorNotificationRead: '/videos/processing/error-notification-readed',
  directDownload: '/videos/library/direct-download-video',
  deleteInProgressVideo: '/videos/library/delete-in-progress-video',
  /** Runs a failed in-progress video again where a retry can help (beyond the spec). */
  retryInProgressVideo: '/videos/library/retry-in-progress-video',
  libraryFileUpload: '/videos/library/cloud-upload',
  inactivityFileUpload: '/videos/processing/inactivity-upload',
  trackingFileUpload: '/videos/processing/tracking-upload',
} as const;

export type ApiPath = (typeof ApiPaths)[keyof typeof ApiPaths];

/** The SPA fetches its runtime settings from here (spec §7: API base URL from a runtime setting). */
export const RUNTIME_CONFIG_PATH = '/config.json';
export interface RuntimeConfig {
  apiBaseUrl: string;
}
