import type { ProfileSharesRepository } from '../db/profile-shares.repository.js';
import type { PlayerProfileService, ProfilePlayer } from './player-profile-service.js';
import { newProfileHandle } from './profile-handle.js';

/**
 * This application hosts the profile: a public page at `/p/<handle>` listing the player's shares,
 * so adding or removing a video needs nothing beyond the share row itself.
 */
export function createBuiltInProfileService(deps: {
  shares: ProfileSharesRepository;
  publicUrl: string;
  pageRoute: string;
}): PlayerProfileService {
  const ensureHandle = async (player: ProfilePlayer) =>
    (
      await deps.shares.ensureProfile(
        player.id,
        newProfileHandle(player.firstName, player.lastName),
      )
    ).handle;

  return {
    kind: 'built-in',
    async addVideo(player) {
      await ensureHandle(player);
    },
    async removeVideo() {},
    async profileUrl(player) {
      return `${deps.publicUrl}${deps.pageRoute}/${encodeURIComponent(await ensureHandle(player))}`;
    },
  };
}
