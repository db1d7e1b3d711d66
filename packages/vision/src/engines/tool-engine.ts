import type { CliCommand } from './cli-command.js';
import type { EngineRunOptions } from './run-options.js';

/** An engine call's runner: its request (tagged `engine`) in, its result out. */
export type EngineRun<Request extends { engine: string }, Result> = (
  request: Request,
  options?: EngineRunOptions,
) => Promise<Result>;

/** A tool's engine calls by name, each the runner of requests tagged with that name. */
export type EngineRuns<Runs> = {
  [Name in keyof Runs]: Runs[Name] extends EngineRun<infer Request, unknown>
    ? Request extends { engine: Name }
      ? Runs[Name]
      : never
    : never;
};

/** The request a runner takes. */
export type RequestOf<Run> = Run extends EngineRun<infer Request, unknown> ? Request : never;

/** The result a runner gives. */
export type ResultOf<Run> = Run extends EngineRun<never, infer Result> ? Result : never;

/**
 * A tool's vision side, as the registry lists it: the engine calls it answers, its module loaded only
 * when a call comes (the engines and their models load in the engine process, not where a request is
 * merely typed), and its `scout-vision` commands.
 */
export interface ToolEngine<Runs extends EngineRuns<Runs>> {
  calls: readonly (keyof Runs & string)[];
  load(): Promise<{ runs: Runs }>;
  commands(): Promise<readonly CliCommand[]>;
}
