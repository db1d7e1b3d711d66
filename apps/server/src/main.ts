import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config/env.js';
import { resolveJwtSecret } from './config/jwt-secret.js';
import { buildApp } from './http/app.js';
import { logSerializers } from './http/log-serializers.js';
import { openDatabase } from './infra/db/open-database.js';
import { createMailer } from './infra/mail/create-mailer.js';
import { JobQueue } from './infra/queue/job-queue.js';
import { openPgliteSocket } from './infra/queue/pglite-socket.js';
import { createStorage } from './infra/storage/create-storage.js';
import { createJobHandlers } from './jobs/job-handlers.js';
import { systemClock } from './services/clock.js';
import { RunningImports } from './services/videos/running-imports.js';
import { createVideosRepository } from './infra/db/videos.repository.js';
import { createProcessingJobsRepository } from './infra/db/processing-jobs.repository.js';
import { createUsersRepository } from './infra/db/users.repository.js';
import { createProcessingService } from './services/processing/processing.service.js';
import { createProcessingNotifier } from './services/processing/processing-notifier.js';
import path from 'node:path';
import { recoverStaleProcessing } from './jobs/recover-stale-processing.js';

type Stop = () => Promise<void>;

async function start(config: Config): Promise<Stop> {
  const logger = pino({ level: config.logLevel, serializers: logSerializers });
  const stops: Stop[] = [];
  const stopAll: Stop = async () => {
    for (const stop of stops.reverse()) await stop();
  };
  try {
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
    const imports = new RunningImports();

    if (config.role === 'api' || config.role === 'all') {
      const mailer = createMailer({ ...config, from: config.mailFrom, logger });
      stops.push(() => mailer.close());
      const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
      const app = await buildApp(
        { ...config, jwtSecret },
        { db: database.db, mailer, logger, storage, jobs: queue, imports },
      );
      stops.push(() => app.close());
      await app.listen({ port: config.port, host: config.host });
      logger.info(`FilmRoom is listening on ${config.publicUrl} (role ${config.role})`);
    }
    if (config.role === 'worker' || config.role === 'all') {
      const workerMailer = createMailer({ ...config, from: config.mailFrom, logger });
      stops.push(() => workerMailer.close());
      const processing = createProcessingJobsRepository(database.db);
      const processingService = createProcessingService({
        processing,
        jobs: queue,
        clock: systemClock,
      });
      await queue.work(
        createJobHandlers({
          processing,
          notify: createProcessingNotifier({
            users: createUsersRepository(database.db),
            mailer: workerMailer,
            publicUrl: config.publicUrl,
            logger,
          }),
          tmpDir: path.join(config.dataDir, 'tmp'),
          staleAfterMs: config.processingStaleMs,
          onIngested: (video) => processingService.ingested(video),
          videos: createVideosRepository(database.db),
          storage,
          clock: systemClock,
          logger,
          imports,
          ytDlpPath: config.ytDlpPath,
          maxBytes: config.maxUploadBytes,
          timeoutMs: config.importTimeoutMs,
          allowHosts: config.ssrfAllowHosts,
          iCloudResolveUrl: config.iCloudResolveUrl,
        }),
      );
      const stopRecovery = recoverStaleProcessing({
        processing,
        jobs: queue,
        clock: systemClock,
        logger,
        staleAfterMs: config.processingStaleMs,
      });
      stops.push(async () => stopRecovery());
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
