import { TOOL_IDS, TOOLS, Tool, type Sport } from '@filmroom/contract';
import type { SportChoice } from '@filmroom/vision/engine';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { TOOL_MODULES, toolRegistry } from './index.js';

describe('the tool registry', () => {
  const tools = toolRegistry();

  it('has a server stage for every stage the contract lists, and no other', () => {
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

  it('hands the engine the sports the contract knows: one list of values, spelt in both', () => {
    // vision does not depend on the contract, so each spells the list; type-checked here
    expectTypeOf<Sport>().toEqualTypeOf<SportChoice>();
  });
});
