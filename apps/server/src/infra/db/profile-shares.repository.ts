import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from './database.js';
import {
  playerProfiles,
  profileShares,
  videos,
  type PlayerProfileRow,
  type ProfileShareRow,
  type VideoRow,
} from './schema.js';

export type ProfileShare = ProfileShareRow;
export type PlayerProfile = PlayerProfileRow;

export interface SharedVideo {
  share: ProfileShare;
  video: VideoRow;
}

/** Shares of videos to their owners' profiles, and the built-in profile pages' handles. */
export function createProfileSharesRepository(db: Database) {
  return {
    /** Undefined when the video is already shared (one share per video). */
    async create(values: {
      userId: string;
      videoId: string;
      publicToken: string;
    }): Promise<ProfileShare | undefined> {
      const [share] = await db
        .insert(profileShares)
        .values(values)
        .onConflictDoNothing({ target: profileShares.videoId })
        .returning();
      return share;
    },

    async findByVideo(videoId: string): Promise<ProfileShare | undefined> {
      const [share] = await db
        .select()
        .from(profileShares)
        .where(eq(profileShares.videoId, videoId))
        .limit(1);
      return share;
    },

    /** The shared video behind a public token; undefined once unshared or deleted. */
    async findByToken(publicToken: string): Promise<SharedVideo | undefined> {
      const [row] = await db
        .select({ share: profileShares, video: videos })
        .from(profileShares)
        .innerJoin(videos, eq(videos.id, profileShares.videoId))
        .where(eq(profileShares.publicToken, publicToken))
        .limit(1);
      return row;
    },

    /** A player's shared, playable videos, newest share first. */
    async listForUser(userId: string): Promise<SharedVideo[]> {
      return db
        .select({ share: profileShares, video: videos })
        .from(profileShares)
        .innerJoin(videos, eq(videos.id, profileShares.videoId))
        .where(
          and(eq(profileShares.userId, userId), inArray(videos.status, ['ingesting', 'ready'])),
        )
        .orderBy(desc(profileShares.createdAt), desc(profileShares.id));
    },

    async deleteByVideo(videoId: string): Promise<boolean> {
      const deleted = await db
        .delete(profileShares)
        .where(eq(profileShares.videoId, videoId))
        .returning({ id: profileShares.id });
      return deleted.length > 0;
    },

    /** The player's profile handle, created with `newHandle` on first use. */
    async ensureProfile(userId: string, newHandle: string): Promise<PlayerProfile> {
      await db.insert(playerProfiles).values({ userId, handle: newHandle }).onConflictDoNothing();
      const [profile] = await db
        .select()
        .from(playerProfiles)
        .where(eq(playerProfiles.userId, userId))
        .limit(1);
      if (!profile) throw new Error('Creating a player profile returned no row');
      return profile;
    },

    async findProfileByHandle(handle: string): Promise<PlayerProfile | undefined> {
      const [profile] = await db
        .select()
        .from(playerProfiles)
        .where(eq(playerProfiles.handle, handle))
        .limit(1);
      return profile;
    },
  };
}

export type ProfileSharesRepository = ReturnType<typeof createProfileSharesRepository>;
