import type { ProfileSharesRepository } from '../db/profile-shares.repository.js';
import { createBuiltInProfileService } from './built-in-profile-service.js';
import type { PlayerProfileService } from './player-profile-service.js';
import { createScoutSmartProfileService } from './scoutsmart-profile-service.js';

/** scoutSMART over HTTP when configured, else the built-in public profile pages. */
export function createProfileService(options: {
  scoutSmart: { apiUrl: string; apiKey: string } | undefined;
  shares: ProfileSharesRepository;
  publicUrl: string;
  pageRoute: string;
}): PlayerProfileService {
  return options.scoutSmart
    ? createScoutSmartProfileService(options.scoutSmart)
    : createBuiltInProfileService(options);
}
