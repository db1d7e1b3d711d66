import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openProcessScratch, scratchFolderName } from '../../src/infra/scratch/process-scratch.js';

let root = '';
let running: ChildProcess | undefined;

afterEach(async () => {
  running?.kill('SIGKILL');
  if (root) await rm(root, { recursive: true, force: true });
});

/** A folder with a temporary file in it, as a process leaves it. */
async function folderWithFile(name: string): Promise<void> {
  await mkdir(path.join(root, name), { recursive: true });
  await writeFile(path.join(root, name, `upload-${name}`), Buffer.alloc(1024));
}

describe('temporary files at start', () => {
  it('removes what killed processes left and keeps the folders of processes still running', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'filmroom-scratch-'));
    running = spawn('sleep', ['60']);
    await once(running, 'spawn');
    const live = await scratchFolderName(running.pid!);
    const ended = spawn('sleep', ['0.5']);
    const exited = once(ended, 'exit');
    await once(ended, 'spawn');
    const dead = await scratchFolderName(ended.pid!);
    await exited;
    expect(live).toBeDefined();
    expect(dead).toBeDefined();
    await folderWithFile(live!);
    await folderWithFile(dead!);
    // The same pid started again later is another process: its predecessor's files go too.
    await folderWithFile(`proc-${running.pid}-1`);
    // Earlier versions put uploads straight into DATA_DIR/tmp.
    await writeFile(path.join(root, 'upload-0b7e3a4c'), '');
    await folderWithFile('processing-4b1f');
    await writeFile(path.join(root, 'notes.txt'), 'not ours');

    const scratch = await openProcessScratch(root);
    const removed = await scratch.sweep();

    expect(removed.sort()).toEqual(
      [dead!, `proc-${running.pid}-1`, 'upload-0b7e3a4c', 'processing-4b1f'].sort(),
    );
    expect((await readdir(root)).sort()).toEqual(
      [live!, path.basename(scratch.dir), 'notes.txt'].sort(),
    );
    expect(await readdir(path.join(root, live!))).toEqual([`upload-${live}`]);
  });
});
