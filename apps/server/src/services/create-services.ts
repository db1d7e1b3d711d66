import { PROFILE_PAGE_ROUTE, PUBLIC_VIDEO_ROUTE } from '@filmroom/contract';
import type { MediaInfo } from '@filmroom/vision/media';
import { assertPictureWithinLimit } from '../infra/media/picture-limit.js';
import type { Logger } from 'pino';
import type { Config } from '../config/env.js';
import type { PasswordHasher } from '../infra/crypto/argon2-password-hasher.js';
import type { Database } from '../infra/db/database.js';
import { createOneTimeTokensRepository } from '../infra/db/one-time-tokens.repository.js';
import { createQueuePositionsRepository } from '../infra/db/queue-positions.repository.js';
import { createProcessingRunsRepository } from '../infra/db/processing-runs.repository.js';
import { createPendingUploadsRepository } from '../infra/db/pending-uploads.repository.js';
import { createProfileSharesRepository } from '../infra/db/profile-shares.repository.js';
import { createRefreshTokensRepository } from '../infra/db/refresh-tokens.repository.js';
import { createUsersRepository } from '../infra/db/users.repository.js';
import { createVideosRepository } from '../infra/db/videos.repository.js';
import type { Mailer } from '../infra/mail/mailer.js';
import { cropPlayerPhoto } from '../infra/media/player-photo.js';
import { createLinkDownloader } from '../infra/media/link-download.js';
import { createLinkProbe } from '../infra/media/link-probe.js';
import {
  makeBrowserPlayable,
  makeThumbnail,
  playableActionFor,
} from '../infra/media/video-rendition.js';
import { createProfileService } from '../infra/profile/create-profile-service.js';
import type { JobSender } from '../infra/queue/job-sender.js';
import type { ObjectStorage } from '../infra/storage/object-storage.js';
import { createAccountMailService } from './accounts/account-mail.service.js';
import { createAccountService } from './accounts/account.service.js';
import { createFailedAttempts } from './accounts/failed-attempts.js';
import { createSignInAddresses } from './accounts/sign-in-addresses.js';
import { createSettingsService } from './accounts/settings.service.js';
import { createSportChoices } from './accounts/sport-choices.js';
import type { Clock } from './clock.js';
import { createMediaUrlSigner } from './media/signed-media-url.js';
import { discardProcessingFiles } from './processing/discard-processing-files.js';
import { createOwnerNotifier } from './mail/owner-notifier.js';
import { createProcessingNotifier } from './processing/processing-notifier.js';
import {
  createProcessingRunService,
  type EngineRunner,
} from './processing/processing-run.service.js';
import { createProcessingService } from './processing/processing.service.js';
import { createCutReviewService } from './processing/cut-review.service.js';
import { toolRegistry, type ToolRegistry } from './processing/tools/index.js';
import { createProfileSharingService } from './sharing/profile-sharing.service.js';
import { createAccessTokenService } from './tokens/access-token.service.js';
import { withKnownUsers } from './tokens/known-user-tokens.js';
import { withVerifiedTokenCache } from './tokens/verified-token-cache.js';
import { createOneTimeTokenService, oneTimeTokenTtlMs } from './tokens/one-time-token.service.js';
import { createRefreshTokenService } from './tokens/refresh-token.service.js';
import { createSessionService } from './tokens/session.service.js';
import { createImportFailureNotifier } from './videos/import-failure-notifier.js';
import type { RunningImports } from './videos/running-imports.js';
import { createVideoIngestService } from './videos/video-ingest.service.js';
import { createFailedVideoRetryService } from './videos/failed-video-retry.service.js';
import { createVideoIntakeService } from './videos/video-intake.service.js';
import { createVideoLibraryService } from './videos/video-library.service.js';

export type ServicesConfig = Config & { jwtSecret: string };

