import { UploadKind, VideoType } from './enums.js';
import { NEW_IN_PROGRESS_PERCENTAGE } from './rules.js';

/** The two processing tools, by the id a processing job carries. */
export const Tool = { Inactivity: 'inactivity', PlayerTracking: 'tracking' } as const;
export type Tool = (typeof Tool)[keyof typeof Tool];

export interface ToolIdentity {
  tool: Tool;
  /** What an upload or import asks for to run this tool (spec §3). */
  uploadKind: UploadKind;
  /** The type its in-progress card shows, and that its output adds to its source's (spec §3). */
  videoType: VideoType;
  /** The name users see (upload buttons, card suffix, e-mails). */
  name: string;
}

/** The one table of what identifies a tool; every other mapping is read from it. */
export const TOOLS: Readonly<Record<Tool, ToolIdentity>> = {
  [Tool.Inactivity]: {
    tool: Tool.Inactivity,
    uploadKind: UploadKind.Inactivity,
    videoType: VideoType.Inactivity,
    name: 'Inactivity Filter',
  },
  [Tool.PlayerTracking]: {
    tool: Tool.PlayerTracking,
    uploadKind: UploadKind.PlayerTracking,
    videoType: VideoType.PlayerTracking,
    name: 'Player Tracking',
  },
};

const ALL_TOOLS = Object.values(TOOLS);

/** The tool an upload kind asks for; undefined for a library-only upload. */
export function toolOfUploadKind(kind: number): ToolIdentity | undefined {
  return ALL_TOOLS.find((identity) => identity.uploadKind === kind);
}

/** The tool a requested video type names; undefined for None and Both. */
export function toolOfVideoType(type: number | undefined): ToolIdentity | undefined {
  return ALL_TOOLS.find((identity) => identity.videoType === type);
}

/** The type a new video shows for what was asked: the tool's, or None for the library. */
export function videoTypeOfUploadKind(kind: UploadKind): VideoType {
  return toolOfUploadKind(kind)?.videoType ?? VideoType.None;
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
