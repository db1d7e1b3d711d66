import { chosenPlayersText } from './video-summary.js';
import { TextLimits } from './text-fields.js';

/** Between a source's title and what was made of it: "game_film · Inactivity Filter". */
export const OUTPUT_TITLE_SEPARATOR = ' · ';

/**
 * The title a tool's output gets unless the user names it: its source's title and what made it, so
 * the two never look alike in the library ("game_film · Inactivity Filter", "game_film · #12, #7
 * (white)"). The source's part is shortened to keep the whole within the title's cap.
 */
export function defaultOutputTitle(sourceTitle: string, madeBy: string): string {
  const source = sourceTitle.trim();
  if (source === '') return madeBy;
  const room = TextLimits.videoTitle - OUTPUT_TITLE_SEPARATOR.length - madeBy.length;
  const shortened = source.length > room ? `${source.slice(0, Math.max(0, room - 1))}…` : source;
  return `${shortened}${OUTPUT_TITLE_SEPARATOR}${madeBy}`;
}

/** The chosen players of a Player Tracking output: "#12, #7 (white)", "#7, 1 picked by photo (red)". */
export function trackedPlayersLabel(
  numbers: readonly number[],
  teamColour: string,
  byPhoto = 0,
): string {
  const players = chosenPlayersText(numbers, byPhoto);
  return teamColour ? `${players} (${teamColour})` : players;
}

/**
 * The description a film uploaded for a failed run gets when it is kept in the library (unless it
 * has one): which tool failed on it and why, so it reads as that run's source.
 */
export function failedRunSourceDescription(toolName: string, reason: string): string {
  const text = `Source of a failed ${toolName} run: ${reason.trim() || 'no reason given'}`;
  return text.length > TextLimits.videoDescription
    ? `${text.slice(0, TextLimits.videoDescription - 1)}…`
    : text;
}
