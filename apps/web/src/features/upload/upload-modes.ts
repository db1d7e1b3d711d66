import { ApiPaths, Tool, TOOLS, UploadKind, type VideoType } from '@filmroom/contract';

export type UploadModeId = 'inactivity' | 'tracking' | 'library';

/** Everything that differs between the three upload modes (spec §2 Upload dialog, §7). */
export interface UploadModeSettings {
  id: UploadModeId;
  kind: UploadKind;
  /** The tool asked for; undefined for a library-only upload. */
  videoType: VideoType | undefined;
  title: string;
  submitLabel: string;
  /** The mask closes the dialog only for the two tools. */
  isMaskDismissable: boolean;
  showsLibraryPicker: boolean;
  filePath: string;
  cloudPath: string;
  platformPath: string;
}

export const UPLOAD_MODE_SETTINGS: Record<UploadModeId, UploadModeSettings> = {
  library: {
    id: 'library',
    kind: UploadKind.VideoLibrary,
    videoType: undefined,
    title: 'Upload Video',
    submitLabel: 'Upload to Video Library',
    isMaskDismissable: false,
    showsLibraryPicker: false,
    filePath: ApiPaths.libraryFileUpload,
    cloudPath: ApiPaths.libraryCopyFromCloud,
    platformPath: ApiPaths.libraryPlatformUpload,
  },
  inactivity: {
    id: 'inactivity',
    kind: TOOLS[Tool.Inactivity].uploadKind,
    videoType: TOOLS[Tool.Inactivity].videoType,
    title: 'Upload Video for Inactivity Filtering',
    submitLabel: 'Run Inactivity Filter',
    isMaskDismissable: true,
    showsLibraryPicker: true,
    filePath: ApiPaths.inactivityFileUpload,
    cloudPath: ApiPaths.processCopyFromCloud,
    platformPath: ApiPaths.processPlatform,
  },
  tracking: {
    id: 'tracking',
    kind: TOOLS[Tool.PlayerTracking].uploadKind,
    videoType: TOOLS[Tool.PlayerTracking].videoType,
    title: 'Upload Video for Player Tracking',
    submitLabel: 'Run Player Tracking Filter',
    isMaskDismissable: true,
    showsLibraryPicker: true,
    filePath: ApiPaths.trackingFileUpload,
    cloudPath: ApiPaths.processCopyFromCloud,
    platformPath: ApiPaths.processPlatform,
  },
};

export function isProcessingMode(mode: UploadModeSettings): boolean {
  return mode.kind !== UploadKind.VideoLibrary;
}
