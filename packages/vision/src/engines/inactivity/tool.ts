import type { ToolEngine } from '../tool-engine.js';
import type { InactivityRuns } from './index.js';

/** The Inactivity Filter's vision side (`registry.ts`). */
export const inactivityEngine: ToolEngine<InactivityRuns> = {
  calls: ['inactivity'],
  load: () => import('./index.js'),
  commands: async () => [(await import('./inactivity-command.js')).inactivityCommand],
};
