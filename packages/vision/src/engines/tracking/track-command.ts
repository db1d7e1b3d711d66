import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { analyseTracking } from './analyse-tracking.js';
import type { TimeRange } from './tracking-types.js';
import {
  EXIT_USAGE,
  parseFilmCommandArgs,
  runEngineCommand,
  usageError,
  type CliCommand,
} from '../cli-command.js';

const USAGE =
  'scout-vision track <input> --json <analysis.json> [--fps 2] [--layout tiles|letterbox] [--segments <live.json>] [--photos <dir>] [--quiet]';

function parseSegments(text: string): TimeRange[] {
  const parsed = JSON.parse(text) as unknown;
  const list = Array.isArray(parsed) ? parsed : (parsed as { segments?: unknown }).segments;
  if (!Array.isArray(list)) throw new Error('The segments file holds no list of {start, end}.');
  return list.map((s: { start?: unknown; end?: unknown }) => ({
    start: Number(s.start),
    end: Number(s.end),
  }));
}

/** `scout-vision track`: finds teams, jersey numbers and when each player is on screen. */
export const trackCommand: CliCommand = {
  name: 'track',
  summary: 'Find the teams (jersey colours), the players (numbers) and when each is on screen.',
  usage: USAGE,
  async run(args) {
    const parsed = parseFilmCommandArgs(
      args,
      {
        json: { type: 'string' },
        fps: { type: 'string' },
        layout: { type: 'string' },
        segments: { type: 'string' },
        photos: { type: 'string' },
      },
      USAGE,
    );
    if (!parsed) return EXIT_USAGE;
    const { input, values } = parsed;
    const { json, layout, quiet, photos } = values;
    const fps = values.fps === undefined ? undefined : Number(values.fps);
    if (
      !json ||
      (layout && layout !== 'tiles' && layout !== 'letterbox') ||
      (fps !== undefined && !(fps > 0 && fps <= 10))
    )
      return usageError(USAGE);
    let segments: TimeRange[] | undefined;
    if (values.segments) {
      try {
        segments = parseSegments(await readFile(values.segments, 'utf8'));
      } catch (error) {
        process.stderr.write(`The segments file could not be read: ${(error as Error).message}\n`);
        return EXIT_USAGE;
      }
    }
    if (photos) await mkdir(photos, { recursive: true });
    return runEngineCommand(quiet, async (signal, onProgress) => {
      const result = await analyseTracking(input, {
        fps,
        layout: layout as 'tiles' | 'letterbox' | undefined,
        segments,
        signal,
        onProgress,
        ...(photos ? { photoDir: photos } : {}),
      });
      if (!quiet) process.stderr.write('\n');
      await writeFile(json, JSON.stringify(result) + '\n');
      if (result.stats.tracks === 0) process.stderr.write('No people were found in this video.\n');
      else if (result.teams.length < 2) process.stderr.write('Only one team colour was found.\n');
      else if (result.players.length === 0)
        process.stderr.write('No jersey number could be read.\n');
      return 0;
    });
  },
};
