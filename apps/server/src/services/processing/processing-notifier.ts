import { TOOLS } from '@filmroom/contract';
import type { ProcessingRun } from '../../infra/db/processing-runs.repository.js';
import type { OwnerNotifier } from '../mail/owner-notifier.js';
import { processingMail, type ProcessingMailKind } from '../mail/processing-mails.js';

/** Mails the owner about a job, after its state is committed, if they have notifications on. */
export function createProcessingNotifier(deps: { notifyOwner: OwnerNotifier; publicUrl: string }) {
  return (
    job: ProcessingRun,
    kind: ProcessingMailKind,
    details: { title: string; errorMessage?: string },
  ): Promise<void> =>
    deps.notifyOwner(
      job.userId,
      (user) =>
        processingMail({
          kind,
          to: user.email,
          firstName: user.firstName,
          publicUrl: deps.publicUrl,
          title: details.title,
          tool: TOOLS[job.tool].name,
          errorMessage: details.errorMessage,
        }),
      { processingRunId: job.id },
    );
}

export type ProcessingNotifier = ReturnType<typeof createProcessingNotifier>;
