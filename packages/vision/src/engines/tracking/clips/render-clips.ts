import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ffmpegPath } from '../../../media/ffmpeg-paths.js';
import { abortError, MediaError } from '../../../media/media-error.js';
import { mediaInputArgs } from '../../../media/media-input.js';
import { probeVideo } from '../../../media/probe.js';
import { renderSegments } from '../../../media/render-segments.js';
import { runProcess } from '../../../media/run-process.js';
import type { TeamLetter } from '../../../perception/teams/cluster-teams.js';
import type { TimeRange, TrackingAnalysis } from '../tracking-types.js';
import { planClips, type ClipPlanOptions } from './plan-clips.js';
import { labelFont, spotlightGraph } from './spotlight-filter.js';

export interface RenderClipsOptions {
  input: string;
  analysis: Pick<TrackingAnalysis, 'durationSec' | 'teams' | 'players'> &
    Partial<Pick<TrackingAnalysis, 'unnumbered'>>;
  teamLetter: TeamLetter;
  numbers: readonly number[];
  /** Players chosen by id (see `PlayerChoice`): those picked by photo. */
  playerIds?: readonly string[];
  /** Output MP4 (H.264/AAC, faststart: plays in Chrome). */
  output: string;
  /**
   * Box each chosen player and label the box with their number (a player picked by photo, a
   * pointer), a colour per player, in the order chosen (re-encodes; slower than the plain cut).
   */
  spotlight?: boolean;
  plan?: ClipPlanOptions;
  signal?: AbortSignal;
  onProgress?: (percent: number) => void;
}

export interface RenderClipsResult {
  output: string;
  clips: TimeRange[];
  outputSec: number;
  mode: 'cut' | 'spotlight';
}

/**
 * Renders the clips where the chosen players are on screen as one MP4. Without spotlight the cut
 * reuses the segment renderer (stream copy from keyframes); with it every clip is re-encoded with
 * the player boxed and marked, then the clips are joined without another encode.
 */
export async function renderClips(o: RenderClipsOptions): Promise<RenderClipsResult> {
  const plan = planClips(
    o.analysis,
    o.teamLetter,
    { numbers: o.numbers, playerIds: o.playerIds },
    o.plan,
  );
  if (plan.clips.length === 0) {
    throw new MediaError(
      'BAD_ARGUMENT',
      'The chosen players are not on screen long enough to make a clip.',
    );
  }
  if (!o.spotlight) {
    const r = await renderSegments({
      input: o.input,
      segments: plan.clips,
      output: o.output,
      signal: o.signal,
      onProgress: o.onProgress,
    });
    return { output: r.output, clips: plan.clips, outputSec: r.outputSec, mode: 'cut' };
  }
  const fontFile = labelFont();
  const info = await probeVideo(o.input, { signal: o.signal });
  const fps = Math.round(info.video?.fps || 30);
  const dir = await mkdtemp(join(tmpdir(), 'scout-clips-'));
  try {
    const parts: string[] = [];
    let done = 0;
    for (const [i, clip] of plan.clips.entries()) {
      if (o.signal?.aborted) throw abortError();
      const part = join(dir, `clip-${String(i).padStart(4, '0')}.mp4`);
      const script = join(dir, `clip-${i}.filter`);
      const commandFile = join(dir, `clip-${i}.cmd`);
      const graph = spotlightGraph(plan.players, clip, {
        frameHeight: info.video?.height ?? 720,
        fps,
        fontFile,
        commandFile,
      });
      await writeFile(commandFile, graph.commands);
      await writeFile(script, graph.filter);
      const args = ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y'];
      args.push(
        '-ss',
        clip.start.toFixed(3),
        '-to',
        clip.end.toFixed(3),
        ...mediaInputArgs(o.input),
      );
      args.push('-filter_complex_script', script, '-map', '[v]');
      if (info.audio)
        args.push('-map', '0:a:0', '-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-ac', '2');
      args.push('-c:v', 'libx264', '-preset', 'veryfast', '-crf', '22', '-r', String(fps));
      args.push('-movflags', '+faststart', part);
      const r = await runProcess(ffmpegPath(), args, { signal: o.signal });
      if (r.code !== 0)
        throw new MediaError('FFMPEG_FAILED', 'The clips could not be rendered.', r.stderr.trim());
      parts.push(part);
      done += clip.end - clip.start;
      o.onProgress?.(Math.floor((done / plan.totalSec) * 95));
    }
    const list = join(dir, 'list.txt');
    await writeFile(list, parts.map((p) => `file '${p.replace(/'/g, "'\\''")}'`).join('\n'));
    const r = await runProcess(
      ffmpegPath(),
      [
        '-nostdin',
        '-hide_banner',
        '-loglevel',
        'error',
        '-y',
        '-f',
        'concat',
        '-safe',
        '0',
        '-i',
        list,
        '-c',
        'copy',
        '-movflags',
        '+faststart',
        o.output,
      ],
      { signal: o.signal },
    );
    if (r.code !== 0)
      throw new MediaError('FFMPEG_FAILED', 'The clips could not be joined.', r.stderr.trim());
    o.onProgress?.(100);
    return { output: o.output, clips: plan.clips, outputSec: plan.totalSec, mode: 'spotlight' };
  } catch (error) {
    await rm(o.output, { force: true });
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
