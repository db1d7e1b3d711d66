import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** dist/drizzle when built (copied there), else the package's drizzle/ folder. */
export function migrationsFolder(): string {
  const candidates = [
    new URL('../../drizzle', import.meta.url),
    new URL('../../../drizzle', import.meta.url),
  ];
  const found = candidates
    .map((url) => fileURLToPath(url))
    .find((dir) => existsSync(`${dir}/meta/_journal.json`));
  if (!found) throw new Error('Database migrations folder not found next to the server build');
  return found;
}
