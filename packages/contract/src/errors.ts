/** Error numbers carried in every error body (spec §3). */
export const ErrorNumber = {
  Unknown: 0,
  InvalidEmailOrPassword: 1,
  AccountNotActivated: 2,
  PasswordResetTokenIsInvalidOrExpired: 3,
  RefreshTokenIsInvalidOrExpired: 4,
  ActivationTokenIsInvalidOrExpired: 5,
} as const;
export type ErrorNumber = (typeof ErrorNumber)[keyof typeof ErrorNumber];

/** The body of every error response. `errors` lists every validation failure when there are several. */
export interface ErrorBody {
  message: string;
  errorNumber: ErrorNumber;
  errors?: string[];
}
