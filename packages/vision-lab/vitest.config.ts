import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packages = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  // The runtime modules the lab uses come from their sources, so the tests never run against a
  // stale build of @filmroom/vision.
  resolve: {
    alias: [
      {
        find: '@filmroom/vision-lab/testing',
        replacement: `${packages}vision-lab/src/testing/index.ts`,
      },
      ...Object.entries({
        perception: 'perception/index.ts',
        inactivity: 'engines/inactivity/entry.ts',
        tracking: 'engines/tracking/entry.ts',
        media: 'media/index.ts',
      }).map(([entry, file]) => ({
        find: new RegExp(`^@filmroom/vision/${entry}$`),
        replacement: `${packages}vision/src/${file}`,
      })),
    ],
  },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // ffmpeg-heavy suites share 2 cores: run files one after another.
    fileParallelism: false,
  },
});
