import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The built FilmRoom server, started as a real process with its own data folder. */
export class AppServer {
  baseUrl = '';
  dataDir = '';
  private child: ChildProcess | undefined;
  private log = '';

  constructor(private readonly env: Record<string, string>) {}

  async start(): Promise<void> {
    const port = await freePort();
    this.dataDir = await mkdtemp(path.join(tmpdir(), 'filmroom-e2e-'));
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
      cwd: repoRoot,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: this.dataDir,
        PUBLIC_URL: this.baseUrl,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_AUTH_MAX: '1000',
        ...this.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    this.child.stderr?.on('data', (chunk: Buffer) => (this.log += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (this.child.exitCode !== null) throw new Error(`Server exited early:\n${this.log}`);
      try {
        const response = await fetch(`${this.baseUrl}/config.json`);
        if (response.ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`Server did not start within 60 s:\n${this.log}`);
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    if (this.dataDir) await rm(this.dataDir, { recursive: true, force: true });
  }

  get output(): string {
    return this.log;
  }
}
