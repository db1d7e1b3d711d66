import type { JobHandler } from '../infra/queue/job-queue.js';
import type { AccountMailService } from '../services/accounts/account-mail.service.js';

export interface AccountMailDeps {
  accountMails: AccountMailService;
}

/** The `account-mail` job: a password reset or activation mail someone asked for. */
export function accountMailJob(deps: AccountMailDeps): JobHandler<'account-mail'> {
  return ({ kind, email }) => deps.accountMails.sendRequested(kind, email);
}
