import { z } from 'zod';
/**
 * The sport of a film (beyond the spec, issue #36): the upload dialog's "Sport" choice for the two
 * tools, remembered per user and handed to the engine. It travels beside the spec's payloads under
 * one name, `sport`: a multipart field, a JSON property (links, library videos, the resumable
 * upload's completion) and the my-profile answer.
 */
export const Sport = {
  Auto: 'auto',
  AmericanFootball: 'american-football',
  Volleyball: 'volleyball',
  Basketball: 'basketball',
  Soccer: 'soccer',
  Other: 'other',
} as const;
export type Sport = (typeof Sport)[keyof typeof Sport];

/** The sports the engine can be told (or detect): every choice but "Detect automatically". */
export type KnownSport = Exclude<Sport, typeof Sport.Auto>;

/** The choices in the order the dialog lists them, with the words it shows. */
export const SPORTS: readonly { id: Sport; label: string }[] = [
  { id: Sport.Auto, label: 'Detect automatically' },
  { id: Sport.AmericanFootball, label: 'American football' },
  { id: Sport.Volleyball, label: 'Volleyball' },
  { id: Sport.Basketball, label: 'Basketball' },
  { id: Sport.Soccer, label: 'Soccer' },
  { id: Sport.Other, label: 'Other' },
];

export const SPORT_IDS: readonly Sport[] = SPORTS.map((sport) => sport.id);

/** What a user who never chose gets. */
export const DEFAULT_SPORT: Sport = Sport.Auto;

/** The name of the field, property and key that carries the choice on every upload path. */
export const SPORT_FIELD = 'sport';

export const SportMessages = {
  unknown:
    'Choose a sport from the list: Detect automatically, American football, Volleyball, Basketball, Soccer or Other.',
} as const;

export function isSport(value: unknown): value is Sport {
  return (SPORT_IDS as readonly unknown[]).includes(value);
}

/** The words the dialog shows for a sport. */
export function sportLabel(sport: Sport): string {
  return SPORTS.find((choice) => choice.id === sport)?.label ?? sport;
}

/**
 * A request's sport: undefined when none was sent (the user's remembered choice applies), else the
 * sport, or the message that refuses it.
 */
export function readSportChoice(value: unknown): { sport: Sport | undefined } | { error: string } {
  if (value === undefined || value === null || value === '') return { sport: undefined };
  return isSport(value) ? { sport: value } : { error: SportMessages.unknown };
}

/**
 * The `sport` of a request as the API parses it, once, where it arrives: undefined when none was
 * sent, else a sport; any other value fails with `SportMessages.unknown` (a custom issue).
 */
export const sportFieldSchema = z.unknown().transform((value, context): Sport | undefined => {
  const choice = readSportChoice(value);
  if ('error' in choice) {
    context.addIssue({ code: 'custom', message: choice.error });
    return z.NEVER;
  }
  return choice.sport;
});

/** GET rememberedSport: the sport the upload dialog preselects (the user's last choice). */
export interface RememberedSportResponse {
  sport: Sport;
}
