#!/usr/bin/env node
import type { CliCommand } from './engines/cli-command.js';
import { TOOL_ENGINES } from './engines/registry.js';
import { readNumberCommand } from './cli/read-number-command.js';

/** Subcommands by name: every tool's (`engines/registry.ts`), then the tools' parts. */
async function loadCommands(): Promise<Record<string, CliCommand>> {
  const toolCommands = await Promise.all(TOOL_ENGINES.map((tool) => tool.commands()));
  return Object.fromEntries(
    [...toolCommands.flat(), readNumberCommand].map((command) => [command.name, command]),
  );
}

function printHelp(commands: Record<string, CliCommand>): void {
  process.stdout.write('Usage: scout-vision <command> [options]\n\nCommands:\n');
  for (const c of Object.values(commands))
    process.stdout.write(`  ${c.name.padEnd(14)}${c.summary}\n    ${c.usage}\n`);
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  const commands = await loadCommands();
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    printHelp(commands);
    return name ? 0 : 64;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(`Unknown command "${name}".\n`);
    printHelp(commands);
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
