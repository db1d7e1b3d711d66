import {
  spawn,
  type ChildProcess,
  type ChildProcessByStdio,
  type SpawnOptions,
  type SpawnOptionsWithStdioTuple,
  type StdioNull,
  type StdioPipe,
} from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

/**
 * util-linux's setpriv (Essential on Debian) sets the parent-death signal and then runs the
 * command: when the process that started it dies, even by SIGKILL, the kernel kills the command.
 */
const SETPRIV = '/usr/bin/setpriv';
const PDEATHSIG = ['--pdeathsig', 'KILL', '--'];

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const setprivAvailable = process.platform === 'linux' && isExecutable(SETPRIV);
const found = new Map<string, boolean>();

/** Whether `command` (a path or a name on PATH) can be run; a missing one is spawned plainly so
 * the caller sees the usual ENOENT error instead of setpriv's exit code. */
function exists(command: string): boolean {
  let known = found.get(command);
  if (known === undefined) {
    known = command.includes('/')
      ? isExecutable(command)
      : (process.env.PATH ?? '')
          .split(path.delimiter)
          .some((dir) => dir !== '' && isExecutable(path.join(dir, command)));
    found.set(command, known);
  }
  return known;
}

/**
 * spawn() for a child that must not outlive this process: ffmpeg, ffprobe, yt-dlp. On Linux the
 * kernel kills it (SIGKILL) when this process dies, however it dies; elsewhere it is a plain spawn.
 * The child's pid is the command's own (setpriv execs it).
 */
export function spawnBound(
  command: string,
  args: readonly string[],
  options: SpawnOptionsWithStdioTuple<StdioNull, StdioPipe, StdioPipe>,
): ChildProcessByStdio<null, Readable, Readable>;
export function spawnBound(
  command: string,
  args: readonly string[],
  options?: SpawnOptions,
): ChildProcess;
export function spawnBound(
  command: string,
  args: readonly string[],
  options: SpawnOptions = {},
): ChildProcess {
  if (setprivAvailable && exists(command)) {
    return spawn(SETPRIV, [...PDEATHSIG, command, ...args], options);
  }
  return spawn(command, args, options);
}

/**
 * The `execPath` and `execArgv` options that make `child_process.fork()` start a Node child that
 * dies with this process in the same way.
 */
export function boundForkOptions(): { execPath?: string; execArgv: string[] } {
  if (!setprivAvailable) return { execArgv: [] };
  return { execPath: SETPRIV, execArgv: [...PDEATHSIG, process.execPath] };
}
