import { useEffect, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import {
  DEFAULT_SPORT,
  ICLOUD_LINK_PLACEHOLDER,
  PLATFORM_LINK_PLACEHOLDER,
  validateUpload,
  type LibraryVideo,
  type Sport,
} from '@filmroom/contract';
import { notify } from '../../../lib/notifier.js';
import { FormField } from '../../../components/form-field.js';
import { useRememberedSport } from '../api/get-remembered-sport.js';
import type { UploadSource } from '../hooks/use-upload-video.js';
import { videoFileProblem } from '../hooks/video-file-problem.js';
import { isProcessingMode, type UploadModeSettings } from '../upload-modes.js';
import { LibraryVideoPicker } from './library-video-picker.js';
import { SportSelect } from './sport-select.js';

/**
 * A source submitted before (a file or a link), kept when the server refused it, with what went wrong
 * in words: the dialog opens again with it, the reason beside it.
 */
export interface KeptSource {
  source: UploadSource;
  reason: string | undefined;
  /** The sport chosen with it (a tool's upload). */
  sport?: Sport | undefined;
}

interface UploadDialogProps {
  mode: UploadModeSettings | undefined;
  libraryVideos: readonly LibraryVideo[];
  kept?: KeptSource | undefined;
  onHide(): void;
  /** `sport`: the film's sport for a tool; undefined for a library upload. */
  onSubmit(mode: UploadModeSettings, source: UploadSource, sport: Sport | undefined): void;
}

/** Upload dialog (spec §2, 80vw): one source out of device file, library video, iCloud or platform link. */
export function UploadDialog({ mode, libraryVideos, kept, onHide, onSubmit }: UploadDialogProps) {
  const [file, setFile] = useState<File>();
  const [fileProblem, setFileProblem] = useState<string>();
  const [isDropTarget, setIsDropTarget] = useState(false);
  const [selectedId, setSelectedId] = useState<string>();
  const [iCloudLink, setICloudLink] = useState('');
  const [iCloudProblem, setICloudProblem] = useState<string>();
  const [platformLink, setPlatformLink] = useState('');
  const [platformProblem, setPlatformProblem] = useState<string>();
  // Until the user picks one, the sport shown is the one they chose last time.
  const [chosenSport, setChosenSport] = useState<Sport>();
  const asksSport = mode !== undefined && isProcessingMode(mode);
  const { data: rememberedSport } = useRememberedSport(asksSport);
  const sport = chosenSport ?? rememberedSport ?? DEFAULT_SPORT;
  const fileInput = useRef<HTMLInputElement>(null);
  // Only the last chosen file's check may answer (a quick second pick overtakes a slow first read).
  const fileCheck = useRef(0);

  useEffect(() => {
    const source = kept?.source;
    setFile(source?.kind === 'file' ? source.file : undefined);
    setFileProblem(source?.kind === 'file' ? kept?.reason : undefined);
    setIsDropTarget(false);
    setSelectedId(source?.kind === 'library' ? source.videoId : undefined);
    setICloudLink(source?.kind === 'cloud' ? source.url : '');
    setICloudProblem(source?.kind === 'cloud' ? kept?.reason : undefined);
    setPlatformLink(source?.kind === 'platform' ? source.url : '');
    setPlatformProblem(source?.kind === 'platform' ? kept?.reason : undefined);
    setChosenSport(kept?.sport);
  }, [mode, kept]);

  // A deleted video cannot stay selected.
  const libraryVideoId = libraryVideos.some((video) => video.id === selectedId)
    ? selectedId
    : undefined;

  function clearFileInput() {
    if (fileInput.current) fileInput.current.value = '';
  }

  /** A file that is not a video is refused here, in words, before any byte of it is sent. */
  function chooseFile(chosen: File | undefined) {
    const check = ++fileCheck.current;
    setFile(undefined);
    setFileProblem(undefined);
    if (!chosen) return;
    void videoFileProblem(chosen).then((problem) => {
      if (check !== fileCheck.current) return;
      if (problem) {
        clearFileInput();
        setFileProblem(problem);
      } else {
        setFile(chosen);
      }
    });
  }

  function removeFile() {
    chooseFile(undefined);
    clearFileInput();
  }

  function dragOver(event: DragEvent) {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setIsDropTarget(true);
  }

  function drop(event: DragEvent) {
    event.preventDefault();
    setIsDropTarget(false);
    const dropped = event.dataTransfer.files[0];
    if (!dropped) return;
    clearFileInput();
    chooseFile(dropped);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!mode) return;
    const failures = validateUpload({
      kind: mode.kind,
      hasFile: file !== undefined,
      libraryVideoId: mode.showsLibraryPicker ? libraryVideoId : undefined,
      iCloudLink,
      platformLink,
    });
    if (failures.length > 0) {
      notify.errors(failures);
      return;
    }
    const source: UploadSource = file
      ? { kind: 'file', file }
      : libraryVideoId && mode.showsLibraryPicker
        ? { kind: 'library', videoId: libraryVideoId }
        : iCloudLink.trim() !== ''
          ? { kind: 'cloud', url: iCloudLink }
          : { kind: 'platform', url: platformLink };
    onSubmit(mode, source, asksSport ? sport : undefined);
  }

  return (
    <Dialog
      header={mode?.title}
      visible={mode !== undefined}
      onHide={onHide}
      dismissableMask={mode?.isMaskDismissable ?? false}
      style={{ width: '80vw' }}
      className={`upload-dialog upload-dialog--${mode?.id ?? 'closed'}`}
    >
      {mode && (
        <form className="form upload-form" onSubmit={submit} noValidate>
          <div
            className={`upload-form__device${isDropTarget ? ' upload-form__device--drop-target' : ''}`}
            data-testid="upload-drop-zone"
            onDragOver={dragOver}
            onDragEnter={dragOver}
            onDragLeave={() => setIsDropTarget(false)}
            onDrop={drop}
          >
            <input
              ref={fileInput}
              id="upload-file"
              type="file"
              accept="video/*"
              className="visually-hidden"
              onChange={(event) => chooseFile(event.target.files?.[0] ?? undefined)}
            />
            <label htmlFor="upload-file" className="p-button p-button-outlined upload-form__pick">
              <i className="pi pi-upload" aria-hidden="true" />
              <span>Upload from device</span>
            </label>
            {!file && <span className="upload-form__drop-hint">or drop a video file here</span>}
            {file && (
              <>
                <span className="upload-form__file-name">{file.name}</span>
                <Button
                  type="button"
                  label="Remove file"
                  icon="pi pi-times"
                  text
                  severity="danger"
                  onClick={removeFile}
                />
              </>
            )}
            {fileProblem && (
              <small className="field__error upload-form__file-problem" role="alert">
                {fileProblem}
              </small>
            )}
          </div>
          {mode.showsLibraryPicker && (
            <LibraryVideoPicker
              videos={libraryVideos}
              selectedId={libraryVideoId}
              onChange={setSelectedId}
            />
          )}
          <FormField id="upload-icloud-link" label="iCloud link" error={iCloudProblem}>
            {(control) => (
              <InputText
                {...control}
                type="url"
                placeholder={ICLOUD_LINK_PLACEHOLDER}
                value={iCloudLink}
                invalid={Boolean(iCloudProblem)}
                onChange={(event) => {
                  setICloudLink(event.target.value);
                  setICloudProblem(undefined);
                }}
              />
            )}
          </FormField>
          <FormField
            id="upload-platform-link"
            label="YouTube, Hudl or Instagram Reel link"
            error={platformProblem}
          >
            {(control) => (
              <InputText
                {...control}
                type="url"
                placeholder={PLATFORM_LINK_PLACEHOLDER}
                value={platformLink}
                invalid={Boolean(platformProblem)}
                onChange={(event) => {
                  setPlatformLink(event.target.value);
                  setPlatformProblem(undefined);
                }}
              />
            )}
          </FormField>
          {asksSport && <SportSelect value={sport} onChange={setChosenSport} />}
          <div className="form__actions">
            <Button
              type="submit"
              label={mode.submitLabel}
              className={`upload-form__submit upload-form__submit--${mode.id}`}
            />
          </div>
        </form>
      )}
    </Dialog>
  );
}
