#!/usr/bin/env node
// The `scout-vision` command. npm links a workspace's bin only if the file exists at install time,
// and the CLI itself is built later (dist/cli.js), so this small launcher is the linked file. Right
// after the set-up (before `npm run build`), it builds the package once, then starts the CLI.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/cli.js', import.meta.url);
const packageDir = fileURLToPath(new URL('..', import.meta.url));
const buildCommand = 'npm run build -w @filmroom/vision';

if (!existsSync(cli)) {
  if (!existsSync(new URL('../tsconfig.json', import.meta.url))) {
    process.stderr.write(`scout-vision is not built: run \`${buildCommand}\` in the repository.\n`);
    process.exit(1);
  }
  process.stderr.write(`scout-vision is not built yet; building it once (${buildCommand})…\n`);
  const build = spawnSync('npm', ['run', 'build', '--silent'], {
    cwd: packageDir,
    // The build's own output goes to stderr, so a command's stdout (JSON, help) stays clean.
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (build.status !== 0 || !existsSync(cli)) {
    process.stderr.write(
      `The build failed; run \`${buildCommand}\` in the repository to see why.\n`,
    );
    process.exit(1);
  }
}
// glibc's malloc settings and V8's young generation are set at a process's start (ENGINE_MALLOC_ENV
// and ENGINE_EXEC_ARGV say why), so the CLI runs in a child that has the settings.
if (process.env.MALLOC_ARENA_MAX === undefined) {
  const { ENGINE_EXEC_ARGV, ENGINE_MALLOC_ENV } = await import(
    new URL('../dist/engine/index.js', import.meta.url).href
  );
  const child = spawn(
    process.execPath,
    [
      ...process.execArgv,
      ...ENGINE_EXEC_ARGV,
      fileURLToPath(import.meta.url),
      ...process.argv.slice(2),
    ],
    {
      stdio: 'inherit',
      env: { ...ENGINE_MALLOC_ENV, ...process.env },
    },
  );
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    else process.exit(code ?? 1);
  });
} else {
  await import(cli.href);
}
