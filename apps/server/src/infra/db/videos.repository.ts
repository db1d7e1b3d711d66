import type { Tool } from '@filmroom/contract';
import { and, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Database } from './database.js';
import {
  libraryVersions,
  processingRuns,
  videos,
  type CoachCuts,
  type VideoRow,
  type VideoSource,
  type VideoStatus,
} from './schema.js';

export type Video = VideoRow;

export interface NewVideo {
  id?: string;
  userId: string;
  title: string;
  /** The tools the video went through (a processing entry: the one it asks for). */
  tools: Tool[];
  /** The tool a processing entry asks for; null for a library video. */
  requestedTool: Tool | null;
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
    | 'tools'
    | 'requestedTool'
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
    | 'chapters'
    | 'cutReview'
  >
>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids come from URLs: anything that is not a UUID cannot name a video (and must not reach SQL casts). */
export function isVideoId(id: string): boolean {
  return UUID.test(id);
}

/** The columns the library list shows (spec §3 library video). */
const libraryColumns = {
  id: videos.id,
  title: videos.title,
  description: videos.description,
  notes: videos.notes,
  tools: videos.tools,
  canSelectPlayers: videos.canSelectPlayers,
  createdAt: videos.createdAt,
  playableKey: videos.playableKey,
  sourceKey: videos.sourceKey,
  thumbnailKey: videos.thumbnailKey,
  durationSec: videos.durationSec,
  madeByTool: videos.madeByTool,
  sourceDurationSec: videos.sourceDurationSec,
  chapters: videos.chapters,
  chosenPlayers: videos.chosenPlayers,
  cutReview: videos.cutReview,
  // the analysis itself can be large: the list only says whether there is one
  hasCutAnalysis: sql<boolean>`${videos.cutAnalysis} is not null`.as('has_cut_analysis'),
};
/** A list row, or a whole row (whose analysis says whether there is one). */
export type LibraryVideoRow = Pick<Video, Exclude<keyof typeof libraryColumns, 'hasCutAnalysis'>> &
  ({ hasCutAnalysis: boolean } | Pick<Video, 'cutAnalysis'>);

/** The columns the in-progress list shows (spec §3 in-progress video). */
const inProgressColumns = {
  id: videos.id,
  title: videos.title,
  tools: videos.tools,
  canSelectPlayers: videos.canSelectPlayers,
  createdAt: videos.createdAt,
  percentageCompleted: videos.percentageCompleted,
  errorMessage: videos.errorMessage,
  errorAlreadyMarkedAsReaded: videos.errorAlreadyMarkedAsReaded,
};
export type InProgressVideoRow = Pick<Video, keyof typeof inProgressColumns>;

export function createVideosRepository(db: Database) {
  // The lists are the most frequent reads: their SQL is built once, and PostgreSQL plans it once
  // per connection (named prepared statements).
  const owner = sql.placeholder('userId');
  const listLibrary = db
    .select(libraryColumns)
    .from(videos)
    .where(
      and(
        eq(videos.userId, owner),
        isNull(videos.requestedTool),
        inArray(videos.status, ['ingesting', 'ready']),
      ),
    )
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .prepare('videos_list_library');
  const libraryVersion = db
    .select({ version: libraryVersions.version })
    .from(libraryVersions)
    .where(eq(libraryVersions.userId, owner))
    .prepare('videos_library_version');
  const listInProgress = db
    .select(inProgressColumns)
    .from(videos)
    .where(
      and(
        eq(videos.userId, owner),
        or(
          eq(videos.status, 'importing'),
          and(eq(videos.status, 'failed'), eq(videos.errorAlreadyMarkedAsReaded, false)),
          and(isNotNull(videos.requestedTool), inArray(videos.status, ['ingesting', 'ready'])),
        ),
      ),
    )
    .orderBy(desc(videos.createdAt), desc(videos.id))
    .prepare('videos_list_in_progress');

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
    listLibrary(userId: string): Promise<LibraryVideoRow[]> {
      return listLibrary.execute({ userId });
    },

    /** A number that changes whenever any of the user's videos is added, changed or deleted. */
    async libraryVersion(userId: string): Promise<number> {
      const [row] = await libraryVersion.execute({ userId });
      return row?.version ?? 0;
    },

    /**
     * Videos still on their way: link imports, processing requests not yet finished, and failures
     * the user has not dismissed; newest first.
     */
    listInProgress(userId: string): Promise<InProgressVideoRow[]> {
      return listInProgress.execute({ userId });
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

    /**
     * Marks the coach's cuts of an output as rendering, unless others are rendering already:
     * undefined then (or when the video is not the user's).
     */
    async startCutRender(
      userId: string,
      id: string,
      rendering: CoachCuts,
      now: Date,
    ): Promise<Video | undefined> {
      if (!isVideoId(id)) return undefined;
      const [video] = await db
        .update(videos)
        .set({
          cutReview: sql`jsonb_build_object('saved', coalesce(${videos.cutReview}->'saved', 'null'::jsonb), 'rendering', ${JSON.stringify(rendering)}::jsonb)`,
          updatedAt: now,
        })
        .where(
          and(
            eq(videos.id, id),
            eq(videos.userId, userId),
            or(isNull(videos.cutReview), sql`${videos.cutReview}->'rendering' = 'null'::jsonb`),
          ),
        )
        .returning();
      return video;
    },

    /** A failed video whose error its owner has not opened starts again; undefined otherwise. */
    async restartFailed(id: string, changes: VideoChanges, now: Date): Promise<Video | undefined> {
      const [video] = await db
        .update(videos)
        .set({ ...changes, errorMessage: '', updatedAt: now })
        .where(
          and(
            eq(videos.id, id),
            eq(videos.status, 'failed'),
            eq(videos.errorAlreadyMarkedAsReaded, false),
          ),
        )
        .returning();
      return video;
    },

    /**
     * Deletes the video and, for a processing entry, its job. The job row goes first: a running job's
     * progress update locks its job row, then its entry row, and a delete that reached the job only
     * through the entry's cascade took the same two rows in the opposite order (a deadlock).
     */
    async delete(id: string): Promise<boolean> {
      return db.transaction(async (tx) => {
        await tx.delete(processingRuns).where(eq(processingRuns.entryVideoId, id));
        const deleted = await tx
          .delete(videos)
          .where(eq(videos.id, id))
          .returning({ id: videos.id });
        return deleted.length > 0;
      });
    },
  };
}

export type VideosRepository = ReturnType<typeof createVideosRepository>;
