/**
 * Caps and allowed characters of the text people type (the spec names no caps). The same rules run
 * in the web forms and on the server, so a value the form accepts is one the database can store.
 */
export const TextLimits = {
  name: 100,
  /** RFC 5321: the longest address a mail server accepts. */
  email: 254,
  /** What a phone field may hold before its digits are counted (dial code, spaces, dashes). */
  phoneNumber: 32,
  /** New passwords; a login checks whatever an older account has. */
  password: 256,
  videoTitle: 200,
  videoDescription: 2000,
  notes: 5000,
  link: 2048,
} as const;

export interface TextField {
  label: string;
  max: number;
  /** Line breaks and tabs are allowed (description, notes). */
  multiline?: boolean;
}

/** The user-typed fields that are stored, by the name their form and payload use. */
export const TextFields = {
  firstName: { label: 'First name', max: TextLimits.name },
  lastName: { label: 'Last name', max: TextLimits.name },
  email: { label: 'Email', max: TextLimits.email },
  videoTitle: { label: 'Video name', max: TextLimits.videoTitle },
  videoDescription: {
    label: 'Video description',
    max: TextLimits.videoDescription,
    multiline: true,
  },
  notes: { label: 'Notes', max: TextLimits.notes, multiline: true },
} as const satisfies Record<string, TextField>;

export function tooLongMessage(field: TextField): string {
  return `${field.label} must be at most ${field.max} characters`;
}

export function badCharactersMessage(field: TextField): string {
  return `${field.label} contains characters that are not allowed`;
}

export function passwordTooLongMessage(label = 'Password'): string {
  return `${label} must be at most ${TextLimits.password} characters`;
}

// C0 controls (NUL included: PostgreSQL text cannot hold it) and DEL; lone UTF-16 surrogates.
/* eslint-disable no-control-regex -- finding control characters is what these are for */
const CONTROL = /[\u0000-\u001f\u007f]/;
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/* eslint-enable no-control-regex */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function hasBadCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_BUT_LINE_BREAKS : CONTROL).test(value) || LONE_SURROGATE.test(value);
}

/** The field's failures beyond the spec's own rules: too long, characters not allowed. */
export function textFailures(value: string | undefined | null, field: TextField): string[] {
  if (!value) return [];
  const failures: string[] = [];
  if (value.length > field.max) failures.push(tooLongMessage(field));
  if (hasBadCharacters(value, field.multiline)) failures.push(badCharactersMessage(field));
  return failures;
}

/**
 * Characters that show nothing: spaces of every width, format characters (zero-width spaces and
 * joiners, byte-order marks, direction marks, soft hyphens), controls, and the fillers and blanks
 * some fonts draw empty (Hangul fillers, the blank braille cell, the combining grapheme joiner).
 */
const INVISIBLE = /[\s\p{Cf}\p{Cc}\p{Zs}\p{Zl}\p{Zp}\u034f\u115f\u1160\u3164\uffa0\u2800]/u;

/** Whether the text has at least one character that shows (a title of zero-width spaces has none). */
export function hasVisibleCharacter(value: string): boolean {
  for (const character of value) if (!INVISIBLE.test(character)) return true;
  return false;
}

/** The title a video gets when its file or link names nothing that shows. */
export const UNTITLED_VIDEO_TITLE = 'Untitled video';

/* eslint-disable no-control-regex -- finding control characters is what these are for */
const CONTROLS = /[\u0000-\u001f\u007f]+/g;
/* eslint-enable no-control-regex */
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/**
 * A video title made from a file name (its last path segment without the extension) that passes
 * the title's own rule: control characters and lone surrogates go, spaces are collapsed and it is
 * cut at the cap without splitting a character; '' when nothing in it shows (callers fall back to
 * UNTITLED_VIDEO_TITLE or a name of their own).
 */
export function videoTitleFromFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).at(-1) ?? '';
  const cleaned = base
    .replace(/\.[^.]*$/, '')
    .replace(CONTROLS, ' ')
    .replace(LONE_SURROGATES, '')
    .replace(/\s+/g, ' ')
    .trim();
  const capped = cleaned
    .slice(0, TextLimits.videoTitle)
    .replace(/[\ud800-\udbff]$/, '')
    .trim();
  return hasVisibleCharacter(capped) ? capped : '';
}
