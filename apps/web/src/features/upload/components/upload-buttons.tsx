import { Button } from 'primereact/button';
import { Tooltip } from 'primereact/tooltip';
import { TOOL_IDS, TOOLS, type Tool } from '@filmroom/contract';
import type { UploadModeId } from '../upload-modes.js';

export interface UploadMode {
  id: UploadModeId;
  label: string;
  icon: string;
  info: string;
}

/** Each tool's button icon (PrimeIcons). */
const TOOL_ICONS: Record<Tool, string> = {
  inactivity: 'pi pi-filter',
  tracking: 'pi pi-users',
};

export const UPLOAD_MODES: readonly UploadMode[] = [
  ...TOOL_IDS.map((tool) => ({
    id: tool,
    label: TOOLS[tool].name,
    icon: TOOL_ICONS[tool],
    info: TOOLS[tool].upload.about,
  })),
  {
    id: 'library',
    label: 'Upload to Video Library',
    icon: 'pi pi-cloud-upload',
    info: 'Stores the video in your Video Library to edit, share or process later.',
  },
];

interface UploadButtonsProps {
  /** Called with the chosen mode to open the upload dialog. */
  onSelect?(mode: UploadMode['id']): void;
  layout?: 'row' | 'column';
}

/** The three ways to start with a video, each with an info tooltip. */
export function UploadButtons({ onSelect, layout = 'row' }: UploadButtonsProps) {
  return (
    <div className={`upload-buttons upload-buttons--${layout}`}>
      <Tooltip target=".upload-info" position="top" showDelay={150} />
      {UPLOAD_MODES.map((mode) => (
        <div className={`upload-button upload-button--${mode.id}`} key={mode.id}>
          <Button
            type="button"
            label={mode.label}
            icon={mode.icon}
            className="upload-button__action"
            aria-disabled={onSelect ? undefined : true}
            onClick={() => onSelect?.(mode.id)}
          />
          <button
            type="button"
            className="upload-info"
            aria-label={`About ${mode.label}`}
            data-pr-tooltip={mode.info}
          >
            <i className="pi pi-info-circle" aria-hidden="true" />
          </button>
        </div>
      ))}
    </div>
  );
}
