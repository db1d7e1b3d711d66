import {
  DEFAULT_SPORT,
  SPORT_IDS,
  TOOL_IDS,
  VideoSource,
  type ChosenPlayers,
  type Sport,
  type TeamLetter,
  type Tool,
  type VideoChapter,
} from '@filmroom/contract';
import type { CutAnalysis, TrackingSummary } from '@filmroom/vision/engine';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    /** The sport the upload dialog preselects: the one chosen for the user's last run. */
    sport: text('sport', { enum: SPORT_IDS as [Sport, ...Sport[]] })
      .notNull()
      .default(DEFAULT_SPORT),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    replacedById: uuid('replaced_by_id'),
    createdAt: createdAt(),
  },
  (table) => [
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

export const ONE_TIME_TOKEN_KINDS = ['activation', 'password_reset'] as const;
export type OneTimeTokenKind = (typeof ONE_TIME_TOKEN_KINDS)[number];

export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ONE_TIME_TOKEN_KINDS }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [index('one_time_tokens_user_kind_idx').on(table.userId, table.kind)],
);

export type UserRow = typeof users.$inferSelect;

/** Where a video came from. */
export const VIDEO_SOURCES = [
  VideoSource.Upload,
  VideoSource.Platform,
  VideoSource.Cloud,
  VideoSource.Library,
] as const;
export type { VideoSource };

/** The coach's cuts of an output (source time): the level they started from and what is kept. */
export interface CoachCuts {
  level: number;
  kept: { start: number; end: number }[];
}

/** An output's reviewed cuts: the last rendered, and those being rendered (null when none). */
export interface StoredCutReview {
  saved: CoachCuts | null;
  rendering: CoachCuts | null;
}

/**
 * importing: a link is being downloaded; ingesting: stored, thumbnail/rendition being made;
 * ready: playable; failed: import or ingest failed (errorMessage says why); done: a processing
 * entry whose job finished (its output is a new library video; an uploaded source stays stored).
 */
export const VIDEO_STATUSES = ['importing', 'ingesting', 'ready', 'failed', 'done'] as const;
export type VideoStatus = (typeof VIDEO_STATUSES)[number];

export const videos = pgTable(
  'videos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    notes: text('notes').notNull().default(''),
    /**
     * The tools this video went through, a set of tool ids: an output's are its source's plus the
     * tool that made it; a processing entry's is the tool it asks for. The API shows it as VideoType.
     */
    tools: text('tools')
      .array()
      .$type<Tool[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The tool a processing entry asks for; null for a video added to the library (or made by a tool). */
    requestedTool: text('requested_tool', { enum: TOOL_IDS as [Tool, ...Tool[]] }),
    source: text('source', { enum: VIDEO_SOURCES }).notNull(),
    /** The link for platform and cloud imports. */
    sourceUrl: text('source_url'),
    /** The library video a processing request started from (processing/library). */
    parentVideoId: uuid('parent_video_id'),
    status: text('status', { enum: VIDEO_STATUSES }).notNull(),
    /** Import or processing progress, 0-100. */
    percentageCompleted: integer('percentage_completed').notNull().default(0),
    errorMessage: text('error_message').notNull().default(''),
    errorAlreadyMarkedAsReaded: boolean('error_read').notNull().default(false),
    canSelectPlayers: boolean('can_select_players').notNull().default(false),
    originalFileName: text('original_file_name').notNull().default(''),
    sourceKey: text('source_key'),
    playableKey: text('playable_key'),
    thumbnailKey: text('thumbnail_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    durationSec: real('duration_sec'),
    width: integer('width'),
    height: integer('height'),
    videoCodec: text('video_codec'),
    audioCodec: text('audio_codec'),
    /** A tool's output: the tool that made it (null for videos users added). */
    madeByTool: text('made_by_tool', { enum: TOOL_IDS as [Tool, ...Tool[]] }),
    /** A tool's output: the length of the film it was made from (s). */
    sourceDurationSec: real('source_duration_sec'),
    /** A tool's output: its kept plays or player clips in its own timeline (s). */
    chapters: jsonb('chapters').$type<VideoChapter[]>(),
    /** A Player Tracking output: the team and numbers chosen for it. */
    chosenPlayers: jsonb('chosen_players').$type<ChosenPlayers>(),
    /** An Inactivity Filter output: the analysis its cuts are reviewed and re-decided from. */
    cutAnalysis: jsonb('cut_analysis').$type<CutAnalysis>(),
    /** An Inactivity Filter output: the coach's reviewed cuts, saved and being rendered. */
    cutReview: jsonb('cut_review').$type<StoredCutReview>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('videos_user_created_idx').on(table.userId, table.createdAt),
    index('videos_status_idx').on(table.status),
  ],
);

export type VideoRow = typeof videos.$inferSelect;

/** A player's public profile on the built-in profile service; the handle is the page address. */
export const playerProfiles = pgTable('player_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  handle: text('handle').notNull().unique(),
  createdAt: createdAt(),
});

