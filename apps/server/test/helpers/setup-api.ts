import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './test-database.js';
import { apiClient, startTestApp, type TestApp } from './test-app.js';

/** One fresh database and app per test file, closed and removed afterwards. */
export function useTestApp(env: Record<string, string> = {}) {
  const context = {} as {
    database: TestDatabase;
    testApp: TestApp;
    api: ReturnType<typeof apiClient>;
  };
  beforeAll(async () => {
    context.database = await createTestDatabase();
    context.testApp = await startTestApp(context.database.handle.db, { env });
    context.api = apiClient(context.testApp.app);
  });
  afterAll(async () => {
    await context.testApp?.close();
    await context.database?.destroy();
  });
  return context;
}
