import { TOOLS } from './tools.js';
import type { ChosenPlayers, LibraryVideo } from './videos.js';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** A length as a clock reads it: m:ss under an hour, h:mm:ss from one hour ("12:40", "1:02:05"). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(Number.isFinite(seconds) ? seconds : 0));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${minutes}:${pad(rest)}`;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * What a tool's output keeps of its source, in words, or undefined for a video no tool made:
 * "12:40 of 58:10 kept, 31 plays" (Inactivity Filter), "3:05 of 58:10 kept, 12 clips" (Player Tracking).
 */
export function describeOutput(
  video: Pick<LibraryVideo, 'durationSec' | 'madeBy' | 'chapters'>,
): string | undefined {
  const { madeBy } = video;
  if (!madeBy || video.durationSec === undefined) return undefined;
  const kept = `${formatDuration(video.durationSec)} of ${formatDuration(madeBy.sourceDurationSec)} kept`;
  const pieces = video.chapters?.length;
  if (!pieces) return kept;
  const noun = TOOLS[madeBy.tool].chapterNoun;
  return `${kept}, ${count(pieces, noun.one, noun.many)}`;
}

/** The name of the tool that made a video ("Inactivity Filter"), or undefined for one users added. */
export function toolNameOf(video: Pick<LibraryVideo, 'madeBy'>): string | undefined {
  return video.madeBy ? TOOLS[video.madeBy.tool].name : undefined;
}

/** Who a Player Tracking output follows: "Team A (white) · #12, #7". */
export function describeChosenPlayers(chosen: ChosenPlayers): string {
  const team = chosen.teamColour
    ? `Team ${chosen.teamLetter} (${chosen.teamColour})`
    : `Team ${chosen.teamLetter}`;
  return `${team} · ${chosenPlayersText(chosen.numbers, chosen.byPhoto ?? 0)}`;
}

/** Chosen players in words: "#12, #7, 2 picked by photo". */
export function chosenPlayersText(numbers: readonly number[], byPhoto: number): string {
  const parts = numbers.map((number) => `#${number}`);
  if (byPhoto > 0) parts.push(`${byPhoto} picked by photo`);
  return parts.join(', ');
}