/** A video shared to its owner's profile; `publicToken` is its login-free, non-expiring address. */
export const profileShares = pgTable(
  'profile_shares',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: uuid('video_id')
      .notNull()
      .unique()
      .references(() => videos.id, { onDelete: 'cascade' }),
    publicToken: text('public_token').notNull().unique(),
    createdAt: createdAt(),
  },
  (table) => [index('profile_shares_user_created_idx').on(table.userId, table.createdAt)],
);

export type PlayerProfileRow = typeof playerProfiles.$inferSelect;
export type ProfileShareRow = typeof profileShares.$inferSelect;

/** The tracking analysis kept on a processing job, with the storage keys of the player photos. */
export interface StoredAnalysis extends TrackingSummary {
  /** Player id (`TrackingPlayer.id`) → storage key of a JPEG crop of that player. */
  photos: Record<string, string>;
}

/** The select-players payload as stored on the job (trimmed). */
export interface StoredSelection {
  title: string;
  description: string;
  notes: string;
  teamLetter: TeamLetter;
  selectedPlayers: number[];
  /** Players picked by photo (by id); absent on selections stored before there were any. */
  selectedPlayerIds?: string[];
}

/** Processing tools a job runs. */
export const PROCESSING_TOOLS = TOOL_IDS as [Tool, ...Tool[]];

/**
 * queued: waiting for its source (upload/import) or a worker; analysing: engine running;
 * awaiting-selection: tracking analysis stored, the user picks players; rendering: clips being made;
 * done / failed / cancelled: finished.
 */
export const PROCESSING_STATES = [
  'queued',
  'analysing',
  'awaiting-selection',
  'rendering',
  'done',
  'failed',
  'cancelled',
] as const;
export type ProcessingState = (typeof PROCESSING_STATES)[number];

/** One processing run. Its in-progress entry is a videos row (`entryVideoId`); the output is a new one. */
export const processingRuns = pgTable(
  'processing_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The in-progress entry; cancelling deletes it, which deletes this row too. */
    entryVideoId: uuid('entry_video_id')
      .notNull()
      .unique()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** The video whose file is processed (the library video, or the entry itself for uploads). */
    sourceVideoId: uuid('source_video_id').notNull(),
    /** The tool the run runs. */
    tool: text('tool', { enum: PROCESSING_TOOLS }).notNull(),
    /** The sport chosen for the run (or "auto"), handed to the engine; null on runs made before. */
    sport: text('sport', { enum: SPORT_IDS as [Sport, ...Sport[]] }),
    state: text('state', { enum: PROCESSING_STATES }).notNull().default('queued'),
    percentageCompleted: integer('percentage_completed').notNull().default(0),
    errorMessage: text('error_message').notNull().default(''),
    errorAlreadyMarkedAsReaded: boolean('error_read').notNull().default(false),
    canSelectPlayers: boolean('can_select_players').notNull().default(false),
    /** Tracking analysis: teams, players (numbered and by photo), photos by player id. */
    analysis: jsonb('analysis').$type<StoredAnalysis>(),
    /** The select-players payload (title, description, notes, teamLetter, selectedPlayers). */
    selection: jsonb('selection').$type<StoredSelection>(),
    /** Reserved before any output object is stored, so a retry can remove a partial output. */
    outputVideoId: uuid('output_video_id'),
    attempt: integer('attempt').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('processing_runs_user_state_idx').on(table.userId, table.state)],
);

export type ProcessingRunRow = typeof processingRuns.$inferSelect;

/**
 * A queued job being run by a worker (one row per pg-boss job, replaced by each attempt). The worker
 * touches `heartbeat_at` while it runs; a lease left stale means its worker died mid-run, and the
 * job is failed in the queue so that it is retried (see jobs/recover-orphaned-jobs.ts).
 */
export const jobLeases = pgTable(
  'job_leases',
  {
    jobId: uuid('job_id').primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    /** pg-boss's retry count of the run holding the lease (0 on the first run). */
    attempt: integer('attempt').notNull(),
    /** host:pid of the process running it. */
    worker: text('worker').notNull(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('job_leases_heartbeat_idx').on(table.heartbeatAt)],
);

/**
 * A counter per user that moves whenever any of their videos is inserted, changed or deleted, kept by
 * a trigger on `videos` (drizzle/0006_library_versions.sql) so that every writer, in every process,
 * moves it. The API keeps each user's library list built until the counter moves.
 * No foreign key: deleting a user deletes their videos, whose trigger writes here in that statement.
 */
export const libraryVersions = pgTable('library_versions', {
  userId: uuid('user_id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

/**
 * A resumable upload begun and not yet turned into a video (or given up, or expired): what lets an
 * api instance refuse a user's next upload past their cap on unfinished uploads and their declared
 * bytes, whichever instance took the others.
 */
export const pendingUploads = pgTable(
  'pending_uploads',
  {
    uploadId: uuid('upload_id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What the upload declared it will send (the upload limit when it defers its length). */
    declaredBytes: bigint('declared_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('pending_uploads_user_idx').on(table.userId)],
);
