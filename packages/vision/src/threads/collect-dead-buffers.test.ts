import { afterEach, describe, expect, it } from 'vitest';
import { collectDeadBuffers } from './collect-dead-buffers.js';

// What the collections save is measured on whole films (vision-lab journal, player-tracking.md):
// a process's array-buffer count in a unit test is freed by V8's background sweeper, so under load
// it says more about the machine than about this function.
describe('collectDeadBuffers', () => {
  const hadGc = 'gc' in globalThis;
  const original = (globalThis as { gc?: unknown }).gc;
  afterEach(() => {
    if (hadGc) (globalThis as { gc?: unknown }).gc = original;
    else delete (globalThis as { gc?: unknown }).gc;
  });

  it('runs a full collection every third call where the collector is exposed', () => {
    let collections = 0;
    (globalThis as { gc?: () => void }).gc = () => {
      collections += 1;
    };
    for (let call = 0; call < 9; call++) collectDeadBuffers();
    expect(collections).toBe(3);
  });

  it('does nothing where the collector is not exposed', () => {
    delete (globalThis as { gc?: unknown }).gc;
    expect(() => collectDeadBuffers()).not.toThrow();
  });
});
