import { mkdir, readdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

/**
 * Temporary files of one server process (uploads being checked, downloads, renditions, engine
 * scratch) live in its own folder `DATA_DIR/tmp/proc-<pid>-<start>`, so whatever a killed process
 * left behind can be told apart from the files of processes still running on the machine.
 */
export interface ProcessScratch {
  /** This process's folder. */
  dir: string;
  /**
   * Removes the folders of processes that no longer run, and files left directly under the root
   * by versions without per-process folders. Returns what was removed.
   */
  sweep(): Promise<string[]>;
}

const FOLDER = /^proc-(\d+)-(\d+)$/;
/** Names earlier versions gave their temporary files, directly under DATA_DIR/tmp. */
const UNOWNED = /^(upload-|processing-)/;

/**
 * When the process started, in clock ticks since boot (`/proc/<pid>/stat`, field 22): with the pid
 * it names one process, even after the pid is reused. Undefined when the process does not exist;
 * '0' on systems without /proc.
 */
async function startOf(pid: number): Promise<string | undefined> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return hasProc ? undefined : isAlive(pid) ? '0' : undefined;
  }
  // The command name (field 2) may hold spaces and parentheses; fields after it are plain.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
}

let hasProc = true;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === 'EPERM';
  }
}

/** The folder name of a process's scratch space, or undefined if it has exited. */
export async function scratchFolderName(pid: number): Promise<string | undefined> {
  const start = await startOf(pid);
  return start === undefined ? undefined : `proc-${pid}-${start}`;
}

/** Creates this process's scratch folder under `root` (DATA_DIR/tmp). */
export async function openProcessScratch(root: string): Promise<ProcessScratch> {
  hasProc = await readFile('/proc/self/stat').then(
    () => true,
    () => false,
  );
  const own = await scratchFolderName(process.pid);
  if (!own) throw new Error('Cannot identify this process');
  const dir = path.join(root, own);
  await mkdir(dir, { recursive: true });
  return {
    dir,
    async sweep() {
      const removed: string[] = [];
      for (const name of await readdir(root).catch(() => [] as string[])) {
        if (name === own) continue;
        const match = FOLDER.exec(name);
        if (match) {
          if ((await scratchFolderName(Number(match[1]))) === name) continue;
        } else if (!UNOWNED.test(name)) {
          continue;
        }
        await rm(path.join(root, name), { recursive: true, force: true });
        removed.push(name);
      }
      return removed;
    },
  };
}
