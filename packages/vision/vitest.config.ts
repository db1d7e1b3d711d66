import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packages = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  // The lab's test films and the runtime modules they use come from their sources, so the tests
  // never run against a stale build (and a class such as MediaError is one class).
  resolve: {
    alias: [
      {
        find: '@filmroom/vision-lab/testing',
        replacement: `${packages}vision-lab/src/testing/index.ts`,
      },
      {
        find: /^@filmroom\/vision\/internal\/(.*)\.js$/,
        replacement: `${packages}vision/src/$1.ts`,
      },
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
