import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

const alias = {
  '@filmroom/contract': fileURLToPath(
    new URL('../../packages/contract/src/index.ts', import.meta.url),
  ),
};
const databaseTests = ['test/api/**/*.test.ts', 'test/mail/**/*.test.ts'];
/**
 * Whole tool runs through the API: minutes of analysis and rendering each, over the same queue and
 * run-frame queries that the queue, durability and run-frame files test on both databases. They run
 * on one: PostgreSQL when the run has it, PGlite otherwise.
 */
const toolRunTests = ['test/api/processing.test.ts', 'test/api/cut-review.test.ts'];

const withPostgres = Boolean(process.env.TEST_DATABASE_URL);

function databaseProject(driver: 'pglite' | 'postgres'): TestProjectInlineConfiguration {
  return {
    resolve: { alias },
    test: {
      name: `api-${driver}`,
      include: databaseTests,
      exclude: [
        ...configDefaults.exclude,
        ...(driver === 'pglite' && withPostgres ? toolRunTests : []),
      ],
      env: { TEST_DB: driver },
      ...(driver === 'pglite' ? { globalSetup: ['test/helpers/pglite-template.global.ts'] } : {}),
      testTimeout: 30_000,
      hookTimeout: 60_000,
    },
  };
}

if (!withPostgres) {
  console.warn(
    '\n[api-postgres] skipped: set TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test) to run the API tests against PostgreSQL too.\n',
  );
}

export default defineConfig({
  test: {
    // Vitest's default is one worker on a 2-core machine; API files mostly wait on a database.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'test/unit/**/*.test.ts'],
          testTimeout: 30_000,
          // Media tests generate their clips in beforeAll; a busy machine needs more than 10 s.
          hookTimeout: 60_000,
        },
      },
      databaseProject('pglite'),
      ...(withPostgres ? [databaseProject('postgres')] : []),
    ],
  },
});
