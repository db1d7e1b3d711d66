import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { useLibraryVideos } from '../features/library/api/get-videos.js';
import {
  EditVideoDialog,
  type EditableVideo,
} from '../features/library/components/edit-video-dialog.js';
import { UploadDialog, type KeptSource } from '../features/upload/components/upload-dialog.js';
import { uploadFailureReason } from '../features/upload/hooks/upload-error-message.js';
import { UploadSuccessDialog } from '../features/upload/components/upload-success-dialog.js';
import { useUploadVideo, type UploadOutcome } from '../features/upload/hooks/use-upload-video.js';
import { UPLOAD_MODE_SETTINGS, type UploadModeId } from '../features/upload/upload-modes.js';

type OpenUpload = (mode: UploadModeId) => void;

const UploadLauncherContext = createContext<OpenUpload | undefined>(undefined);

/** Opens the upload dialog from the Home upload area or the small-screen menu. */
export function useUploadLauncher(): OpenUpload {
  const open = useContext(UploadLauncherContext);
  if (!open) throw new Error('useUploadLauncher must be used inside UploadFlow');
  return open;
}

/**
 * Upload dialog → global loader → success dialog → edit details: one flow shared by every page of the
 * signed-in layout, composed here because it spans the upload and library features.
 */
export function UploadFlow({ children }: { children: ReactNode }) {
  const [modeId, setModeId] = useState<UploadModeId>();
  const [outcome, setOutcome] = useState<UploadOutcome>();
  const [edited, setEdited] = useState<EditableVideo>();
  // A file whose upload failed or was cancelled, or a refused link: the dialog opens again with it and
  // the reason beside it.
  const [kept, setKept] = useState<KeptSource>();
  const { data: libraryVideos = [] } = useLibraryVideos();
  const upload = useUploadVideo();
  const open = useCallback<OpenUpload>((mode) => setModeId(mode), []);

  return (
    <UploadLauncherContext.Provider value={open}>
      {children}
      <UploadDialog
        mode={modeId ? UPLOAD_MODE_SETTINGS[modeId] : undefined}
        libraryVideos={libraryVideos}
        kept={kept}
        onHide={() => {
          setModeId(undefined);
          setKept(undefined);
        }}
        onSubmit={(mode, source, sport) => {
          setModeId(undefined);
          setKept(undefined);
          upload.mutate(
            { mode, source, sport },
            {
              onSuccess: setOutcome,
              onError: (error) => {
                const reason = uploadFailureReason(error);
                // A link or library video refused for no stated reason has nothing to fix in the dialog.
                if (source.kind !== 'file' && !reason) return;
                setKept({ source, reason, sport });
                setModeId(mode.id);
              },
            },
          );
        }}
      />
      <UploadSuccessDialog
        outcome={outcome}
        onHide={() => setOutcome(undefined)}
        onEditDetails={(done) => {
          setOutcome(undefined);
          setEdited(done.video);
        }}
      />
      <EditVideoDialog video={edited} onHide={() => setEdited(undefined)} />
    </UploadLauncherContext.Provider>
  );
}
