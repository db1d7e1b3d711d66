import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from './database.js';
import { videos, type VideoRow, type VideoSource, type VideoStatus } from './schema.js';

export type Video = VideoRow;

export interface NewVideo {
  id?: string;
  userId: string;
  title: string;
  type: number;
  requestedTool: number;
  source: VideoSource;
  sourceUrl?: string;
  parentVideoId?: string;
  status: VideoStatus;
  percentageCompleted?: number;
  originalFileName?: string;
  sourceKey?: string;
  sizeBytes?: number;
}

export type VideoChanges = Partial<
  Pick<
    Video,
    | 'title'
    | 'description'
    | 'notes'
    | 'status'
    | 'percentageCompleted'
    | 'errorMessage'
    | 'errorAlreadyMarkedAsReaded'
    | 'sourceKey'
    | 'playableKey'
    | 'thumbnailKey'
    | 'sizeBytes'
    | 'durationSec'
    | 'width'
    | 'height'
    | 'videoCodec'
    | 'audioCodec'
  >
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs: anything that is not a UUID cannot name a video (and must not reach SQL casts). */
export function isVideoId(id: string): boolean {
  return UUID.test(id);
}

export function createVideosRepository(db: Database) {
  return {
    async create(values: NewVideo): Promise<Video> {
      const [video] = await db.insert(videos).values(values).returning();
      if (!video) throw new Error('Inserting a video returned no row');
      return video;
    },

    async findById(id: string): Promise<Video | undefined> {
      if (!isVideoId(id)) return undefined;
      const [video] = await db.select().from(videos).where(eq(videos.id, id)).limit(1);
      return video;
    },

    /** The video when `userId` owns it; another user's or an unknown id gives undefined. */
    async findOwned(userId: string, id: string): Promise<Video | undefined> {
      if (!isVideoId(id)) return undefined;
      const [video] = await db
        .select()
        .from(videos)
        .where(and(eq(videos.id, id), eq(videos.userId, userId)))
        .limit(1);
      return video;
    },

    /** Library videos: uploaded to the library, stored (ready or still ingesting); newest first. */
    async listLibrary(userId: string): Promise<Video[]> {
      return db
        .select()
        .from(videos)
        .where(
          and(
            eq(videos.userId, userId),
            eq(videos.requestedTool, 3),
            inArray(videos.status, ['ingesting', 'ready']),
          ),
        )
        .orderBy(desc(videos.createdAt), desc(videos.id));
    },

    /**
     * Videos still on their way: link imports, processing requests not yet finished, and failures
     * the user has not dismissed; newest first.
     */
    async listInProgress(userId: string): Promise<Video[]> {
      return db
        .select()
        .from(videos)
        .where(
          and(
            eq(videos.userId, userId),
            or(
              eq(videos.status, 'importing'),
              and(eq(videos.status, 'failed'), eq(videos.errorAlreadyMarkedAsReaded, false)),
              and(
                sql`${videos.requestedTool} <> 3`,
                inArray(videos.status, ['ingesting', 'ready']),
              ),
            ),
          ),
        )
        .orderBy(desc(videos.createdAt), desc(videos.id));
    },

    /** Undefined when the row is gone (deleted or cancelled meanwhile). */
    async update(id: string, changes: VideoChanges, now: Date): Promise<Video | undefined> {
      const [video] = await db
        .update(videos)
        .set({ ...changes, updatedAt: now })
        .where(eq(videos.id, id))
        .returning();
      return video;
    },

    async delete(id: string): Promise<boolean> {
      const deleted = await db.delete(videos).where(eq(videos.id, id)).returning({ id: videos.id });
      return deleted.length > 0;
    },
  };
}

export type VideosRepository = ReturnType<typeof createVideosRepository>;
