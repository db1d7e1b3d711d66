import { readFile } from 'node:fs/promises';
import { ClipPlanError } from '../engines/player-tracking/clips/plan-clips.js';
import { renderClips } from '../engines/player-tracking/clips/render-clips.js';
import { MediaError } from '../media/media-error.js';
import type { TrackingAnalysis } from '../engines/player-tracking/tracking-types.js';
import { EXIT_USAGE, parseCommandArgs, type CliCommand } from './command.js';

const USAGE =
  'scout-vision clips <input> --analysis <analysis.json> --team A --players 12,7 --output <out.mp4> [--spotlight] [--quiet]';

/** `scout-vision clips`: renders every moment the chosen players are on screen as one MP4. */
export const clipsCommand: CliCommand = {
  name: 'clips',
  summary: 'Render the clips where the chosen players are on screen (optionally spotlighted).',
  usage: USAGE,
  async run(args) {
    const parsed = parseCommandArgs(
      args,
      {
        analysis: { type: 'string' },
        team: { type: 'string' },
        players: { type: 'string' },
        output: { type: 'string' },
        spotlight: { type: 'boolean', default: false },
        quiet: { type: 'boolean', default: false },
      },
      USAGE,
    );
    if (!parsed) return EXIT_USAGE;
    const input = parsed.positionals[0];
    const { analysis: analysisPath, team, players, output } = parsed.values;
    const numbers = (players ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number);
    if (
      !input ||
      !analysisPath ||
      !output ||
      (team !== 'A' && team !== 'B') ||
      numbers.length === 0 ||
      numbers.some((n) => !Number.isInteger(n) || n < 0)
    ) {
      process.stderr.write(`Usage: ${USAGE}\n`);
      return EXIT_USAGE;
    }
    let analysis: TrackingAnalysis;
    try {
      analysis = JSON.parse(await readFile(analysisPath, 'utf8')) as TrackingAnalysis;
      if (!Array.isArray(analysis.players) || !Array.isArray(analysis.teams))
        throw new Error('not a tracking analysis');
    } catch (error) {
      process.stderr.write(`The analysis file could not be read: ${(error as Error).message}\n`);
      return EXIT_USAGE;
    }
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    try {
      const result = await renderClips({
        input,
        analysis,
        teamLetter: team,
        numbers,
        output,
        spotlight: parsed.values.spotlight,
        signal: controller.signal,
        onProgress: (percent) => {
          if (!parsed.values.quiet) process.stderr.write(`\rprogress ${Math.floor(percent)}%`);
        },
      });
      if (!parsed.values.quiet) process.stderr.write('\n');
      process.stdout.write(
        `${JSON.stringify({ output: result.output, clips: result.clips, outputSec: result.outputSec, mode: result.mode })}\n`,
      );
      return 0;
    } catch (error) {
      if (!parsed.values.quiet) process.stderr.write('\n');
      if (error instanceof ClipPlanError) {
        process.stderr.write(`Error: ${error.message}\n`);
        return 2;
      }
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
