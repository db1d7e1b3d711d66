import { Tool } from '@filmroom/contract';
import { decodeJwt } from 'jose';
import type { Database } from '../../src/infra/db/database.js';
import { createProcessingRunsRepository } from '../../src/infra/db/processing-runs.repository.js';
import { createVideosRepository, type Video } from '../../src/infra/db/videos.repository.js';
import type { StoredAnalysis } from '../../src/services/processing/processing-types.js';

/** The signed-in user's id, read from the access token's subject. */
export function userIdOf(accessToken: string): string {
  const { sub } = decodeJwt(accessToken);
  if (!sub) throw new Error('Access token without a subject');
  return sub;
}

/** A library video row (no file behind it): enough for calls that only change its details. */
export function libraryVideoRow(db: Database, userId: string): Promise<Video> {
  return createVideosRepository(db).create({
    userId,
    title: 'Stored film',
    tools: [],
    requestedTool: null,
    source: 'upload',
    status: 'ready',
    sourceKey: `videos/${userId}/stored-film.mp4`,
  });
}

/** A Player Tracking entry whose analysis found team A with #7 and #12, waiting for a selection. */
export async function trackingAwaitingSelection(db: Database, userId: string): Promise<Video> {
  const entry = await createVideosRepository(db).create({
    userId,
    title: 'Tracked film',
    tools: [Tool.PlayerTracking],
    requestedTool: Tool.PlayerTracking,
    source: 'upload',
    status: 'ready',
    sourceKey: `videos/${userId}/tracked-film.mp4`,
  });
  const jobs = createProcessingRunsRepository(db);
  const job = await jobs.create({
    userId,
    entryVideoId: entry.id,
    sourceVideoId: entry.id,
    tool: 'tracking',
  });
  const analysis: StoredAnalysis = {
    durationSec: 10,
    teams: [
      { teamLetter: 'A', primaryColor: '#ffffff', secondaryColor: '#000000', players: [7, 12] },
    ],
    players: [],
    unnumbered: [],
    photos: {},
  };
  await jobs.update(
    job.id,
    { state: 'awaiting-selection', canSelectPlayers: true, analysis },
    new Date(),
    ['queued'],
  );
  return entry;
}
