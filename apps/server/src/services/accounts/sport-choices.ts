import type { Sport } from '@filmroom/contract';
import type { UsersRepository } from '../../infra/db/users.repository.js';
import type { Clock } from '../clock.js';
import { unauthorized } from '../errors.js';

/**
 * The sport of a run (#36): the one a request names, else the user's remembered choice; a run
 * started with a sport makes it the one the upload dialog preselects next time.
 */
export function createSportChoices(deps: { users: UsersRepository; clock: Clock }) {
  const { users } = deps;

  async function remembered(userId: string): Promise<Sport> {
    const user = await users.findById(userId);
    if (!user) throw unauthorized();
    return user.sport;
  }

  return {
    remembered,

    /** The sport a new run gets: the one named, else the remembered one. */
    async forRun(userId: string, named: Sport | undefined): Promise<Sport> {
      return named ?? remembered(userId);
    },

    /** A run started with a named sport: the dialog preselects it from now on. */
    async remember(userId: string, named: Sport | undefined): Promise<void> {
      if (named === undefined) return;
      await users.update(userId, { sport: named }, deps.clock());
    },
  };
}

export type SportChoices = ReturnType<typeof createSportChoices>;
