import {
  defaultOutputTitle,
  ProcessingMessages,
  ProcessingProgress,
  Tool,
  TOOLS,
} from '@filmroom/contract';
import path from 'node:path';
import { sportOf, UserFacingFailure, type ToolModule } from './tool-module.js';

/** Inactivity Filter: a new library video of only the live play. */
export const inactivityTool: ToolModule<typeof Tool.Inactivity> = {
  tool: Tool.Inactivity,
  stages: {
    inactivity: {
      claims: ['queued', 'analysing'],
      runsIn: 'analysing',
      progress: [ProcessingProgress.engineStart, ProcessingProgress.end],
      async run(run) {
        const output = path.join(run.work, 'inactivity.mp4');
        const result = await run.withSource((input) =>
          run.runEngine({ engine: 'inactivity', input, output, ...sportOf(run.job) }),
        );
        if (result.sport) {
          const { chosen, used, detection } = result.sport;
          run.logger.info(
            { processingRunId: run.job.id, chosen, used, detection },
            'Sport of the film',
          );
        }
        if (!result.rendered || result.segments.length === 0) {
          throw new UserFacingFailure(ProcessingMessages.noLivePlay);
        }
        const { title, description, notes } = run.source;
        await run.publish(
          output,
          // Named after its source and the tool, so the two never look alike (the user can edit it).
          { title: defaultOutputTitle(title, TOOLS[Tool.Inactivity].name), description, notes },
          { segments: result.segments, sourceDurationSec: result.durationSec },
          { cutAnalysis: result.review },
        );
      },
    },
  },
};
