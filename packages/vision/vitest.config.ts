import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packages = fileURLToPath(new URL('..', import.meta.url));

export default defineConfig({
  // The test media come from their sources, so the tests never run against a stale build.
  resolve: {
    alias: [{ find: '@filmroom/test-media', replacement: `${packages}test-media/src/index.ts` }],
  },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // ffmpeg-heavy suites share 2 cores: run files one after another.
    fileParallelism: false,
  },
});
