import { describe, expect, it } from 'vitest';
import { UploadKind, VideoType } from './enums.js';
import { inProgressTitleSuffix } from './processing.js';
import {
  Tool,
  toolOfUploadKind,
  toolOfVideoType,
  toolsOfVideoType,
  videoTypeOfTools,
  videoTypeOfUploadKind,
} from './tools.js';

describe('tools', () => {
  it('keep the wire codes of the spec', () => {
    expect(VideoType).toEqual({ None: 1, Inactivity: 2, PlayerTracking: 3, Both: 4 });
    expect(UploadKind).toEqual({ Inactivity: 1, PlayerTracking: 2, VideoLibrary: 3 });
  });

  it('are found by the upload kind and the video type that name them', () => {
    expect(toolOfUploadKind(UploadKind.Inactivity)?.tool).toBe(Tool.Inactivity);
    expect(toolOfUploadKind(UploadKind.PlayerTracking)?.tool).toBe(Tool.PlayerTracking);
    expect(toolOfUploadKind(UploadKind.VideoLibrary)).toBeUndefined();
    expect(toolOfVideoType(VideoType.PlayerTracking)?.uploadKind).toBe(UploadKind.PlayerTracking);
    expect(toolOfVideoType(VideoType.Both)).toBeUndefined();
    expect(videoTypeOfUploadKind(UploadKind.VideoLibrary)).toBe(VideoType.None);
    expect(videoTypeOfUploadKind(UploadKind.Inactivity)).toBe(VideoType.Inactivity);
  });

  it('name the in-progress card suffix', () => {
    expect(inProgressTitleSuffix(VideoType.Inactivity)).toBe(' (Inactivity Filter)');
    expect(inProgressTitleSuffix(VideoType.PlayerTracking)).toBe(' (Player Tracking)');
    expect(inProgressTitleSuffix(VideoType.None)).toBe('');
  });

  it('map a set of tools to the spec video type and back', () => {
    expect(videoTypeOfTools([])).toBe(VideoType.None);
    expect(videoTypeOfTools([Tool.Inactivity])).toBe(VideoType.Inactivity);
    expect(videoTypeOfTools([Tool.PlayerTracking, Tool.PlayerTracking])).toBe(
      VideoType.PlayerTracking,
    );
    expect(videoTypeOfTools([Tool.PlayerTracking, Tool.Inactivity])).toBe(VideoType.Both);
    for (const type of Object.values(VideoType)) {
      expect(videoTypeOfTools(toolsOfVideoType(type))).toBe(type);
    }
  });
});
