import { parseArgs, type ParseArgsConfig } from 'node:util';
import { MediaError } from '../media/media-error.js';

/** One `scout-vision` subcommand: a name, one line of help, and a runner returning the exit code. */
export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  run(args: string[]): Promise<number>;
}

/** Exit code for a malformed command line (BSD sysexits EX_USAGE). */
export const EXIT_USAGE = 64;

/**
 * Parses a subcommand's flags and positionals; on a malformed line prints the reason and the usage
 * and returns undefined, so the caller exits with EXIT_USAGE.
 */
export function parseCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
  usage: string,
):
  ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; options: T }>> | undefined {
  try {
    return parseArgs({ args, allowPositionals: true, options });
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\nUsage: ${usage}\n`);
    return undefined;
  }
}

/** Prints the usage line and returns EXIT_USAGE. */
export function usageError(usage: string): number {
  process.stderr.write(`Usage: ${usage}\n`);
  return EXIT_USAGE;
}

const QUIET_OPTION = { quiet: { type: 'boolean', default: false } } as const;

/** A one-film command's input and flags (`--quiet` among them). */
export interface FilmCommandArgs<T extends NonNullable<ParseArgsConfig['options']>> {
  input: string;
  values: ReturnType<
    typeof parseArgs<{ args: string[]; allowPositionals: true; options: T & typeof QUIET_OPTION }>
  >['values'];
}

/**
 * Parses the command line of a command that works on one film: `<input>` and the given flags, plus
 * `--quiet`. On a malformed line (or no input, or more than one) prints the usage and returns
 * undefined, so the caller exits with EXIT_USAGE.
 */
export function parseFilmCommandArgs<T extends NonNullable<ParseArgsConfig['options']>>(
  args: string[],
  options: T,
  usage: string,
): FilmCommandArgs<T> | undefined {
  const parsed = parseCommandArgs(args, { ...options, ...QUIET_OPTION }, usage);
  if (!parsed) return undefined;
  const [input] = parsed.positionals;
  if (!input || parsed.positionals.length > 1) {
    usageError(usage);
    return undefined;
  }
  return { input, values: parsed.values };
}

/**
 * Runs a command's engine call: Ctrl-C or SIGTERM cancels it, progress shows on stderr in whole
 * percents unless `quiet`, and a MediaError is reported as `Error (CODE): message` with exit code 2
 * (130 when cancelled). `explain` may turn another known error into an exit code.
 */
export async function runEngineCommand(
  quiet: boolean,
  call: (signal: AbortSignal, onProgress: (percent: number) => void) => Promise<number>,
  explain: (error: unknown) => number | undefined = () => undefined,
): Promise<number> {
  const controller = new AbortController();
  const stop = (): void => controller.abort();
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  let lastShown = -1;
  const onProgress = (percent: number): void => {
    const whole = Math.floor(percent);
    if (!quiet && whole !== lastShown) {
      lastShown = whole;
      process.stderr.write(`\rprogress ${whole}%`);
    }
  };
  try {
    const code = await call(controller.signal, onProgress);
    return code;
  } catch (error) {
    if (!quiet) process.stderr.write('\n');
    const explained = explain(error);
    if (explained !== undefined) return explained;
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
}
