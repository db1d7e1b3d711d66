/** Everything the player does from the keyboard. */
export type FilmAction =
  | 'togglePlay'
  | 'shuttleBack'
  | 'stop'
  | 'shuttleForward'
  | 'previousFrame'
  | 'nextFrame'
  | 'slower'
  | 'faster'
  | 'seekBack'
  | 'seekForward'
  | 'markIn'
  | 'markOut'
  | 'clearLoop'
  | 'previousChapter'
  | 'nextChapter'
  | 'toggleMute'
  | 'toggleFullscreen'
  | 'toggleShortcuts';

export interface FilmShortcut {
  action: FilmAction;
  /** KeyboardEvent.key values that trigger it (letters in both cases). */
  keys: readonly string[];
  /** How the list shows the keys. */
  label: string;
  description: string;
  /** Listed and active only when the video has chapters. */
  needsChapters?: boolean;
}

/**
 * The one table of keyboard shortcuts: the player reads its key handling and its listed shortcuts
 * from it, so the list cannot drift from what the keys do.
 */
export const FILM_SHORTCUTS: readonly FilmShortcut[] = [
  { action: 'togglePlay', keys: [' '], label: 'Space', description: 'Play or pause' },
  {
    action: 'shuttleBack',
    keys: ['j', 'J'],
    label: 'J',
    description: 'Play backwards (press again: faster)',
  },
  { action: 'stop', keys: ['k', 'K'], label: 'K', description: 'Pause' },
  {
    action: 'shuttleForward',
    keys: ['l', 'L'],
    label: 'L',
    description: 'Play forwards (press again: faster)',
  },
  { action: 'previousFrame', keys: [','], label: ',', description: 'Previous frame' },
  { action: 'nextFrame', keys: ['.'], label: '.', description: 'Next frame' },
  { action: 'slower', keys: ['<'], label: '<', description: 'Slower (0.25x, 0.5x, 1x, 2x)' },
  { action: 'faster', keys: ['>'], label: '>', description: 'Faster (0.25x, 0.5x, 1x, 2x)' },
  { action: 'seekBack', keys: ['ArrowLeft'], label: '←', description: 'Back 5 seconds' },
  { action: 'seekForward', keys: ['ArrowRight'], label: '→', description: 'Forward 5 seconds' },
  { action: 'markIn', keys: ['i', 'I'], label: 'I', description: 'Set loop start here' },
  {
    action: 'markOut',
    keys: ['o', 'O'],
    label: 'O',
    description: 'Set loop end here (loops from start to end)',
  },
  { action: 'clearLoop', keys: ['x', 'X'], label: 'X', description: 'Clear the loop' },
  {
    action: 'previousChapter',
    keys: ['p', 'P'],
    label: 'P',
    description: 'Previous play or clip',
    needsChapters: true,
  },
  {
    action: 'nextChapter',
    keys: ['n', 'N'],
    label: 'N',
    description: 'Next play or clip',
    needsChapters: true,
  },
  { action: 'toggleMute', keys: ['m', 'M'], label: 'M', description: 'Mute or unmute' },
  { action: 'toggleFullscreen', keys: ['f', 'F'], label: 'F', description: 'Full screen' },
  {
    action: 'toggleShortcuts',
    keys: ['?'],
    label: '?',
    description: 'Show or hide these shortcuts',
  },
];

/** The shortcuts that apply to a video with or without chapters. */
export function shortcutsFor(hasChapters: boolean): FilmShortcut[] {
  return FILM_SHORTCUTS.filter((shortcut) => hasChapters || !shortcut.needsChapters);
}

/** The action a key press asks for, or undefined (modified keys are left to the browser). */
export function actionForKey(
  event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>,
  hasChapters: boolean,
): FilmAction | undefined {
  if (event.ctrlKey || event.metaKey || event.altKey) return undefined;
  return shortcutsFor(hasChapters).find((shortcut) => shortcut.keys.includes(event.key))?.action;
}
