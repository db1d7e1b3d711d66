import type { ChosenPlayers, Tool, TOOLS, VideoChapter } from '@filmroom/contract';
import type {
  CutAnalysis,
  EngineRequest,
  EngineResult,
  SportChoice,
} from '@filmroom/vision/engine';
import type { MediaInfo } from '@filmroom/vision/media';
import type { Logger } from 'pino';
import type { ProcessingRun } from '../../../infra/db/processing-runs.repository.js';
import type { ProcessingState } from '../../../infra/db/schema.js';
import type { Video } from '../../../infra/db/videos.repository.js';
import type { PlayerSighting } from '../../../infra/media/player-photo.js';
import type { ProgressRange } from '../../progress/stage-progress.js';
import type { StoredAnalysis } from '../processing-types.js';

/** The sport chosen for a job's run, as its engine request carries it (none on runs made before). */
export function sportOf(job: ProcessingRun): { sport?: SportChoice } {
  return job.sport ? { sport: job.sport } : {};
}

/** An engine failure the user can act on (its message is shown); anything else is retried. */
export class UserFacingFailure extends Error {}

/** The media work a run does around its engine: probe and thumbnail the output, photograph players. */
export interface RunMedia {
  probe(file: string, signal: AbortSignal): Promise<MediaInfo>;
  thumbnail(options: {
    input: string;
    output: string;
    info: MediaInfo;
    signal: AbortSignal;
  }): Promise<void>;
  cropPlayerPhoto(options: {
    input: string;
    sighting: PlayerSighting;
    output: string;
    signal: AbortSignal;
  }): Promise<void>;
}

/** What an output keeps of its source: the stretches (source time) and the source's length. */
export interface Kept {
  segments: readonly VideoChapter[];
  sourceDurationSec: number;
}

/** What a tool keeps on its output besides the file: whom it follows, what its cuts came from. */
export interface OutputDetails {
  chosenPlayers?: ChosenPlayers;
  cutAnalysis?: CutAnalysis;
}

/** What a stage's body may do; the run frame provides it, bound to one claimed job. */
export interface RunContext {
  job: ProcessingRun;
  /** The video whose file is processed (it has a stored file). */
  source: Video;
  /** The job's scratch folder, emptied before and removed after the run. */
  work: string;
  signal: AbortSignal;
  onProgress(percent: number): void;
  media: RunMedia;
  logger: Pick<Logger, 'info' | 'warn'>;
  /** The source as a local file while `use` runs. */
  withSource<T>(use: (input: string) => Promise<T>): Promise<T>;
  /** Runs an engine with the run's scratch folder, signal and progress. */
  runEngine<R extends EngineRequest>(request: R): Promise<EngineResult<R>>;
  /** Stores a local file of the run under `key`. */
  store(key: string, file: string, contentType: string): Promise<void>;
  /** Deletes stored objects (missing ones are ignored). */
  deleteKeys(keys: string[]): Promise<void>;
  /**
   * Stores the rendered file as a new library video (its tools: the source's and this one) and
   * finishes the job; undefined if the job was cancelled meanwhile.
   */
  publish(
    file: string,
    details: { title: string; description: string; notes: string },
    kept: Kept,
    about?: OutputDetails,
  ): Promise<Video | undefined>;
  /**
   * Ends the run waiting for the user (state `awaiting-selection`, at the stage's end) with the
   * analysis to choose from, and tells the owner; false if the job was cancelled meanwhile.
   */
  awaitUser(analysis: StoredAnalysis): Promise<boolean>;
}

/** One stage of a tool, run by one job kind: the job states it claims, the state it runs in. */
export interface ToolStage {
  claims: ProcessingState[];
  runsIn: ProcessingState;
  /** Its share of the in-progress card. */
  progress: ProgressRange;
  run(context: RunContext): Promise<void>;
}

/** The job kinds the contract lists for a tool. */
export type StageNameOf<T extends Tool> = (typeof TOOLS)[T]['stageNames'][number];

/** A processing tool on the server: a stage per job kind the contract lists for it. */
export interface ToolModule<T extends Tool = Tool> {
  tool: T;
  stages: { [K in StageNameOf<T>]: ToolStage };
}
