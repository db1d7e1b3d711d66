import { Button } from 'primereact/button';
import { Tooltip } from 'primereact/tooltip';
import { Tool, TOOLS } from '@filmroom/contract';

export interface UploadMode {
  id: 'inactivity' | 'tracking' | 'library';
  label: string;
  icon: string;
  info: string;
}

export const UPLOAD_MODES: readonly UploadMode[] = [
  {
    id: 'inactivity',
    label: TOOLS[Tool.Inactivity].name,
    icon: 'pi pi-filter',
    info: 'Removes the time between plays, such as timeouts and after-the-whistle footage.',
  },
  {
    id: 'tracking',
    label: TOOLS[Tool.PlayerTracking].name,
    icon: 'pi pi-users',
    info: 'Finds every clip involving a player identified by jersey number. You pick the team by jersey colour and the player numbers.',
  },
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
