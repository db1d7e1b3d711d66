import path from 'node:path';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Config } from '../config/env.js';
import {
  createArgon2PasswordHasher,
  type PasswordHasher,
} from '../infra/crypto/argon2-password-hasher.js';
import type { Database } from '../infra/db/database.js';
import { createOneTimeTokensRepository } from '../infra/db/one-time-tokens.repository.js';
import { createRefreshTokensRepository } from '../infra/db/refresh-tokens.repository.js';
import { createUsersRepository } from '../infra/db/users.repository.js';
import { createVideosRepository } from '../infra/db/videos.repository.js';
import { createProfileSharesRepository } from '../infra/db/profile-shares.repository.js';
import { createProfileService } from '../infra/profile/create-profile-service.js';
import { createProfileSharingService } from '../services/sharing/profile-sharing.service.js';
import { PROFILE_PAGE_ROUTE, PUBLIC_VIDEO_ROUTE, RoleName, SharingTexts } from '@filmroom/contract';
import { requireRole } from './plugins/require-role.js';
import { playerRoutes } from './routes/player.routes.js';
import { profilePageRoutes } from './routes/profile-page.routes.js';
import { publicMediaRoutes } from './routes/public-media.routes.js';
import type { JobSender } from '../infra/queue/job-sender.js';
import type { ObjectStorage } from '../infra/storage/object-storage.js';
import type { Mailer } from '../infra/mail/mailer.js';
import { createAccountService } from '../services/accounts/account.service.js';
import { createSettingsService } from '../services/accounts/settings.service.js';
import { systemClock, type Clock } from '../services/clock.js';
import { createAccessTokenService } from '../services/tokens/access-token.service.js';
import { createOneTimeTokenService } from '../services/tokens/one-time-token.service.js';
import { createRefreshTokenService } from '../services/tokens/refresh-token.service.js';
import { createSessionService } from '../services/tokens/session.service.js';
import { createMediaUrlSigner } from '../services/media/signed-media-url.js';
import { RunningImports } from '../services/videos/running-imports.js';
import { createVideoIntakeService } from '../services/videos/video-intake.service.js';
import { createVideoLibraryService } from '../services/videos/video-library.service.js';
import { authenticate } from './plugins/authenticate.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { API_PREFIX, registerWebApp } from './plugins/web-app.js';
import { accountRoutes } from './routes/account.routes.js';
import { healthRoutes } from './routes/health.routes.js';
import { mediaRoutes } from './routes/media.routes.js';
import { settingsRoutes } from './routes/settings.routes.js';
import { videosRoutes } from './routes/videos.routes.js';
import { processingRoutes } from './routes/processing.routes.js';
import { createProcessingJobsRepository } from '../infra/db/processing-jobs.repository.js';
import { createProcessingService } from '../services/processing/processing.service.js';
import { discardProcessingFiles } from '../services/processing/discard-processing-files.js';

export type AppConfig = Config & { jwtSecret: string };

export interface AppDeps {
  db: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
  clock?: Clock;
  passwords?: PasswordHasher;
  storage: ObjectStorage;
  jobs: JobSender;
  /** Imports running in this process (shared with its worker role, so a cancel stops them). */
  imports?: RunningImports;
}

const HOUR_MS = 3_600_000;

/** The HTTP application: API under /api plus the SPA. The caller owns and closes db and mailer. */
export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const passwords = deps.passwords ?? createArgon2PasswordHasher();
  const users = createUsersRepository(deps.db);
  const accessTokens = createAccessTokenService({
    secret: config.jwtSecret,
    ttlSeconds: config.accessTokenTtlSeconds,
    clock,
  });
  const sessions = createSessionService({
    accessTokens,
    refreshTokens: createRefreshTokenService({
      repository: createRefreshTokensRepository(deps.db),
      ttlDays: config.refreshTokenTtlDays,
      clock,
    }),
  });
  const oneTimeTokens = createOneTimeTokenService({
    repository: createOneTimeTokensRepository(deps.db),
    ttlMs: {
      activation: config.activationTokenTtlHours * HOUR_MS,
      password_reset: config.resetTokenTtlMinutes * 60_000,
    },
    clock,
  });
  const accounts = createAccountService({
    users,
    passwords,
    oneTimeTokens,
    sessions,
    mailer: deps.mailer,
    clock,
    logger: deps.logger,
    publicUrl: config.publicUrl,
    activationTtlHours: config.activationTokenTtlHours,
    resetTtlMinutes: config.resetTokenTtlMinutes,
  });
  const settings = createSettingsService({ users, passwords, sessions, clock });
  const videos = createVideosRepository(deps.db);
  const signer = createMediaUrlSigner({
    secret: config.jwtSecret,
    apiPrefix: API_PREFIX,
    clock,
    defaultTtlSeconds: config.mediaUrlTtlSeconds,
  });
  const shares = createProfileSharesRepository(deps.db);
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
    publicVideoPath: `${API_PREFIX}${PUBLIC_VIDEO_ROUTE}`,
    logger: deps.logger,
  });
  const processingJobs = createProcessingJobsRepository(deps.db);
  const processing = createProcessingService({
    processing: processingJobs,
    jobs: deps.jobs,
    signer,
    clock,
  });
  const library = createVideoLibraryService({
    videos,
    storage: deps.storage,
    signer,
    imports: deps.imports ?? new RunningImports(),
    clock,
    beforeDelete: (video) => sharing.unshare(video),
    discardJobFiles: (entry) => discardProcessingFiles(processingJobs, deps.storage, entry),
    entryBehind: async (output) => {
      const job = await processingJobs.findDoneByOutput(output.userId, output.id);
      return job ? videos.findById(job.entryVideoId) : undefined;
    },
    afterErrorRead: (video) => processingJobs.markErrorRead(video.id, clock()),
  });
  const intake = createVideoIntakeService({
    videos,
    storage: deps.storage,
    jobs: deps.jobs,
    signer,
    allowHosts: config.ssrfAllowHosts,
    processing,
  });

  const app = Fastify({
    loggerInstance: deps.logger,
    trustProxy: config.trustProxy,
    // Signed media URLs carry the storage key in the path (about 150 characters).
    routerOptions: { maxParamLength: 500 },
  });
  app.decorateRequest('userId', '');
  registerErrorHandler(app);
  await registerSecurityHeaders(app);
  await registerRateLimit(app);

  await app.register(
    async (api) => {
      await api.register(healthRoutes(deps.db));
      await api.register(accountRoutes({ accounts, rateLimitMax: config.rateLimitAuthMax }));
      await api.register(settingsRoutes({ settings, authenticate: authenticate(accessTokens) }));
      await api.register(mediaRoutes({ storage: deps.storage, signer }));
      await api.register(publicMediaRoutes({ storage: deps.storage, sharing }));
      await api.register(
        playerRoutes({
          sharing,
          requirePlayer: requireRole(accessTokens, RoleName.Player, SharingTexts.playersOnly),
        }),
      );
      await api.register(async (scope) => {
        await scope.register(multipart, {
          limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10, parts: 20 },
        });
        await scope.register(
          videosRoutes({
            library,
            intake,
            authenticate: authenticate(accessTokens),
            tmpDir: path.join(config.dataDir, 'tmp'),
            maxUploadBytes: config.maxUploadBytes,
          }),
        );
        await scope.register(
          processingRoutes({ processing, authenticate: authenticate(accessTokens) }),
        );
      });
    },
    { prefix: API_PREFIX },
  );
  await app.register(profilePageRoutes({ sharing }));
  await registerWebApp(app, config.webDistDir);
  return app;
}
