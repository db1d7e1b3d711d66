import { phoneDigits } from '@filmroom/contract';

/** E-mails are compared and stored trimmed and lower-case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Phone numbers are stored as their digits only; empty when not given. */
export function normalizePhone(phone: string | undefined): string {
  return phone ? phoneDigits(phone) : '';
}
