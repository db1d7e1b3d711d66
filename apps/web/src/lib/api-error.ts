import { isAxiosError } from 'axios';
import { Messages, TOKEN_FAILURE_TEXT, type ErrorBody } from '@filmroom/contract';

/** Marks an error whose message the HTTP layer has already shown (401 handling). */
const HANDLED = Symbol('handled');

export function markHandled(error: unknown): void {
  if (typeof error === 'object' && error !== null) {
    (error as Record<symbol, boolean>)[HANDLED] = true;
  }
}

export function isHandled(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as Record<symbol, boolean>)[HANDLED] === true
  );
}

export function statusOf(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

export function errorBodyOf(error: unknown): Partial<ErrorBody> | undefined {
  if (!isAxiosError(error)) return undefined;
  const data: unknown = error.response?.data;
  if (typeof data !== 'object' || data === null) return undefined;
  return data as Partial<ErrorBody>;
}

function serverMessageOf(error: unknown): string | undefined {
  const message = errorBodyOf(error)?.message;
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

/** The central error catalogue (spec §8). */
export function errorMessageOf(error: unknown): string {
  if (!isAxiosError(error)) return Messages.unexpected;
  if (!error.response) return error.request ? Messages.noResponse : Messages.unexpected;
  const { status } = error.response;
  const serverMessage = serverMessageOf(error);
  switch (status) {
    case 400:
      return serverMessage ?? Messages.badRequest;
    case 401:
      return serverMessage ?? Messages.unauthorized;
    case 415:
      return Messages.unsupportedMediaType;
    case 500:
      return Messages.unexpected;
    default:
      return serverMessage ?? Messages.unexpected;
  }
}

/** 401, 403 or the token-failure text: the session is no longer usable (spec §4). */
export function isAuthFailure(error: unknown): boolean {
  const status = statusOf(error);
  if (status === 401 || status === 403) return true;
  const message = serverMessageOf(error) ?? (error instanceof Error ? error.message : '');
  return message.toLowerCase().includes(TOKEN_FAILURE_TEXT);
}
