import { writeFile } from 'node:fs/promises';
import { MediaError } from '../media/media-error.js';
import { analyseTracking } from '../engines/player-tracking/analyse-tracking.js';
import type { TimeRange } from '../engines/player-tracking/tracking-types.js';
import { EXIT_USAGE, parseCommandArgs, type CliCommand } from './command.js';

const USAGE =
  'scout-vision track <input> --json <analysis.json> [--fps 2] [--layout tiles|letterbox] [--segments <live.json>] [--quiet]';

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
    const parsed = parseCommandArgs(
      args,
      {
        json: { type: 'string' },
        fps: { type: 'string' },
        layout: { type: 'string' },
        segments: { type: 'string' },
        quiet: { type: 'boolean', default: false },
      },
      USAGE,
    );
    if (!parsed) return EXIT_USAGE;
    const input = parsed.positionals[0];
    const json = parsed.values.json;
    const layout = parsed.values.layout;
    const fps = parsed.values.fps === undefined ? undefined : Number(parsed.values.fps);
    if (
      !input ||
      !json ||
      parsed.positionals.length > 1 ||
      (layout && layout !== 'tiles' && layout !== 'letterbox') ||
      (fps !== undefined && !(fps > 0 && fps <= 10))
    ) {
      process.stderr.write(`Usage: ${USAGE}\n`);
      return EXIT_USAGE;
    }
    let segments: TimeRange[] | undefined;
    if (parsed.values.segments) {
      try {
        const { readFile } = await import('node:fs/promises');
        segments = parseSegments(await readFile(parsed.values.segments, 'utf8'));
      } catch (error) {
        process.stderr.write(`The segments file could not be read: ${(error as Error).message}\n`);
        return EXIT_USAGE;
      }
    }
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    try {
      const result = await analyseTracking(input, {
        fps,
        layout: layout as 'tiles' | 'letterbox' | undefined,
        segments,
        signal: controller.signal,
        onProgress: (percent) => {
          if (!parsed.values.quiet) process.stderr.write(`\rprogress ${percent}%`);
        },
      });
      if (!parsed.values.quiet) process.stderr.write('\n');
      await writeFile(json, JSON.stringify(result) + '\n');
      if (result.stats.tracks === 0) process.stderr.write('No people were found in this video.\n');
      else if (result.teams.length < 2) process.stderr.write('Only one team colour was found.\n');
      else if (result.players.length === 0)
        process.stderr.write('No jersey number could be read.\n');
      return 0;
    } catch (error) {
      if (!parsed.values.quiet) process.stderr.write('\n');
      if (error instanceof MediaError) {
        process.stderr.write(`Error (${error.code}): ${error.message}\n`);
        if (error.detail) process.stderr.write(`${error.detail}\n`);
        return error.code === 'ABORTED' ? 130 : 2;
      }
      throw error;
    } finally {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
    }
  },
};
