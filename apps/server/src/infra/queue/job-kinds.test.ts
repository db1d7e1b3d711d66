import { describe, expect, it } from 'vitest';
import { runIdOf } from './job-kinds.js';

describe('a stage job names its run', () => {
  it('by processingRunId, or by the processingJobId of jobs queued before the rename', () => {
    expect(runIdOf({ processingRunId: 'run-1' })).toBe('run-1');
    expect(runIdOf({ processingJobId: 'run-2' })).toBe('run-2');
  });

  it('and a job that names none fails rather than running nothing', () => {
    expect(() => runIdOf({})).toThrow(/without its run/);
  });
});
