import { defineConfig } from '@playwright/test';

/** Browser tests drive Debian's Chromium against the built app, started per worker by the fixtures. */
export default defineConfig({
  testDir: './tests',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  // Each worker starts its own server and mailbox (fixtures.ts). Two workers leave a third of
  // both cores idle (the browsers and servers wait on each other); three run the suite in 235 s
  // instead of 267 s.
  workers: 3,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: './test-results',
  use: {
    headless: true,
    viewport: { width: 1400, height: 900 },
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--autoplay-policy=no-user-gesture-required',
      ],
    },
  },
});
