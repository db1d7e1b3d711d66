import {
  ApiPaths,
  TOOL_IDS,
  TOOLS,
  UploadKind,
  type Tool,
  type VideoType,
} from '@filmroom/contract';

/** The library-only upload, or a tool's. */
export type UploadModeId = Tool | 'library';

/** Everything that differs between the three upload modes (spec §2 Upload dialog, §7). */
export interface UploadModeSettings {
  id: UploadModeId;
  kind: UploadKind;
  /** The tool asked for; undefined for a library-only upload. */
  videoType: VideoType | undefined;
  title: string;
  submitLabel: string;
  /** The mask closes the dialog only for the tools. */
  isMaskDismissable: boolean;
  showsLibraryPicker: boolean;
  filePath: string;
  cloudPath: string;
  platformPath: string;
}

const LIBRARY_MODE: UploadModeSettings = {
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
};

/** A tool's upload mode, read from its entry in the contract's TOOLS. */
function toolMode(tool: Tool): UploadModeSettings {
  const identity = TOOLS[tool];
  return {
    id: tool,
    kind: identity.uploadKind,
    videoType: identity.videoType,
    title: identity.upload.title,
    submitLabel: identity.upload.submitLabel,
    isMaskDismissable: true,
    showsLibraryPicker: true,
    filePath: identity.uploadPath,
    cloudPath: ApiPaths.processCopyFromCloud,
    platformPath: ApiPaths.processPlatform,
  };
}

export const UPLOAD_MODE_SETTINGS = {
  library: LIBRARY_MODE,
  ...Object.fromEntries(TOOL_IDS.map((tool) => [tool, toolMode(tool)])),
} as Record<UploadModeId, UploadModeSettings>;

export function isProcessingMode(mode: UploadModeSettings): boolean {
  return mode.kind !== UploadKind.VideoLibrary;
}
