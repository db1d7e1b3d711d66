import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const LAUNCHER = fileURLToPath(new URL('../../bin/scout-vision.js', import.meta.url));

describe('the scout-vision command', () => {
  it('starts the built CLI and lists its subcommands', async () => {
    const { stdout } = await run(process.execPath, [LAUNCHER, 'help']);
    expect(stdout).toContain('Usage: scout-vision <command>');
    for (const name of ['inactivity', 'track', 'clips', 'read-number']) {
      expect(stdout).toContain(`scout-vision ${name}`);
    }
  });
});
