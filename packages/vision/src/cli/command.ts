import { parseArgs, type ParseArgsConfig } from 'node:util';

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
