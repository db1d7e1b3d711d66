import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config/env.js';
import { resolveJwtSecret } from './config/jwt-secret.js';
import { API_PREFIX, buildApp } from './http/app.js';
import { logSerializers } from './http/log-serializers.js';
import { openDatabase } from './infra/db/open-database.js';
import { createArgon2PasswordHasher } from './infra/crypto/argon2-password-hasher.js';
import { runEngine } from './infra/engine/engine-process.js';
import { probeVideo } from '@filmroom/vision/media';
import { createMailer } from './infra/mail/create-mailer.js';
import { JobQueue } from './infra/queue/job-queue.js';
import { openPgliteSocket } from './infra/queue/pglite-socket.js';
import { createStorage } from './infra/storage/create-storage.js';
import { createJobHandlers } from './jobs/job-handlers.js';
import { systemClock } from './services/clock.js';
import { createServices } from './services/create-services.js';
import { RunningImports } from './services/videos/running-imports.js';
import path from 'node:path';
import { orphanedJobHandler, recoverOrphanedJobs } from './jobs/recover-orphaned-jobs.js';
import { createJobLeasesRepository } from './infra/db/job-leases.repository.js';
import { hostname } from 'node:os';
import { openProcessScratch } from './infra/scratch/process-scratch.js';
import { openConfiguredResumableUploadStore } from './infra/storage/resumable-upload-store.js';
import { PgUploadLocker } from './infra/storage/pg-upload-locker.js';

type Stop = () => Promise<void>;

/** How often folders of processes that stopped on this machine are looked for. */
const SCRATCH_SWEEP_MS = 60_000;
/** How often unfinished resumable uploads past UPLOAD_EXPIRY_HOURS are looked for. */
const UPLOAD_SWEEP_MS = 15 * 60_000;
/** A running job's lease is touched this often, as a share of JOB_STALE_SECONDS. */
const HEARTBEAT_SHARE = 0.25;

async function start(config: Config): Promise<Stop> {
  const logger = pino({ level: config.logLevel, serializers: logSerializers });
  const stops: Stop[] = [];
  const stopAll: Stop = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
    const scratch = await openProcessScratch(path.join(config.dataDir, 'tmp'));
    // Libraries and child processes (ffmpeg, yt-dlp, engines) put their temporary files here too.
    process.env.TMPDIR = scratch.dir;
    const sweepScratch = async (): Promise<void> => {
      const removed = await scratch.sweep();
      if (removed.length > 0)
        logger.info({ removed }, 'Removed temporary files of stopped processes');
    };
    await sweepScratch();
    const scratchTimer = setInterval(() => {
      sweepScratch().catch((error: unknown) =>
        logger.warn({ err: error }, 'Removing temporary files failed'),
      );
    }, SCRATCH_SWEEP_MS);
    scratchTimer.unref();
    stops.push(async () => clearInterval(scratchTimer));

    const database = await openDatabase(config);
    stops.push(() => database.close());
    logger.info({ driver: database.driver }, 'Database ready');

    const storage = createStorage(config.storage);
    let connectionString = config.databaseUrl;
    let maxQueueConnections: number | undefined;
    if (!connectionString) {
      if (!database.client) throw new Error('The embedded database exposes no client');
      const socket = await openPgliteSocket(database.client);
      stops.push(() => socket.close());
      connectionString = socket.connectionString;
      maxQueueConnections = socket.maxClientConnections;
    }
    const queue = new JobQueue({
      connectionString,
      maxConnections: maxQueueConnections,
      concurrency: config.workerConcurrency,
      onError: (error) => logger.error({ err: error }, 'Job queue error'),
    });
    await queue.start();
    stops.push(() => queue.stop());
    const mailer = createMailer({ ...config, from: config.mailFrom, logger });
    stops.push(() => mailer.close());
    // The worker signs nothing users receive; without JWT_SECRET it needs no secret file of its own.
    const jwtSecret =
      config.role === 'worker'
        ? (config.jwtSecret ?? randomBytes(48).toString('base64url'))
        : await resolveJwtSecret(config.jwtSecret, config.dataDir);
    const appConfig = { ...config, jwtSecret };
    const infra = {
      db: database.db,
      storage,
      mailer,
      jobs: queue,
      clock: systemClock,
      logger,
      passwords: createArgon2PasswordHasher(),
      imports: new RunningImports(),
      engines: runEngine,
      probe: probeVideo,
      tmpDir: scratch.dir,
      apiPrefix: API_PREFIX,
    };
    const services = createServices(appConfig, infra);

    if (config.role === 'api' || config.role === 'all') {
      const uploads = await openConfiguredResumableUploadStore(config);
      // On PostgreSQL several api instances may serve one upload's requests: the lock is shared.
      let uploadLocker: PgUploadLocker | undefined;
      if (config.databaseUrl) {
        const locker = new PgUploadLocker({ connectionString: config.databaseUrl });
        stops.push(() => locker.close());
        uploadLocker = locker;
      }
      const { pendingUploads } = services.repositories;
      const removeExpiredUploads = async (): Promise<void> => {
        const removed = await uploads.removeExpired();
        if (removed > 0) logger.info({ removed }, 'Removed expired unfinished uploads');
        await pendingUploads.releaseBegunBefore(new Date(Date.now() - config.uploadExpiryMs));
      };
      await removeExpiredUploads();
      const uploadsTimer = setInterval(() => {
        removeExpiredUploads().catch((error: unknown) =>
          logger.warn({ err: error }, 'Removing expired uploads failed'),
        );
      }, UPLOAD_SWEEP_MS);
      uploadsTimer.unref();
      stops.push(async () => clearInterval(uploadsTimer));
      const app = await buildApp(appConfig, {
        services,
        db: database.db,
        storage,
        logger,
        tmpDir: scratch.dir,
        uploads,
        uploadLocker,
      });
      stops.push(() => app.close());
      await app.listen({ port: config.port, host: config.host });
      logger.info(`FilmRoom is listening on ${config.publicUrl} (role ${config.role})`);
    }
    if (config.role === 'worker' || config.role === 'all') {
      const runs = {
        leases: createJobLeasesRepository(database.db),
        worker: `${hostname()}:${process.pid}`,
        heartbeatMs: config.jobStaleMs * HEARTBEAT_SHARE,
      };
      // Before taking jobs, so that runs this process starts are never taken for dead ones.
      const stopRecovery = await recoverOrphanedJobs({
        queue,
        runs,
        onOrphaned: orphanedJobHandler(services),
        logger,
        staleAfterMs: config.jobStaleMs,
        everyRunIsOrphaned: !config.databaseUrl,
      });
      stops.push(async () => stopRecovery());
      await queue.work(createJobHandlers(services), runs);
      logger.info({ concurrency: config.workerConcurrency }, 'Worker started');
    }
  } catch (error) {
    await stopAll().catch(() => undefined);
    throw error;
  }

  return async () => {
    logger.info('Shutting down');
    await stopAll();
  };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const stop = await start(config);
  let stopping = false;
  const shutdown = () => {
    if (stopping) return;
    stopping = true;
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`Shutdown failed: ${String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', shutdown);
  process.once('SIGINT', shutdown);
}

main().catch((error: unknown) => {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`FilmRoom failed to start: ${detail}\n`);
  process.exit(1);
});
