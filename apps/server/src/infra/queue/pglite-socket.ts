import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface PgliteSocket {
  /** A postgres:// URL that `pg` clients (pg-boss) can use to reach the embedded database. */
  connectionString: string;
  /**
   * How many client connections may share it. One: the socket server interleaves concurrent
   * connections' messages on the single PGlite session, and under a few concurrent pollers a reply
   * can go missing (a send() that never returns). Serialising through one connection avoids that.
   */
  maxClientConnections: number;
  close(): Promise<void>;
}

/**
 * Exposes the embedded PGlite over a loopback socket so pg-boss can share it. PGlite is one session:
 * the socket server multiplexes client connections onto it, one query at a time.
 */
export async function openPgliteSocket(db: PGlite): Promise<PgliteSocket> {
  const server = new PGLiteSocketServer({ db, host: '127.0.0.1', port: 0, maxConnections: 16 });
  await server.start();
  return {
    connectionString: `postgres://postgres@${server.getServerConn()}/postgres`,
    maxClientConnections: 1,
    close: () => server.stop(),
  };
}
