import { pino } from 'pino';
import { ConfigError, loadConfig, type Config } from './config/env.js';
import { resolveJwtSecret } from './config/jwt-secret.js';
import { buildApp } from './http/app.js';
import { logSerializers } from './http/log-serializers.js';
import { openDatabase } from './infra/db/open-database.js';
import { createMailer } from './infra/mail/create-mailer.js';

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

    if (config.role === 'api' || config.role === 'all') {
      const mailer = createMailer({ ...config, from: config.mailFrom, logger });
      stops.push(() => mailer.close());
      const jwtSecret = await resolveJwtSecret(config.jwtSecret, config.dataDir);
      const app = await buildApp({ ...config, jwtSecret }, { db: database.db, mailer, logger });
      stops.push(() => app.close());
      await app.listen({ port: config.port, host: config.host });
      logger.info(`FilmRoom is listening on ${config.publicUrl} (role ${config.role})`);
    }
    if (config.role === 'worker' || config.role === 'all') {
      // Keeps a worker-only process alive until it is told to stop; job handlers attach here.
      const keepAlive = setInterval(() => undefined, 1 << 30);
      stops.push(async () => clearInterval(keepAlive));
      logger.info('Worker started; no job kinds are registered yet');
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
