import type { ToolEngine } from '../tool-engine.js';
import type { PlayerTrackingRuns } from './index.js';

/** Player Tracking's vision side (`registry.ts`): the analysis and the render of chosen players. */
export const playerTrackingEngine: ToolEngine<PlayerTrackingRuns> = {
  calls: ['track-analyse', 'track-render'],
  load: () => import('./index.js'),
  commands: async () => {
    const [{ trackCommand }, { clipsCommand }] = await Promise.all([
      import('./track-command.js'),
      import('./clips-command.js'),
    ]);
    return [trackCommand, clipsCommand];
  },
};
