import { UploadKind, VideoType } from './enums.js';
import { ApiPaths } from './paths.js';
import { NEW_IN_PROGRESS_PERCENTAGE } from './rules.js';

/**
 * The processing tools, by their one id: the id a processing job, a stored video and a tool's
 * output carry. The spec's numbers (UploadKind, VideoType) appear only at the API edge.
 */
export const Tool = { Inactivity: 'inactivity', PlayerTracking: 'tracking' } as const;
export type Tool = (typeof Tool)[keyof typeof Tool];

export interface ToolIdentity {
  tool: Tool;
  /** The name users see (upload buttons, card suffix, e-mails). */
  name: string;
  /** What an upload or import asks for to run this tool (spec §3). */
  uploadKind: UploadKind;
  /** The type its in-progress card shows, and that its output adds to its source's (spec §3). */
  videoType: VideoType;
  /** The file upload that runs this tool (spec §7). */
  uploadPath: string;
  /** The upload dialog of this tool (spec §2 Upload dialog). */
  upload: { title: string; submitLabel: string; about: string };
  /** The library list of the videos this tool made (spec §2 Video Library). */
  listTitle: string;
  /** What one kept stretch of its output is called ("31 plays", "12 clips"). */
  chapterNoun: { one: string; many: string };
  /**
   * Its stages, in order, each queued as a background job of that name: the first runs when the
   * source is stored, the others when the run reaches them.
   */
  stageNames: readonly [string, ...string[]];
}

/** The one table of what identifies a tool; every other mapping is read from it. */
export const TOOLS = {
  [Tool.Inactivity]: {
    tool: Tool.Inactivity,
    name: 'Inactivity Filter',
    uploadKind: UploadKind.Inactivity,
    videoType: VideoType.Inactivity,
    uploadPath: ApiPaths.inactivityFileUpload,
    upload: {
      title: 'Upload Video for Inactivity Filtering',
      submitLabel: 'Run Inactivity Filter',
      about: 'Removes the time between plays, such as timeouts and after-the-whistle footage.',
    },
    listTitle: 'Inactivity Filtering Videos',
    chapterNoun: { one: 'play', many: 'plays' },
    stageNames: ['inactivity'],
  },
  [Tool.PlayerTracking]: {
    tool: Tool.PlayerTracking,
    name: 'Player Tracking',
    uploadKind: UploadKind.PlayerTracking,
    videoType: VideoType.PlayerTracking,
    uploadPath: ApiPaths.trackingFileUpload,
    upload: {
      title: 'Upload Video for Player Tracking',
      submitLabel: 'Run Player Tracking Filter',
      about:
        'Finds every clip involving a player identified by jersey number. You pick the team by jersey colour and the player numbers.',
    },
    listTitle: 'Player Tracking Videos',
    chapterNoun: { one: 'clip', many: 'clips' },
    stageNames: ['track-analyse', 'track-render'],
  },
} as const satisfies Record<Tool, ToolIdentity>;

export type ToolStageName = (typeof TOOLS)[Tool]['stageNames'][number];

/** Every tool, in the order the product lists them. */
export const TOOL_IDS: readonly Tool[] = [Tool.Inactivity, Tool.PlayerTracking];
const ALL_TOOLS: readonly ToolIdentity[] = TOOL_IDS.map((tool) => TOOLS[tool]);

export function isTool(value: unknown): value is Tool {
  return (TOOL_IDS as readonly unknown[]).includes(value);
}

/** The tool an upload kind asks for; undefined for a library-only upload. */
export function toolOfUploadKind(kind: number): ToolIdentity | undefined {
  return ALL_TOOLS.find((identity) => identity.uploadKind === kind);
}

/** The tool an upload kind asks for, as a new entry stores it: null for a library-only upload. */
export function requestedToolOf(kind: UploadKind): Tool | null {
  return toolOfUploadKind(kind)?.tool ?? null;
}

/** The tool a requested video type names; undefined for None and Both. */
export function toolOfVideoType(type: number | undefined): ToolIdentity | undefined {
  return ALL_TOOLS.find((identity) => identity.videoType === type);
}

/** The type a new video shows for what was asked: the tool's, or None for the library. */
export function videoTypeOfUploadKind(kind: UploadKind): VideoType {
  return toolOfUploadKind(kind)?.videoType ?? VideoType.None;
}

/** The tools a video went through, in the order of TOOL_IDS, without repeats. */
export function toolSet(tools: Iterable<Tool>): Tool[] {
  const set = new Set(tools);
  return TOOL_IDS.filter((tool) => set.has(tool));
}

/** The spec's VideoType of a set of tools (1 None, 2 Inactivity, 3 PlayerTracking, 4 Both). */
export function videoTypeOfTools(tools: Iterable<Tool>): VideoType {
  const set = toolSet(tools);
  if (set.length === 0) return VideoType.None;
  if (set.length === 1) return TOOLS[set[0]!].videoType;
  return VideoType.Both;
}

/** The set of tools a spec VideoType stands for (Both: every tool). */
export function toolsOfVideoType(type: number): Tool[] {
  if (type === VideoType.Both) return [...TOOL_IDS];
  const tool = toolOfVideoType(type);
  return tool ? [tool.tool] : [];
}

/**
 * Progress of a processing entry on its in-progress card, stage by stage: a link import downloads up
 * to `imported`; the entry shows `engineStart` once its source is stored; the engine runs to `end`
 * (Player Tracking: analysis to `selection`, where the user picks players, then rendering to `end`).
 */
export const ProcessingProgress = {
  imported: 30,
  engineStart: NEW_IN_PROGRESS_PERCENTAGE,
  selection: 66,
  end: 99,
} as const;
