import { TOOL_IDS, TOOLS, Tool } from '@filmroom/contract';
import { describe, expect, it } from 'vitest';
import { TOOL_MODULES, toolRegistry } from './index.js';

describe('the tool registry', () => {
  const tools = toolRegistry();

  it('has a server stage for every job kind the contract lists, and no other', () => {
    for (const tool of TOOL_IDS) {
      expect(Object.keys(TOOL_MODULES[tool].stages)).toEqual([...TOOLS[tool].stageNames]);
      for (const kind of TOOLS[tool].stageNames) expect(tools.stageOf(kind)).toBeDefined();
    }
  });

  it('queues the stage that claims the job in its state, the first stage before any', () => {
    expect(tools.stageNameFor(Tool.Inactivity, 'queued')).toBe('inactivity');
    expect(tools.stageNameFor(Tool.PlayerTracking, 'queued')).toBe('track-analyse');
    expect(tools.stageNameFor(Tool.PlayerTracking, 'rendering')).toBe('track-render');
    expect(tools.stageNameFor(Tool.PlayerTracking, 'failed')).toBe('track-analyse');
  });
});
