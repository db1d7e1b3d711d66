import { writeFile } from 'node:fs/promises';
import { runInactivityFilter } from './run-inactivity-filter.js';
import { isSportChoice, SPORT_CHOICES } from '../../perception/sport/sports.js';
import {
  EXIT_USAGE,
  parseFilmCommandArgs,
  runEngineCommand,
  usageError,
  type CliCommand,
} from '../cli-command.js';

const USAGE = `scout-vision inactivity <input> --json <out.json> [--output <out.mp4>] [--sport <${SPORT_CHOICES.join('|')}>] [--quiet]`;

/** `scout-vision inactivity`: finds live play, writes the JSON result and optionally the cut video. */
export const inactivityCommand: CliCommand = {
  name: 'inactivity',
  summary: 'Find live play and cut the dead time out of a game film.',
  usage: USAGE,
  async run(args) {
    const parsed = parseFilmCommandArgs(
      args,
      { json: { type: 'string' }, output: { type: 'string' }, sport: { type: 'string' } },
      USAGE,
    );
    if (!parsed) return EXIT_USAGE;
    const { input, values } = parsed;
    const { json, output, sport, quiet } = values;
    if (!json) return usageError(USAGE);
    if (sport !== undefined && !isSportChoice(sport)) return usageError(USAGE);
    return runEngineCommand(quiet, async (signal, onProgress) => {
      const result = await runInactivityFilter({ input, output, sport, signal, onProgress });
      if (!quiet) process.stderr.write('\n');
      const { rendered, ...kept } = result;
      // the per-frame analysis kept for the coach's review is the server's, not the reader's
      const payload = { ...kept, review: undefined };
      await writeFile(json, JSON.stringify(payload, null, 2) + '\n');
      if (output && !rendered) {
        process.stderr.write('No live play was found, so no video was written.\n');
      }
      return 0;
    });
  },
};
