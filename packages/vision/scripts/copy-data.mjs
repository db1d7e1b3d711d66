// Copies the data files that modules load from beside themselves (src/**/*.json) into dist.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const src = join(packageDir, 'src');
const dist = join(packageDir, 'dist');

for (const entry of readdirSync(src, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
  const from = join(entry.parentPath, entry.name);
  // Caches (.cache) are not data.
  if (
    relative(src, from)
      .split(sep)
      .some((part) => part.startsWith('.'))
  )
    continue;
  const to = join(dist, relative(src, from));
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
}
