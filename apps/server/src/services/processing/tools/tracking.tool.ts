import { colourName, ProcessingMessages, ProcessingProgress, Tool } from '@filmroom/contract';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { PlayerPhoto } from '@filmroom/vision/engine';
import { videoKeys } from '../../videos/video-keys.js';
import { currentAnalysis, type StoredAnalysis, type StoredSelection } from '../processing-types.js';
import { sportOf, UserFacingFailure, type RunContext, type ToolModule } from './tool-module.js';

/**
 * A JPEG of each player listed (by number, or to be picked by photo), stored under the entry's prefix
 * and keyed by player id: the analysis's photo of the player where their number read best, else a
 * crop of the film where they were seen largest; players without one are logged.
 */
async function storePlayerPhotos(
  run: RunContext,
  input: string,
  summary: Pick<StoredAnalysis, 'players' | 'unnumbered'>,
  analysed: readonly PlayerPhoto[],
): Promise<Record<string, string>> {
  const photos: Record<string, string> = {};
  for (const player of [...summary.players, ...summary.unnumbered]) {
    const ready =
      'number' in player
        ? analysed.find((p) => p.teamLetter === player.teamLetter && p.number === player.number)
        : undefined;
    const file = ready?.file ?? path.join(run.work, `player-${player.id}.jpg`);
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
      run.logger.warn({ err: error, processingRunId: run.job.id }, 'No photo of a player');
      continue;
    }
    const key = videoKeys(run.job.userId, run.job.entryVideoId).playerPhoto(player.id);
    await run.store(key, file, 'image/jpeg');
    photos[player.id] = key;
  }
  return photos;
}

/** The chosen players as the output names them: numbers in the order chosen, then those by photo. */
function chosenByNumberAndPhoto(
  analysis: StoredAnalysis,
  selection: StoredSelection,
): { numbers: number[]; byPhoto?: number } {
  const ids = selection.selectedPlayerIds ?? [];
  const numbers = [
    ...selection.selectedPlayers,
    ...ids.flatMap((id) => analysis.players.find((p) => p.id === id)?.number ?? []),
  ];
  const byPhoto = analysis.unnumbered.filter((p) => ids.includes(p.id)).length;
  return { numbers: [...new Set(numbers)], ...(byPhoto > 0 ? { byPhoto } : {}) };
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
          photos = await storePlayerPhotos(run, input, result, result.photos ?? []);
          return result;
        });
        // two kits are two teams whatever was read: the coach picks players by photo where no
        // number was read; only a film with nobody to follow fails
        if (summary.players.length + summary.unnumbered.length === 0) {
          await run.deleteKeys(Object.values(photos));
          throw new UserFacingFailure(ProcessingMessages.noPlayersFound);
        }
        const waiting = await run.awaitUser({
          durationSec: summary.durationSec,
          teams: summary.teams,
          players: summary.players,
          unnumbered: summary.unnumbered,
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
        const { selection } = run.job;
        const analysis = run.job.analysis && currentAnalysis(run.job.analysis);
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
                unnumbered: analysis.unnumbered,
              },
              teamLetter: team.teamLetter,
              numbers: selection.selectedPlayers,
              playerIds: selection.selectedPlayerIds ?? [],
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
            chosenPlayers: {
              teamLetter: team.teamLetter,
              teamColour: colourName(team.primaryColor),
              ...chosenByNumberAndPhoto(analysis, selection),
            },
          },
        );
      },
    },
  },
};
