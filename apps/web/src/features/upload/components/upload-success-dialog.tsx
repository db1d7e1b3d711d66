import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { isProcessingMode } from '../upload-modes.js';
import type { UploadOutcome } from '../hooks/use-upload-video.js';

interface UploadSuccessDialogProps {
  outcome: UploadOutcome | undefined;
  onHide(): void;
  onEditDetails(outcome: UploadOutcome): void;
}

/** Success dialog (spec §2: 50vw, at least min(650px, 90%)). */
export function UploadSuccessDialog({ outcome, onHide, onEditDetails }: UploadSuccessDialogProps) {
  return (
    <Dialog
      header="Video successfully uploaded!"
      visible={outcome !== undefined}
      onHide={onHide}
      style={{ width: '50vw', minWidth: 'min(650px, 90%)' }}
      className="upload-success-dialog"
    >
      {outcome && (
        <div className="upload-success">
          {outcome.isLibraryRun && (
            <p className="upload-success__lead">
              Processing started: your library video stays as it is, and the result will be added to
              your Video Library as a new video.
            </p>
          )}
          {isProcessingMode(outcome.mode) ? (
            <>
              <p>We&apos;re processing your video and will notify you when it is complete.</p>
              <p className="muted">Verify your email preferences in Settings</p>
            </>
          ) : (
            <p>Your video is now in your Video Library.</p>
          )}
          {outcome.video && (
            <div className="form__actions">
              <Button
                type="button"
                label="Edit Video Details"
                icon="pi pi-pencil"
                onClick={() => onEditDetails(outcome)}
              />
            </div>
          )}
        </div>
      )}
    </Dialog>
  );
}
