/** Every user-facing text the server and the web app share, verbatim from the spec. */
export const Messages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email',
  emailInvalid: 'Email is invalid',
  invalidPhone: 'Invalid phone number',
  roleRequired: 'Role is required',
  passwordRequired: 'Password is required',
  confirmPasswordRequired: 'Confirm password is required',
  confirmPasswordRequiredCapital: 'Confirm Password is required',
  oldPasswordRequired: 'Old password is required',
  newPasswordRequired: 'New password is required',
  passwordComplexity:
    'Password must be at least 8 characters long, contain at least one uppercase letter, one lowercase letter, one number and one special character',
  passwordMismatch: 'New password and confirm password must match',

  videoNameRequired: 'Video name is required',
  videoDescriptionRequired: 'Video description is required',
  selectTeam: 'Please select a team',
  selectPlayer: 'Please select at least one player',
  selectVideoToUpload: 'Please select a video to upload',
  selectVideoToProcess: 'Please select a video to process',
  orAddLink: ' or add an ICloud/Youtube link.',
  onlyOneMethod: 'Please select only one method to upload or select a video.',
  invalidICloudLink: 'Please enter a valid ICloud link.',
  invalidPlatformLink: 'Please enter a valid Youtube, Hudl or Instagram Reel link.',

  badRequest: 'Bad request',
  unauthorized: 'Unauthorized',
  unsupportedMediaType: 'Unsupported media type',
  unexpected: 'An unexpected error occurred. Please try again later.',
  noResponse: 'No response from server',
  uploadNetworkFailure: 'Upload failed due to network error',
  uploadFailed: 'An error occurred while uploading the video.',
  activationFailed:
    'Your account could not be activated because the token is invalid or expired. Please resend the email to start the activation process again.',
  noErrorMessage: 'No error message',
  downtimeBanner: 'The system will be down for upgrades from 7am ET - 9am ET on 2025-08-22',
  noVideosForFilters: 'There are no videos for current filters',
  noVideosInProgress: 'There are no videos in progress',
  checkSpamInbox: 'Please check the spam inbox.',

  userRegistered: 'User registered successfully!',
  videoDeleted: 'Video deleted successfully',
  processingCanceled: 'Video processing canceled successfully',
  videoEdited: 'Video details edited successfully',
  passwordSaved: 'Password saved successfully!',
  emailPreferencesSaved: 'Email preferences saved successfully!',
  profileSaved: 'Profile data saved successfully!',
  emailSent: 'Email sent successfully!',
  passwordChanged: 'Password changed successfully!',

  // Server-side texts the spec leaves to us.
  invalidEmailOrPassword: 'Invalid email or password',
  accountNotActivated: 'Your account is not activated. Please check your email.',
  resetTokenInvalid: 'The password reset link is invalid or has expired.',
  refreshTokenInvalid: 'Your session has expired. Please log in again.',
  activationTokenInvalid: 'The activation link is invalid or has expired.',
  emailTaken: 'An account with this email already exists',
  oldPasswordWrong: 'Old password is incorrect',
  tooManyRequests: 'Too many requests. Please wait a minute and try again.',
  notFound: 'Not found',
  forbidden: 'Forbidden',
  accountActivated: 'Your account has been activated. You can log in now.',
  /** The activate call's answer when the link was opened before and its account is active. */
  accountAlreadyActive: 'This account is already active. You can log in now.',
  /** Beside 'User registered successfully!': where the activation link went. */
  activationMailSent:
    'We sent you an activation e-mail. Open the link in it to activate your account; check your inbox and the spam folder.',
  loggedOut: 'You have been logged out.',
} as const;

export type MessageKey = keyof typeof Messages;
