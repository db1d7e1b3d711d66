import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import pg from 'pg';

/** First key of our advisory locks (the second is the upload id's hash); any fixed int4. */
const LOCK_NAMESPACE = 730_415_020;
/** Where a request waiting for an upload asks its holder, in whichever process, to let go. */
const RELEASE_CHANNEL = 'filmroom_upload_release';

export interface PgUploadLockerOptions {
  connectionString: string;
  /** A request waiting longer than this for an upload gets tus' lock timeout (as MemoryLocker: 30 s). */
  acquireTimeoutMs?: number;
  /** How often a waiting request tries again. */
  pollMs?: number;
  /** Locks held at once by this process, each on its own connection. */
  maxConnections?: number;
}

/**
 * tus' Locker across processes: a session-level PostgreSQL advisory lock per upload, held on a
 * connection of its own for as long as the request holds the upload. A request that finds the
 * upload taken asks the holder to let go (NOTIFY, which the holder's connection LISTENs for, then
 * tus' `requestRelease`: the holder's request is cancelled and unlocks) and tries again until it
 * gets the lock, its request is aborted or the timeout passes — MemoryLocker's contract, between
 * api instances. A holder whose connection dies loses the lock with it (PostgreSQL drops it).
 */
export class PgUploadLocker implements Locker {
  private readonly pool: pg.Pool;
  private readonly timeoutMs: number;
  private readonly pollMs: number;

  constructor(options: PgUploadLockerOptions) {
    this.timeoutMs = options.acquireTimeoutMs ?? 30_000;
    this.pollMs = options.pollMs ?? 100;
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 50,
      connectionTimeoutMillis: this.timeoutMs,
      idleTimeoutMillis: 30_000,
    });
    // An idle connection that fails is dropped by the pool; nothing is held on it.
    this.pool.on('error', () => undefined);
  }

  newLock(id: string): Lock {
    return new PgUploadLock(id, this.pool, this.timeoutMs, this.pollMs);
  }

  close(): Promise<void> {
    return this.pool.end();
  }
}

class PgUploadLock implements Lock {
  private held: { client: pg.PoolClient; stopListening: () => void } | undefined;

  constructor(
    private readonly id: string,
    private readonly pool: pg.Pool,
    private readonly timeoutMs: number,
    private readonly pollMs: number,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    if (this.held) throw new Error(`Upload ${this.id} is already locked by this request`);
    const deadline = Date.now() + this.timeoutMs;
    const client = await this.pool.connect();
    let broken: Error | undefined;
    const onError = (error: Error): void => {
      broken = error;
    };
    client.on('error', onError);
    try {
      for (;;) {
        const { rows } = await client.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1, hashtext($2)) AS locked',
          [LOCK_NAMESPACE, this.id],
        );
        if (rows[0]?.locked) break;
        await client.query('SELECT pg_notify($1, $2)', [RELEASE_CHANNEL, this.id]);
        if (signal.aborted || Date.now() + this.pollMs > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        await sleep(this.pollMs, undefined, { signal }).catch(() => undefined);
      }
      const onNotification = (message: pg.Notification): void => {
        if (message.channel === RELEASE_CHANNEL && message.payload === this.id) {
          void Promise.resolve(requestRelease()).catch(() => undefined);
        }
      };
      client.on('notification', onNotification);
      await client.query(`LISTEN ${RELEASE_CHANNEL}`);
      // A connection lost while held took the lock with it: the request is told to stop.
      client.off('error', onError);
      const onLost = (): void => void Promise.resolve(requestRelease()).catch(() => undefined);
      client.on('error', onLost);
      this.held = {
        client,
        stopListening: () => {
          client.off('notification', onNotification);
          client.off('error', onLost);
          client.on('error', onError);
        },
      };
    } catch (error) {
      client.off('error', onError);
      client.release(broken ?? (error === ERRORS.ERR_LOCK_TIMEOUT ? undefined : true));
      throw error;
    }
  }

  async unlock(): Promise<void> {
    const held = this.held;
    if (!held) throw new Error('Releasing an unlocked lock!');
    this.held = undefined;
    held.stopListening();
    try {
      await held.client.query(`UNLISTEN ${RELEASE_CHANNEL}`);
      await held.client.query('SELECT pg_advisory_unlock($1, hashtext($2))', [
        LOCK_NAMESPACE,
        this.id,
      ]);
      held.client.release();
    } catch (error) {
      // Closing the connection ends its session, and every lock the session held with it.
      held.client.release(error instanceof Error ? error : true);
    }
  }
}
