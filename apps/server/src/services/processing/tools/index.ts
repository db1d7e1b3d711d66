import { TOOL_IDS, type Tool, type ToolStageName } from '@filmroom/contract';
import type { ProcessingState } from '../../../infra/db/schema.js';
import { inactivityTool } from './inactivity.tool.js';
import { playerTrackingTool } from './tracking.tool.js';
import type { ToolModule, ToolStage } from './tool-module.js';

/** Every processing tool's server module, by tool id. */
export type ToolModules = { [T in Tool]: ToolModule<T> };

export const TOOL_MODULES: ToolModules = {
  inactivity: inactivityTool,
  tracking: playerTrackingTool,
};

/** The tools as the run service and the processing service see them: stages by job kind. */
export interface ToolRegistry {
  /** The stage a job kind runs. */
  stageOf(kind: ToolStageName): ToolStage;
  /** The job kind a processing job of `tool` needs next, in `state` (its first stage before any). */
  stageNameFor(tool: Tool, state: ProcessingState): ToolStageName;
}

export function toolRegistry(modules: ToolModules = TOOL_MODULES): ToolRegistry {
  const byKind = new Map<ToolStageName, ToolStage>();
  const kindsOf = new Map<Tool, [ToolStageName, ToolStage][]>();
  for (const tool of TOOL_IDS) {
    const entries = Object.entries(modules[tool].stages) as [ToolStageName, ToolStage][];
    kindsOf.set(tool, entries);
    for (const [kind, stage] of entries) byKind.set(kind, stage);
  }
  return {
    stageOf(kind) {
      const stage = byKind.get(kind);
      if (!stage) throw new Error(`No tool runs the job kind ${kind}`);
      return stage;
    },
    stageNameFor(tool, state) {
      const entries = kindsOf.get(tool) ?? [];
      const claiming = entries.find(([, stage]) => stage.claims.includes(state));
      const [first] = entries;
      if (!first) throw new Error(`The tool ${tool} has no stages`);
      return (claiming ?? first)[0];
    },
  };
}
