import { TextLimits } from './text-fields.js';

/** Business constants (spec §9). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*+=-><';
export const PHONE_DIGITS = 10;
export const SEARCH_DEBOUNCE_MS = 400;
export const UPLOAD_PROGRESS_POLL_MS = 10;
export const NEW_IN_PROGRESS_PERCENTAGE = 33;
export const TOAST_LIFE_MS = 8000;
export const QUERY_MAX_RETRIES = 3;
export const QUERY_RETRY_BASE_DELAY_MS = 1000;
export const QUERY_RETRY_MAX_DELAY_MS = 30_000;
export const DOWNTIME_BANNER_UNTIL = '2025-08-22T13:30:00Z';
export const RESEND_EMAIL_COUNTDOWN_SECONDS = 60;
/** Token-failure recognition string (spec §8). */
export const TOKEN_FAILURE_TEXT = 'invalid token';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;
const SPECIAL_CLASS = '!@#$%^&*+=\\-><';
const PASSWORD_PATTERN = new RegExp(
  `^(?=.*[a-z])(?=.*[A-Z])(?=.*\\d)(?=.*[${SPECIAL_CLASS}]).{${PASSWORD_MIN_LENGTH},}$`,
);

/** Longer values are refused before the pattern runs (which would take quadratic time on them). */
export function isValidEmail(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= TextLimits.email && EMAIL_PATTERN.test(trimmed);
}

export function isStrongPassword(password: string): boolean {
  return PASSWORD_PATTERN.test(password);
}

/** Phone numbers are sent without dial code; only the digits count. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

export function isValidPhone(phone: string): boolean {
  return phone.length <= TextLimits.phoneNumber && phoneDigits(phone).length === PHONE_DIGITS;
}

/** Size of the private notes box in the video dialogs (spec §9). */
export const NOTES_ROWS = 5;
export const NOTES_COLUMNS = 30;
