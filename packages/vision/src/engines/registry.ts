import { inactivityEngine } from './inactivity/tool.js';
import { playerTrackingEngine } from './tracking/tool.js';
import type { ToolEngine } from './tool-engine.js';

/**
 * Every tool's engine, one line each. The engine process dispatches calls by it, the CLI lists its
 * commands, and the request and result types of every call are derived from it (`engine-types.ts`).
 */
export const TOOL_ENGINES = [inactivityEngine, playerTrackingEngine] as const;

type RunsOf<T> = T extends ToolEngine<infer Runs> ? Runs : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** Every engine call's runner by name, across the tools. */
export type AllEngineRuns = Intersection<RunsOf<(typeof TOOL_ENGINES)[number]>>;

/** The tool engine that answers `call`, if any. */
export function toolEngineOf(call: string): (typeof TOOL_ENGINES)[number] | undefined {
  return TOOL_ENGINES.find((tool) => (tool.calls as readonly string[]).includes(call));
}
