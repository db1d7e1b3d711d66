/** The sports a film can be told apart as (each has its own surface, lines, net or hoop). */
export const FILM_SPORTS = ['american-football', 'volleyball', 'basketball', 'soccer'] as const;
export type FilmSport = (typeof FILM_SPORTS)[number];

/**
 * The sport an engine is told: a known sport, `other` (a sport none of those, so no sport's
 * habits apply), or `auto` (detect it from the film).
 */
export type SportChoice = FilmSport | 'other' | 'auto';

export function isFilmSport(value: unknown): value is FilmSport {
  return (FILM_SPORTS as readonly unknown[]).includes(value);
}

export const SPORT_CHOICES: readonly SportChoice[] = [...FILM_SPORTS, 'other', 'auto'];

export function isSportChoice(value: unknown): value is SportChoice {
  return (SPORT_CHOICES as readonly unknown[]).includes(value);
}
