import {
  Messages,
  parseJerseyNumber,
  ProcessingMessages,
  ProcessingProgress,
  Tool,
  validateSelectPlayers,
  type Sport,
  type PlayerNumberRequest,
  type SelectPlayersRequest,
  type SelectPlayersResponse,
  type TrackingInfoResponse,
} from '@filmroom/contract';
import { renumberPlayer, RenumberError } from '@filmroom/vision/engine';
import type {
  ProcessingRun,
  ProcessingRunsRepository,
} from '../../infra/db/processing-runs.repository.js';
import type { Video } from '../../infra/db/videos.repository.js';
import type { JobSender } from '../../infra/queue/job-sender.js';
import type { Clock } from '../clock.js';
import { AppError, assertValid } from '../errors.js';
import type { MediaUrlSigner } from '../media/signed-media-url.js';
import { currentAnalysis, type StoredSelection } from './processing-types.js';
import { trackingInfoOf } from './tracking-info.js';
import type { ToolRegistry } from './tools/index.js';

const notFound = () => new AppError(404, Messages.notFound);

/**
 * Processing requests: a job row per in-progress entry, the engine queued once the source is
 * stored; Player Tracking's team/player selection between its two phases.
 */
export function createProcessingService(deps: {
  processing: ProcessingRunsRepository;
  jobs: JobSender;
  signer: MediaUrlSigner;
  clock: Clock;
  /** Which job kind runs a job's next stage. */
  tools: Pick<ToolRegistry, 'stageNameFor'>;
}) {
  const { processing, jobs } = deps;

  /** The user's Player Tracking entry waiting for its players to be chosen, with its analysis. */
  async function awaitingSelection(
    userId: string,
    videoId: string,
  ): Promise<ProcessingRun & { analysis: NonNullable<ProcessingRun['analysis']> }> {
    const job = await processing.findByEntry(userId, videoId);
    if (!job || job.tool !== Tool.PlayerTracking) throw notFound();
    if (job.state !== 'awaiting-selection' || !job.analysis) {
      throw new AppError(409, ProcessingMessages.notReadyForSelection);
    }
    return job as ProcessingRun & { analysis: NonNullable<ProcessingRun['analysis']> };
  }

  async function queueEngine(job: ProcessingRun): Promise<void> {
    await jobs.send(deps.tools.stageNameFor(job.tool, job.state), { processingRunId: job.id });
  }

  return {
    /**
     * A new in-progress entry asked for a tool, for a film of `sport`; a library video's entry
     * starts its engine now.
     */
    async requested(entry: Video, sport: Sport): Promise<void> {
      const tool = entry.requestedTool;
      if (!tool) return;
      const job = await processing.create({
        userId: entry.userId,
        entryVideoId: entry.id,
        sourceVideoId: entry.parentVideoId ?? entry.id,
        tool,
        sport,
      });
      if (entry.status === 'ready') await queueEngine(job);
    },

    /** An uploaded or imported processing source is stored and ingested: its engine can start. */
    async ingested(entry: Video): Promise<void> {
      if (!entry.requestedTool) return;
      const job = await processing.findByEntry(entry.userId, entry.id);
      if (job?.state === 'queued') await queueEngine(job);
    },

    /**
     * Runs a failed job again from where it failed: Player Tracking's clips from the stored
     * selection, any other run from the start. False when the job has moved on meanwhile.
     */
    async retry(job: ProcessingRun): Promise<boolean> {
      const restart =
        job.tool === Tool.PlayerTracking && job.analysis && job.selection
          ? { state: 'rendering' as const, percentageCompleted: ProcessingProgress.selection }
          : { state: 'queued' as const, percentageCompleted: ProcessingProgress.engineStart };
      const restarted = await processing.restartFailed(job.id, restart, deps.clock());
      if (!restarted) return false;
      await queueEngine(restarted);
      return true;
    },

    async trackingInfo(userId: string, videoId: string): Promise<TrackingInfoResponse> {
      const job = await awaitingSelection(userId, videoId);
      return trackingInfoOf(currentAnalysis(job.analysis), deps.signer);
    },

    /**
     * The coach's number for one tracked player (a misread, or a number never read): remembered on
     * the video's analysis, so the list and the render follow it; a teammate of that number and the
     * player become one. Answers the teams as they now are.
     */
    async numberPlayer(
      userId: string,
      request: Required<PlayerNumberRequest>,
    ): Promise<TrackingInfoResponse> {
      const number = parseJerseyNumber(request.number);
      if (number === null) throw new AppError(400, ProcessingMessages.badJerseyNumber);
      const job = await awaitingSelection(userId, request.videoId);
      let analysis;
      try {
        analysis = renumberPlayer(currentAnalysis(job.analysis), request.playerId, number);
      } catch (error) {
        if (error instanceof RenumberError) {
          throw new AppError(400, ProcessingMessages.unknownTrackedPlayer);
        }
        throw error;
      }
      const updated = await processing.update(job.id, { analysis }, deps.clock(), [
        'awaiting-selection',
      ]);
      if (!updated) throw new AppError(409, ProcessingMessages.notReadyForSelection);
      return trackingInfoOf(analysis, deps.signer);
    },

    /**
     * Stores the selection and starts rendering, once: a second POST answers 409 and starts nothing
     * (the first one's render is already running or done).
     */
    async selectPlayers(
      userId: string,
      request: Required<Omit<SelectPlayersRequest, 'notes'>> & { notes?: string },
    ): Promise<SelectPlayersResponse> {
      const chosenIds = [...new Set(request.selectedPlayerIds)];
      const asked = {
        title: request.title.trim(),
        description: request.description.trim(),
        notes: (request.notes ?? '').trim(),
        teamLetter: request.teamLetter.trim(),
        selectedPlayers: [...new Set(request.selectedPlayers)],
        selectedPlayerIds: chosenIds,
      };
      assertValid(validateSelectPlayers(asked));
      const job = await awaitingSelection(userId, request.videoId);
      const analysis = currentAnalysis(job.analysis);
      const team = analysis.teams.find((t) => t.teamLetter === asked.teamLetter);
      if (!team) throw new AppError(400, ProcessingMessages.unknownTeam);
      const selection: StoredSelection = { ...asked, teamLetter: team.teamLetter };
      const teamIds = new Set(
        [...analysis.players, ...analysis.unnumbered]
          .filter((p) => p.teamLetter === team.teamLetter)
          .map((p) => p.id),
      );
      if (
        selection.selectedPlayers.some((number) => !team.players.includes(number)) ||
        chosenIds.some((id) => !teamIds.has(id))
      ) {
        throw new AppError(400, ProcessingMessages.unknownPlayer);
      }
      const rendering = await processing.update(
        job.id,
        { state: 'rendering', selection, canSelectPlayers: false },
        deps.clock(),
        ['awaiting-selection'],
      );
      if (!rendering) throw new AppError(409, ProcessingMessages.notReadyForSelection);
      // No worker runs it yet: the render job may claim it at once.
      await processing.release(job.id);
      await queueEngine(rendering);
      return { message: ProcessingMessages.playersSelected };
    },
  };
}

export type ProcessingService = ReturnType<typeof createProcessingService>;
