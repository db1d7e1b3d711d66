import type { ToolStageName } from '@filmroom/contract';
import { runIdOf } from '../infra/queue/job-kinds.js';
import type { JobHandler } from '../infra/queue/job-queue.js';
import type { ProcessingRunService } from '../services/processing/processing-run.service.js';
import { attemptOf } from './attempt.js';

/** The tools' stages: each stage's job hands its run to the run service, with the attempt. */
export function stageHandlers(
  runs: ProcessingRunService,
  kinds: readonly ToolStageName[],
): { [K in ToolStageName]: JobHandler<K> } {
  const handler =
    (kind: ToolStageName): JobHandler<ToolStageName> =>
    (payload, context) =>
      runs.runStage(kind, runIdOf(payload), attemptOf(kind, context));
  return Object.fromEntries(kinds.map((kind) => [kind, handler(kind)])) as {
    [K in ToolStageName]: JobHandler<K>;
  };
}
