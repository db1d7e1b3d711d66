import { readFile } from 'node:fs/promises';
import { ClipPlanError } from './clips/plan-clips.js';
import { renderClips } from './clips/render-clips.js';
import type { TrackingAnalysis } from './tracking-types.js';
import {
  EXIT_USAGE,
  parseFilmCommandArgs,
  runEngineCommand,
  usageError,
  type CliCommand,
} from '../cli-command.js';

const USAGE =
  'scout-vision clips <input> --analysis <analysis.json> --team A --players 12,7 --output <out.mp4> [--spotlight] [--quiet]';

/** `scout-vision clips`: renders every moment the chosen players are on screen as one MP4. */
export const clipsCommand: CliCommand = {
  name: 'clips',
  summary: 'Render the clips where the chosen players are on screen (optionally spotlighted).',
  usage: USAGE,
  async run(args) {
    const parsed = parseFilmCommandArgs(
      args,
      {
        analysis: { type: 'string' },
        team: { type: 'string' },
        players: { type: 'string' },
        output: { type: 'string' },
        spotlight: { type: 'boolean', default: false },
      },
      USAGE,
    );
    if (!parsed) return EXIT_USAGE;
    const { input, values } = parsed;
    const { analysis: analysisPath, team, players, output, quiet } = values;
    const numbers = (players ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number);
    if (
      !analysisPath ||
      !output ||
      (team !== 'A' && team !== 'B') ||
      numbers.length === 0 ||
      numbers.some((n) => !Number.isInteger(n) || n < 0)
    )
      return usageError(USAGE);
    let analysis: TrackingAnalysis;
    try {
      analysis = JSON.parse(await readFile(analysisPath, 'utf8')) as TrackingAnalysis;
      if (!Array.isArray(analysis.players) || !Array.isArray(analysis.teams))
        throw new Error('not a tracking analysis');
    } catch (error) {
      process.stderr.write(`The analysis file could not be read: ${(error as Error).message}\n`);
      return EXIT_USAGE;
    }
    return runEngineCommand(
      quiet,
      async (signal, onProgress) => {
        const result = await renderClips({
          input,
          analysis,
          teamLetter: team,
          numbers,
          output,
          spotlight: values.spotlight,
          signal,
          onProgress,
        });
        if (!quiet) process.stderr.write('\n');
        process.stdout.write(
          `${JSON.stringify({ output: result.output, clips: result.clips, outputSec: result.outputSec, mode: result.mode })}\n`,
        );
        return 0;
      },
      (error) => {
        if (!(error instanceof ClipPlanError)) return undefined;
        process.stderr.write(`Error: ${error.message}\n`);
        return 2;
      },
    );
  },
};
