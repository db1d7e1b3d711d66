import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { RoleName, SharingTexts } from '@filmroom/contract';
import type { Database } from '../infra/db/database.js';
import type { ObjectStorage } from '../infra/storage/object-storage.js';
import type { ResumableUploadStore } from '../infra/storage/resumable-upload-store.js';
import type { Services, ServicesConfig } from '../services/create-services.js';
import { createResumableUploadService } from '../services/videos/resumable-upload.service.js';
import { createUploadSlots } from '../services/videos/upload-slots.js';
import { authenticate } from './plugins/authenticate.js';
import { registerCompression } from './plugins/compression.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { registerRateLimit } from './plugins/rate-limit.js';
import { requireRole } from './plugins/require-role.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { API_PREFIX, registerWebApp } from './plugins/web-app.js';
import { accountRoutes } from './routes/account.routes.js';
import { healthRoutes } from './routes/health.routes.js';
import { mediaRoutes } from './routes/media.routes.js';
import { playerRoutes } from './routes/player.routes.js';
import { processingRoutes } from './routes/processing.routes.js';
import { profilePageRoutes } from './routes/profile-page.routes.js';
import { publicMediaRoutes } from './routes/public-media.routes.js';
import { MemoryLocker } from '@tus/server';
import type { Locker } from '@tus/utils';
import { resumableUploadsRoutes } from './routes/resumable-uploads.routes.js';
import { settingsRoutes } from './routes/settings.routes.js';
import { videosRoutes } from './routes/videos.routes.js';

export { API_PREFIX };

export type AppConfig = ServicesConfig;

export interface AppDeps {
  services: Services;
  db: Database;
  storage: ObjectStorage;
  logger: FastifyBaseLogger;
  /** This process's folder for temporary files (uploads being checked). */
  tmpDir: string;
  /** Resumable (tus) uploads not yet turned into videos. */
  uploads: ResumableUploadStore;
  /**
   * Who serves an upload at a time: one lock across every api instance (PostgreSQL); unset, an
   * in-memory one for this process alone (PGlite, one process).
   */
  uploadLocker?: Locker;
}

/** The HTTP application: API under /api plus the SPA, on services wired by the caller. */
export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const {
    accessTokens,
    accounts,
    settings,
    sports,
    signer,
    sharing,
    processing,
    cutReview,
    library,
    intake,
    retries,
  } = deps.services;

  const uploadLocker = deps.uploadLocker ?? new MemoryLocker();
  // One count for both upload paths.
  const uploadSlots = createUploadSlots(config.maxConcurrentUploadsPerUser);

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
      // Stored films and pictures leave as they are stored: only the JSON answers are compressed.
      await api.register(mediaRoutes({ storage: deps.storage, signer }));
      await api.register(publicMediaRoutes({ storage: deps.storage, sharing }));
      // Upload bodies are not compressed either; the completion answers a small JSON.
      await api.register(
        resumableUploadsRoutes({
          uploads: deps.uploads,
          locker: uploadLocker,
          resumable: createResumableUploadService({
            uploads: deps.uploads,
            locker: uploadLocker,
            intake,
            tmpDir: deps.tmpDir,
            pending: deps.services.repositories.pendingUploads,
            pendingCap: config.pendingUploadsPerUser,
            maxUploadBytes: config.maxUploadBytes,
          }),
          authenticate: authenticate(accessTokens),
          prefix: API_PREFIX,
          maxUploadBytes: config.maxUploadBytes,
          idleTimeoutMs: config.uploadIdleTimeoutMs,
          uploadSlots,
        }),
      );
      await api.register(async (json) => {
        await registerCompression(json);
        await json.register(healthRoutes(deps.db));
        await json.register(accountRoutes({ accounts, rateLimitMax: config.rateLimitAuthMax }));
        await json.register(
          settingsRoutes({ settings, sports, authenticate: authenticate(accessTokens) }),
        );
        await json.register(
          playerRoutes({
            sharing,
            requirePlayer: requireRole(accessTokens, RoleName.Player, SharingTexts.playersOnly),
          }),
        );
        await json.register(async (scope) => {
          await scope.register(multipart, {
            limits: { fileSize: config.maxUploadBytes, files: 1, fields: 10, parts: 20 },
          });
          await scope.register(
            videosRoutes({
              library,
              intake,
              retries,
              authenticate: authenticate(accessTokens),
              tmpDir: deps.tmpDir,
              maxUploadBytes: config.maxUploadBytes,
              uploadIdleTimeoutMs: config.uploadIdleTimeoutMs,
              uploadSlots,
            }),
          );
          await scope.register(
            processingRoutes({
              processing,
              cutReview,
              authenticate: authenticate(accessTokens),
            }),
          );
        });
      });
    },
    { prefix: API_PREFIX },
  );
  await app.register(profilePageRoutes({ sharing }));
  await registerWebApp(app, config.webDistDir);
  return app;
}
