import { randomBytes } from 'node:crypto';
import {
  Messages,
  SharingTexts,
  type AddVideoToProfileResponse,
  type PlayerProfileResponse,
} from '@filmroom/contract';
import type {
  ProfileSharesRepository,
  SharedVideo,
} from '../../infra/db/profile-shares.repository.js';
import type { UsersRepository } from '../../infra/db/users.repository.js';
import type { Video, VideosRepository } from '../../infra/db/videos.repository.js';
import type {
  PlayerProfileService,
  ProfilePlayer,
  ProfileVideo,
} from '../../infra/profile/player-profile-service.js';
import { AppError } from '../errors.js';
import { isLibraryVideo } from '../videos/is-library-video.js';
import { downloadName, extensionOf } from '../videos/video-keys.js';

/** A stored object a public link serves, with the name a download gets. */
export interface PublicMedia {
  key: string;
  downloadName: string;
}

/** What the public profile page shows. */
export interface PublicProfile {
  player: { firstName: string; lastName: string; role: string };
  videos: ProfileVideo[];
}

interface Logger {
  error(details: object, message: string): void;
}

const notFound = () => new AppError(404, Messages.notFound);
const unavailable = () => new AppError(502, SharingTexts.profileUnavailable);

/** 128 random bits, URL-safe: the only secret behind a shared video's public address. */
function newPublicToken(): string {
  return randomBytes(16).toString('base64url');
}

const PUBLIC_TOKEN = /^[A-Za-z0-9_-]{22}$/;

/**
 * Players share library videos to their profile. A share gives the video a public, non-expiring
 * address that works until the share or the video is gone; unshared videos stay behind signed URLs.
 */
export function createProfileSharingService(deps: {
  videos: VideosRepository;
  users: UsersRepository;
  shares: ProfileSharesRepository;
  profile: PlayerProfileService;
  /** Absolute base of public links (PUBLIC_URL). */
  publicUrl: string;
  /** Path of the public video route under the API prefix, e.g. `/api/public/videos`. */
  publicVideoPath: string;
  logger: Logger;
}) {
  const { videos, users, shares, profile } = deps;

  async function playerOf(userId: string): Promise<ProfilePlayer> {
    const user = await users.findById(userId);
    if (!user) throw notFound();
    const { id, firstName, lastName, email, role } = user;
    return { id, firstName, lastName, email, role };
  }

  function profileVideo({ share, video }: SharedVideo): ProfileVideo {
    const base = `${deps.publicUrl}${deps.publicVideoPath}/${share.publicToken}`;
    return {
      id: video.id,
      title: video.title,
      description: video.description,
      date: video.createdAt.toISOString(),
      videoUrl: base,
      downloadUrl: `${base}?download=1`,
      thumbnailUrl: video.thumbnailKey ? `${base}/thumbnail` : null,
      durationSec: video.durationSec,
    };
  }

  /** Only what the owner sees in the library; an in-progress entry's raw upload never goes public. */
  function isShareable(video: Video): boolean {
    return isLibraryVideo(video) && Boolean(video.playableKey ?? video.sourceKey);
  }

  return {
    async share(userId: string, videoId: string): Promise<AddVideoToProfileResponse> {
      const video = await videos.findOwned(userId, videoId);
      if (!video || !isShareable(video)) throw notFound();
      if (await shares.findByVideo(video.id)) throw new AppError(409, SharingTexts.alreadyShared);
      const share = await shares.create({
        userId,
        videoId: video.id,
        publicToken: newPublicToken(),
      });
      // A concurrent share of the same video won the unique constraint.
      if (!share) throw new AppError(409, SharingTexts.alreadyShared);
      const shown = profileVideo({ share, video });
      try {
        await profile.addVideo(await playerOf(userId), shown);
      } catch (error) {
        await shares.deleteByVideo(video.id);
        if (error instanceof AppError) throw error;
        deps.logger.error({ err: error, videoId }, 'Adding a video to the profile failed');
        throw unavailable();
      }
      return {
        videoId: video.id,
        publicVideoUrl: shown.videoUrl,
        sharedAt: share.createdAt.toISOString(),
      };
    },

    async profileUrl(userId: string): Promise<PlayerProfileResponse> {
      const player = await playerOf(userId);
      try {
        return { playerProfileUrl: await profile.profileUrl(player) };
      } catch (error) {
        deps.logger.error({ err: error }, 'Finding the profile address failed');
        throw unavailable();
      }
    },

    /** Takes a video off its owner's profile; a no-op when it was never shared. */
    async unshare(video: Pick<Video, 'id' | 'userId'>): Promise<void> {
      const share = await shares.findByVideo(video.id);
      if (!share) return;
      // The public address stops working first; a profile service outage must not keep it alive.
      await shares.deleteByVideo(video.id);
      try {
        await profile.removeVideo(video.userId, video.id);
      } catch (error) {
        deps.logger.error(
          { err: error, videoId: video.id },
          'Removing a video from the profile failed',
        );
      }
    },

    /** The stored object behind a public address, or undefined (unknown token, unshared, deleted). */
    async publicMedia(
      publicToken: string,
      variant: 'video' | 'thumbnail',
    ): Promise<PublicMedia | undefined> {
      if (!PUBLIC_TOKEN.test(publicToken)) return undefined;
      const found = await shares.findByToken(publicToken);
      if (!found) return undefined;
      const { video } = found;
      const key =
        variant === 'thumbnail' ? video.thumbnailKey : (video.playableKey ?? video.sourceKey);
      if (!key) return undefined;
      return { key, downloadName: downloadName(video.title, extensionOf(key)) };
    },

    /** The built-in profile page's content, or undefined for an unknown handle. */
    async publicProfile(handle: string): Promise<PublicProfile | undefined> {
      const found = await shares.findProfileByHandle(handle);
      if (!found) return undefined;
      const user = await users.findById(found.userId);
      if (!user) return undefined;
      const rows = await shares.listForUser(user.id);
      return {
        player: { firstName: user.firstName, lastName: user.lastName, role: user.role },
        videos: rows.map(profileVideo),
      };
    },
  };
}

export type ProfileSharingService = ReturnType<typeof createProfileSharingService>;
