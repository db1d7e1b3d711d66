/** One `scout-vision` subcommand: a name, one line of help, and a runner returning the exit code. */
export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  run(args: string[]): Promise<number>;
}
