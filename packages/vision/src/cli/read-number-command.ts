import { loadDigitReader } from '../perception/numbers/number-reader-model.js';
import { NumberRecognizer } from '../perception/numbers/number-recognizer.js';
import { readJerseyNumberFile } from '../perception/numbers/read-jersey-number.js';
import { EXIT_USAGE, type CliCommand } from '../engines/cli-command.js';

const USAGE = 'scout-vision read-number <image>...';

/**
 * `scout-vision read-number`: the number readers alone (PP-OCR fused with the trained reader when its
 * weights are there), on crops of a number or a torso. `number` is a JSON number; `printed` is the
 * number as printed, where '00' and '0' differ.
 */
export const readNumberCommand: CliCommand = {
  name: 'read-number',
  summary: 'Read the jersey number on crops of a number or a torso (null when unreadable).',
  usage: USAGE,
  async run(args) {
    const files = args.filter((a) => !a.startsWith('-'));
    if (files.length === 0 || files.length !== args.length) {
      process.stderr.write(`Usage: ${USAGE}\n`);
      return EXIT_USAGE;
    }
    const [recognizer, digits] = await Promise.all([NumberRecognizer.create(), loadDigitReader()]);
    const results: {
      file: string;
      number: number | null;
      printed: string | null;
      confidence: number;
      error?: string;
    }[] = [];
    try {
      for (const file of files) {
        try {
          const read = await readJerseyNumberFile(recognizer, file, undefined, digits);
          results.push({
            file,
            number: read.number,
            printed: read.number === null ? null : (read.printed ?? String(read.number)),
            confidence: Math.round(read.confidence * 1000) / 1000,
          });
        } catch {
          results.push({
            file,
            number: null,
            printed: null,
            confidence: 0,
            error: 'The file is not an image that can be read.',
          });
        }
      }
    } finally {
      await Promise.all([recognizer.close(), digits?.close()]);
    }
    process.stdout.write(`${JSON.stringify(results)}\n`);
    return results.some((r) => r.error) ? 2 : 0;
  },
};