/** The adapters the services run on, opened by the process (main.ts) or a test. */
export interface ServiceInfra {
  db: Database;
  storage: ObjectStorage;
  mailer: Mailer;
  jobs: JobSender;
  clock: Clock;
  logger: Logger;
  passwords: PasswordHasher;
  /** Imports and engine runs in this process, so a cancel from the API stops them at once. */
  imports: RunningImports;
  engines: EngineRunner;
  /** Reads a media file's container and streams (ffprobe); fails with a MediaError if it is none. */
  probe(file: string, options?: { signal?: AbortSignal }): Promise<MediaInfo>;
  /** The processing tools; the real ones unless a test brings its own. */
  tools?: ToolRegistry;
  /** This process's folder for temporary files. */
  tmpDir: string;
  /** Prefix of the API routes; signed media URLs and shared-video links live under it. */
  apiPrefix: string;
}

/**
 * Every service of the app, wired once: the API role serves them over HTTP, the worker role runs
 * jobs with them, and the tests use the same wiring.
 */
export function createServices(config: ServicesConfig, infra: ServiceInfra) {
  const { db, storage, mailer, jobs, clock, logger } = infra;
  const tools = infra.tools ?? toolRegistry();
  const probe = (file: string, signal?: AbortSignal) => infra.probe(file, { signal });
  /** A user's film: its picture size is checked before anything decodes a frame of it. */
  const probeWithinLimit = async (file: string, signal?: AbortSignal): Promise<MediaInfo> => {
    await assertPictureWithinLimit(file, config.maxVideoPicture, { signal });
    return probe(file, signal);
  };
  const repositories = {
    users: createUsersRepository(db),
    videos: createVideosRepository(db),
    runs: createProcessingRunsRepository(db),
    shares: createProfileSharesRepository(db),
    pendingUploads: createPendingUploadsRepository(db),
  };
  const { users, videos, runs, shares } = repositories;
  const queuePositions = createQueuePositionsRepository(db);

  const accessTokens = withKnownUsers(
    withVerifiedTokenCache(
      createAccessTokenService({
        secret: config.jwtSecret,
        ttlSeconds: config.accessTokenTtlSeconds,
        clock,
      }),
      { clock },
    ),
    { exists: async (userId) => (await users.findById(userId)) !== undefined, clock },
  );
  const sessions = createSessionService({
    accessTokens,
    refreshTokens: createRefreshTokenService({
      repository: createRefreshTokensRepository(db),
      ttlDays: config.refreshTokenTtlDays,
      clock,
    }),
  });
  const oneTimeTokens = createOneTimeTokenService({
    repository: createOneTimeTokensRepository(db),
    ttlMs: oneTimeTokenTtlMs(config),
    clock,
  });
  const accountMails = createAccountMailService({
    users,
    oneTimeTokens,
    mailer,
    publicUrl: config.publicUrl,
    activationTtlHours: config.activationTokenTtlHours,
    resetTtlMinutes: config.resetTokenTtlMinutes,
  });
  const accounts = createAccountService({
    users,
    passwords: infra.passwords,
    oneTimeTokens,
    sessions,
    accountMails,
    jobs,
    clock,
    logger,
    loginAttempts: createFailedAttempts({
      max: config.loginAccountLimit.maxFailures,
      windowMs: config.loginAccountLimit.windowMs,
      clock,
    }),
    signInAddresses: createSignInAddresses({ clock }),
  });
  const settings = createSettingsService({
    users,
    passwords: infra.passwords,
    sessions,
    clock,
    // The login limiter's allowance and window (RATE_LIMIT_AUTH_MAX per minute).
    failedPasswordChecks: createFailedAttempts({
      max: config.rateLimitAuthMax,
      windowMs: 60_000,
      clock,
    }),
  });
  const sports = createSportChoices({ users, clock });
  const signer = createMediaUrlSigner({
    secret: config.jwtSecret,
    apiPrefix: infra.apiPrefix,
    clock,
    defaultTtlSeconds: config.mediaUrlTtlSeconds,
  });
  const sharing = createProfileSharingService({
    videos,
    users,
    shares,
    profile: createProfileService({
      scoutSmart: config.scoutSmart,
      shares,
      publicUrl: config.publicUrl,
      pageRoute: PROFILE_PAGE_ROUTE,
    }),
    publicUrl: config.publicUrl,
    publicVideoPath: `${infra.apiPrefix}${PUBLIC_VIDEO_ROUTE}`,
    logger,
  });
  const notifyOwner = createOwnerNotifier({ users, mailer, logger });
  const processing = createProcessingService({
    processing: runs,
    jobs,
    signer,
    clock,
    tools,
  });
  const library = createVideoLibraryService({
    videos,
    storage,
    signer,
    imports: infra.imports,
    clock,
    urlTtlSeconds: config.mediaUrlTtlSeconds,
    beforeDelete: (video) => sharing.unshare(video),
    discardJobFiles: (entry) => discardProcessingFiles(runs, storage, entry),
    entryBehind: async (output) => {
      const job = await runs.findDoneByOutput(output.userId, output.id);
      return job ? videos.findById(job.entryVideoId) : undefined;
    },
    afterErrorRead: (video) => runs.markErrorRead(video.id, clock()),
    jobsAheadByEntry: (userId) => queuePositions.jobsAheadByEntry(userId),
  });
  const intake = createVideoIntakeService({
    videos,
    storage,
    jobs,
    signer,
    allowHosts: config.ssrfAllowHosts,
    links: createLinkProbe({
      ytDlpPath: config.ytDlpPath,
      timeoutMs: config.linkProbeTimeoutMs,
      allowHosts: config.ssrfAllowHosts,
      iCloudResolveUrl: config.iCloudResolveUrl,
    }),
    processing,
    sports,
    probe: probeWithinLimit,
  });
  const ingest = createVideoIngestService({
    videos,
    storage,
    clock,
    logger,
    imports: infra.imports,
    media: {
      // Linked films are checked as uploads are: no oversized picture is ever decoded.
      probe: probeWithinLimit,
      thumbnail: makeThumbnail,
      playableAction: playableActionFor,
      makePlayable: makeBrowserPlayable,
    },
    links: createLinkDownloader({
      ytDlpPath: config.ytDlpPath,
      maxBytes: config.maxUploadBytes,
      timeoutMs: config.importTimeoutMs,
      allowHosts: config.ssrfAllowHosts,
      iCloudResolveUrl: config.iCloudResolveUrl,
    }),
    processing,
    notifyImportFailed: createImportFailureNotifier({ notifyOwner, publicUrl: config.publicUrl }),
    tmpDir: infra.tmpDir,
  });
  const retries = createFailedVideoRetryService({
    videos,
    runs,
    processing,
    jobs,
    clock,
  });
  const processingRuns = createProcessingRunService({
    videos,
    processing: runs,
    storage,
    clock,
    logger,
    imports: infra.imports,
    notify: createProcessingNotifier({ notifyOwner, publicUrl: config.publicUrl }),
    engines: infra.engines,
    media: {
      probe,
      thumbnail: makeThumbnail,
      cropPlayerPhoto,
    },
    tools,
    tmpDir: infra.tmpDir,
    staleAfterMs: config.jobStaleMs,
    timeLimit: config.processingTimeLimit,
  });
  const cutReview = createCutReviewService({
    videos,
    jobs,
    signer,
    storage,
    clock,
    logger,
    media: { probe, thumbnail: makeThumbnail },
    tmpDir: infra.tmpDir,
  });

  return {
    repositories,
    accessTokens,
    accounts,
    accountMails,
    settings,
    sports,
    signer,
    sharing,
    processing,
    processingRuns,
    cutReview,
    library,
    intake,
    ingest,
    retries,
  };
}

export type Services = ReturnType<typeof createServices>;
