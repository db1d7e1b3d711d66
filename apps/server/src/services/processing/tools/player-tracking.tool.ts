import { colourName, ProcessingMessages, ProcessingProgress, Tool } from '@filmroom/contract';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PlayerPhoto } from '@filmroom/vision/engine';
import { videoKeys } from '../../videos/video-keys.js';
import { photoId, type StoredAnalysis } from '../processing-types.js';
import { sportOf, UserFacingFailure, type RunContext, type ToolModule } from './tool-module.js';

/**
 * A JPEG of each player found, stored under the entry's prefix: the analysis's photo of the player
 * where their number read best, else a crop of the film at that moment; players without one are
 * logged.
 */
async function storePlayerPhotos(
  run: RunContext,
  input: string,
  players: StoredAnalysis['players'],
  analysed: readonly PlayerPhoto[],
): Promise<Record<string, string>> {
  const photos: Record<string, string> = {};
  for (const player of players) {
    const id = photoId(player.teamLetter, player.number);
    const ready = analysed.find(
      (p) => p.teamLetter === player.teamLetter && p.number === player.number,
    );
    const file = ready?.file ?? path.join(run.work, `player-${id}.jpg`);
    try {
      if (!ready) {
        await run.media.cropPlayerPhoto({
          input,
          sighting: player.best,
          output: file,
          signal: run.signal,
        });
      }
    } catch (error) {
      if (run.signal.aborted) throw error;
      run.logger.warn({ err: error, processingJobId: run.job.id }, 'No photo of a player');
      continue;
    }
    const key = videoKeys(run.job.userId, run.job.entryVideoId).playerPhoto(id);
    await run.store(key, file, 'image/jpeg');
    photos[id] = key;
  }
  return photos;
}

/**
 * Player Tracking: the analysis finds teams, numbers and player photos and waits for the user to
 * select players (see ProcessingService.selectPlayers); the render makes their clips a new video.
 */
export const playerTrackingTool: ToolModule<typeof Tool.PlayerTracking> = {
  tool: Tool.PlayerTracking,
  stages: {
    'track-analyse': {
      claims: ['queued', 'analysing'],
      runsIn: 'analysing',
      progress: [ProcessingProgress.engineStart, ProcessingProgress.selection],
      async run(run) {
        let photos: Record<string, string> = {};
        const summary = await run.withSource(async (input) => {
          const photoDir = path.join(run.work, 'player-photos');
          await mkdir(photoDir, { recursive: true });
          const result = await run.runEngine({
            engine: 'track-analyse',
            input,
            photoDir,
            ...sportOf(run.job),
          });
          photos = await storePlayerPhotos(run, input, result.players, result.photos ?? []);
          return result;
        });
        if (summary.players.length === 0) {
          await run.deleteKeys(Object.values(photos));
          throw new UserFacingFailure(ProcessingMessages.noPlayersFound);
        }
        const waiting = await run.awaitUser({
          durationSec: summary.durationSec,
          teams: summary.teams,
          players: summary.players,
          photos,
        });
        if (!waiting) await run.deleteKeys(Object.values(photos));
      },
    },
    'track-render': {
      claims: ['rendering'],
      runsIn: 'rendering',
      progress: [ProcessingProgress.selection, ProcessingProgress.end],
      async run(run) {
        const { analysis, selection } = run.job;
        if (!analysis || !selection) {
          throw new UserFacingFailure(ProcessingMessages.processingFailed);
        }
        const team = analysis.teams.find((t) => t.teamLetter === selection.teamLetter);
        if (!team) throw new UserFacingFailure(ProcessingMessages.noPlayersFound);
        const output = path.join(run.work, 'clips.mp4');
        const rendered = await run
          .withSource((input) =>
            run.runEngine({
              engine: 'track-render',
              input,
              output,
              analysis: {
                durationSec: analysis.durationSec,
                teams: analysis.teams,
                players: analysis.players,
              },
              teamLetter: team.teamLetter,
              numbers: selection.selectedPlayers,
            }),
          )
          .catch((error: unknown) => {
            // The engine refuses a selection it cannot render (no appearance of these players).
            if ((error as { code?: unknown }).code === 'BAD_ARGUMENT') {
              throw new UserFacingFailure(ProcessingMessages.noPlayersFound);
            }
            throw error;
          });
        const { title, description, notes } = selection;
        await run.publish(
          output,
          { title, description, notes },
          { segments: rendered.clips, sourceDurationSec: analysis.durationSec },
          {
            teamLetter: team.teamLetter,
            teamColour: colourName(team.primaryColor),
            numbers: selection.selectedPlayers,
          },
        );
      },
    },
  },
};
