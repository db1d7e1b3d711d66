import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../infra/db/database.js';

/** For load balancers and start-up checks: answers once the database answers. */
export function healthRoutes(db: Database) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/health', async () => {
      await db.execute(sql`select 1`);
      return { status: 'ok' };
    });
  };
}
