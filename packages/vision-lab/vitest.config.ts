import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 300_000,
    // ffmpeg-heavy suites share 2 cores: run files one after another.
    fileParallelism: false,
  },
});
