import type { JobHandler } from '../infra/queue/job-queue.js';
import type { CutReviewService } from '../services/processing/cut-review.service.js';
import { attemptOf } from './attempt.js';

/** The `cut-review-render` job: renders a coach's reviewed cuts into the output. */
export function cutReviewJob(cutReview: CutReviewService): JobHandler<'cut-review-render'> {
  return ({ videoId }, context) =>
    cutReview.render(videoId, attemptOf('cut-review-render', context));
}
