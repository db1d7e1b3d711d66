import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const viteNode = path.join(
  path.dirname(createRequire(import.meta.url).resolve('vite-node/package.json')),
  'vite-node.mjs',
);
let dir = '';

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function stateOf(pid: number): Promise<string> {
  // A killed child not yet reaped by its new parent shows as a zombie (Z): it no longer runs.
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0] ?? '';
}

describe.runIf(process.platform === 'linux')('a child started with runProcess', () => {
  it('is killed when the process that started it is killed with SIGKILL', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vision-bound-'));
    const script = path.join(dir, 'parent.ts');
    const runProcess = path.resolve(import.meta.dirname, 'run-process.ts');
    await writeFile(
      script,
      `import { runProcess } from ${JSON.stringify(runProcess)};\n` +
        `void runProcess('sleep', ['120']);\n` +
        `setInterval(() => undefined, 1000);\n`,
    );
    const parent = spawn(process.execPath, [viteNode, script], { stdio: 'ignore' });
    const child = await (async () => {
      const deadline = Date.now() + 20_000;
      while (Date.now() < deadline) {
        const pids = (await readFile(`/proc/${parent.pid}/task/${parent.pid}/children`, 'utf8'))
          .trim()
          .split(/\s+/)
          .filter(Boolean)
          .map(Number);
        for (const pid of pids) {
          const cmdline = await readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
          if (cmdline.startsWith('sleep\0')) return pid;
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error('sleep did not start');
    })();

    const exited = once(parent, 'exit');
    parent.kill('SIGKILL');
    await exited;
    const deadline = Date.now() + 5000;
    while (isRunning(child) && (await stateOf(child)) !== 'Z' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const state = await stateOf(child);
    if (isRunning(child) && state !== 'Z') process.kill(child, 'SIGKILL');
    expect(state === '' || state === 'Z').toBe(true);
  });
});
