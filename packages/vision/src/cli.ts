#!/usr/bin/env node
import type { CliCommand } from './cli/command.js';
import { inactivityCommand } from './cli/inactivity-command.js';
import { trackCommand } from './cli/track-command.js';
import { clipsCommand } from './cli/clips-command.js';
import { readNumberCommand } from './cli/read-number-command.js';

/** Subcommands by name, one line each. */
const commands: Record<string, CliCommand> = {
  inactivity: inactivityCommand,
  track: trackCommand,
  clips: clipsCommand,
  'read-number': readNumberCommand,
};

function printHelp(): void {
  process.stdout.write('Usage: scout-vision <command> [options]\n\nCommands:\n');
  for (const c of Object.values(commands))
    process.stdout.write(`  ${c.name.padEnd(14)}${c.summary}\n    ${c.usage}\n`);
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    printHelp();
    return name ? 0 : 64;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(`Unknown command "${name}".\n`);
    printHelp();
    return 64;
  }
  return command.run(rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `Unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
