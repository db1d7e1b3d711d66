import { writeFile } from 'node:fs/promises';
import { runInactivityFilter } from '../engines/inactivity/run-inactivity-filter.js';
import { MediaError } from '../media/media-error.js';
import { EXIT_USAGE, parseCommandArgs, type CliCommand } from './command.js';

const USAGE = 'scout-vision inactivity <input> --json <out.json> [--output <out.mp4>] [--quiet]';

/** `scout-vision inactivity`: finds live play, writes the JSON result and optionally the cut video. */
export const inactivityCommand: CliCommand = {
  name: 'inactivity',
  summary: 'Find live play and cut the dead time out of a game film.',
  usage: USAGE,
  async run(args) {
    const parsed = parseCommandArgs(
      args,
      {
        json: { type: 'string' },
        output: { type: 'string' },
        quiet: { type: 'boolean', default: false },
      },
      USAGE,
    );
    if (!parsed) return EXIT_USAGE;
    const input = parsed.positionals[0];
    const json = parsed.values.json;
    if (!input || !json || parsed.positionals.length > 1) {
      process.stderr.write(`Usage: ${USAGE}\n`);
      return EXIT_USAGE;
    }
    const controller = new AbortController();
    const stop = (): void => controller.abort();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    let lastShown = -1;
    try {
      const result = await runInactivityFilter({
        input,
        output: parsed.values.output,
        signal: controller.signal,
        onProgress: (percent) => {
          const whole = Math.floor(percent);
          if (!parsed.values.quiet && whole !== lastShown) {
            lastShown = whole;
            process.stderr.write(`\rprogress ${whole}%`);
          }
        },
      });
      if (!parsed.values.quiet) process.stderr.write('\n');
      const { rendered, ...payload } = result;
      await writeFile(json, JSON.stringify(payload, null, 2) + '\n');
      if (parsed.values.output && !rendered) {
        process.stderr.write('No live play was found, so no video was written.\n');
      }
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
