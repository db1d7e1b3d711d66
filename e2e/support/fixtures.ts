import { test as base } from '@playwright/test';
import { AppServer } from './app-server.js';
import { Mailbox } from './mailbox.js';

interface WorkerFixtures {
  serverEnv: Record<string, string>;
  mailbox: Mailbox;
  app: AppServer;
}

/** Each worker gets a real SMTP server and a real FilmRoom server that mails through it. */
export const test = base.extend<{ appUrl: string }, WorkerFixtures>({
  serverEnv: [{}, { option: true, scope: 'worker' }],
  mailbox: [
    async ({}, use) => {
      const mailbox = new Mailbox();
      await mailbox.start();
      await use(mailbox);
      await mailbox.stop();
    },
    { scope: 'worker' },
  ],
  app: [
    async ({ mailbox, serverEnv }, use) => {
      const app = new AppServer({ SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`, ...serverEnv });
      await app.start();
      await use(app);
      await app.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  appUrl: async ({ app }, use) => use(app.baseUrl),
  baseURL: async ({ app }, use) => use(app.baseUrl),
});

export { expect } from '@playwright/test';

let counter = 0;
/** A unique e-mail address per call, so tests never collide. */
export function uniqueEmail(prefix = 'player'): string {
  counter += 1;
  return `${prefix}.${Date.now()}.${counter}@example.com`;
}
