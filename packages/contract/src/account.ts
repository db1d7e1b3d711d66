import { z } from 'zod';

/**
 * Request shapes. These check types only (a missing field reads as an empty string);
 * the spec's rules and messages live in validation.ts so a form can report them all together.
 */
const text = z.string().default('');
const optionalText = z.string().optional();

export const registerRequestSchema = z.object({
  firstName: text,
  lastName: text,
  email: text,
  phoneNumber: optionalText,
  roleName: text,
  password: text,
});
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.object({ email: text, password: text });
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const tokenPairSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;
export type LoginResponse = TokenPair;
export type RefreshTokenResponse = TokenPair;
export type ChangePasswordResponse = TokenPair;

export const refreshTokenRequestSchema = z.object({ refreshToken: text });
export type RefreshTokenRequest = z.input<typeof refreshTokenRequestSchema>;

/** POST logout: the session to end is named by its refresh token (the access token may have expired). */
export const logoutRequestSchema = z.object({ refreshToken: text });
export type LogoutRequest = z.input<typeof logoutRequestSchema>;

export const emailRequestSchema = z.object({ email: text });
export type PasswordResetRequest = z.input<typeof emailRequestSchema>;
export type ActivationResendRequest = z.input<typeof emailRequestSchema>;

export const passwordResetConfirmSchema = z.object({ token: text, newPassword: text });
export type PasswordResetConfirmRequest = z.input<typeof passwordResetConfirmSchema>;

export const activateRequestSchema = z.object({ token: text });
export type ActivateRequest = z.input<typeof activateRequestSchema>;

export const emailPreferencesSchema = z.object({ notificationsEnabled: z.boolean() });
export type EmailPreferences = z.infer<typeof emailPreferencesSchema>;

export const myProfileResponseSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phoneNumber: z.string(),
  roleName: z.string(),
});
export type MyProfileResponse = z.infer<typeof myProfileResponseSchema>;

export const updateProfileRequestSchema = z.object({
  firstName: text,
  lastName: text,
  email: optionalText,
  phoneNumber: optionalText,
  roleName: text,
  roleId: z.number().int().optional(),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const changePasswordRequestSchema = z.object({ oldPassword: text, newPassword: text });
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

/** The access token's payload (spec §3): email, expiry and the role list. */
export interface AccessTokenPayload {
  email: string;
  exp: number;
  role: string[];
}

/** A plain success answer for calls whose response the spec does not show. */
export interface MessageResponse {
  message: string;
}
