import { useEffect, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { ProgressBar } from 'primereact/progressbar';
import { RadioButton } from 'primereact/radiobutton';
import {
  colourName,
  defaultOutputTitle,
  ProcessingMessages,
  TextLimits,
  trackedPlayersLabel,
  validateSelectPlayers,
  type TrackedPlayerPhoto,
  type TrackingTeamInfo,
} from '@filmroom/contract';
import { RequiredMark, RequiredNote } from '../../../components/field-label.js';
import { TextField } from '../../../components/text-field.js';
import { notify } from '../../../lib/notifier.js';
import { useSelectPlayers, useTrackingInfo } from '../api/tracking-players.js';
import './select-players-dialog.css';
import { NotesField } from '../../../components/notes-field.js';

/** The video waiting for player selection (an in-progress card or a library card). */
export interface SelectableVideo {
  id: string;
  title: string;
  description?: string;
  notes?: string;
}

interface SelectPlayersDialogProps {
  video: SelectableVideo | undefined;
  onHide(): void;
}

/** A jersey number as the dialog shows it: two digits, '#07'. */
export function jerseyLabel(number: number): string {
  return `#${String(number).padStart(2, '0')}`;
}

function TeamSwatches({ team }: { team: TrackingTeamInfo }) {
  return (
    <span className="team-swatches" aria-hidden="true">
      <span className="team-swatch" style={{ background: team.primaryColor }} />
      <span className="team-swatch" style={{ background: team.secondaryColor }} />
    </span>
  );
}

/** A team's colours in words ('red and white'), so the choice never rests on the swatch alone. */
export function teamColours(
  team: Pick<TrackingTeamInfo, 'primaryColor' | 'secondaryColor'>,
): string {
  const primary = colourName(team.primaryColor);
  const secondary = colourName(team.secondaryColor);
  return primary === secondary ? primary : `${primary} and ${secondary}`;
}

/** The crop a number was read from, as a button that shows it large. */
function PlayerPhoto({ photo, onOpen }: { photo: TrackedPlayerPhoto; onOpen(): void }) {
  const label = jerseyLabel(photo.number);
  return (
    <button
      type="button"
      className="select-players__photo-button"
      aria-label={`Show the photo of player ${label} large`}
      onClick={onOpen}
    >
      <img className="select-players__photo" src={photo.url} alt={`Player ${label}`} />
    </button>
  );
}

/** Select Players & Set Details For New Video (spec §2, 80vw). */
export function SelectPlayersDialog({ video, onHide }: SelectPlayersDialogProps) {
  const info = useTrackingInfo(video?.id);
  const select = useSelectPlayers();
  const [title, setTitle] = useState('');
  // Until the user names it, the new video is named after its source and the chosen players.
  const [isTitleEdited, setTitleEdited] = useState(false);
  const [description, setDescription] = useState('');
  const [notes, setNotes] = useState('');
  const [teamLetter, setTeamLetter] = useState('A');
  const [selectedPlayers, setSelectedPlayers] = useState<number[]>([]);
  const [enlarged, setEnlarged] = useState<TrackedPlayerPhoto | undefined>();

  useEffect(() => {
    if (!video) return;
    setTitle(video.title ?? '');
    setTitleEdited(false);
    setDescription(video.description ?? '');
    setNotes(video.notes ?? '');
    setTeamLetter('A');
    setSelectedPlayers([]);
    setEnlarged(undefined);
  }, [video]);

  const teams = info.data?.teams ?? [];
  const team = teams.find((t) => t.teamLetter === teamLetter);
  const shownTitle =
    isTitleEdited || selectedPlayers.length === 0
      ? title
      : defaultOutputTitle(
          video?.title ?? '',
          trackedPlayersLabel(selectedPlayers, team ? colourName(team.primaryColor) : ''),
        );

  function chooseTeam(letter: string) {
    setTeamLetter(letter);
    setSelectedPlayers([]);
  }

  function toggle(number: number, checked: boolean) {
    setSelectedPlayers((current) =>
      checked
        ? [...current.filter((n) => n !== number), number]
        : current.filter((n) => n !== number),
    );
  }

  function save(event: FormEvent) {
    event.preventDefault();
    if (!video) return;
    const form = {
      title: shownTitle.trim(),
      description: description.trim(),
      notes: notes.trim(),
      teamLetter,
      selectedPlayers,
    };
    const failures = validateSelectPlayers(form);
    if (failures.length > 0) {
      notify.errors(failures);
      return;
    }
    select.mutate({ videoId: video.id, ...form }, { onSuccess: onHide });
  }

  return (
    <Dialog
      header="Select Players & Set Details For New Video"
      visible={video !== undefined}
      onHide={onHide}
      style={{ width: '80vw' }}
      breakpoints={{ '960px': '95vw' }}
      className="select-players-dialog"
    >
      <form className="form" onSubmit={save} noValidate>
        <RequiredNote />
        <TextField
          id="select-players-name"
          label="Video Name"
          value={shownTitle}
          onChange={(typed) => {
            setTitle(typed);
            setTitleEdited(true);
          }}
          maxLength={TextLimits.videoTitle}
          required
        />
        <TextField
          id="select-players-description"
          label="Video Description"
          value={description}
          onChange={setDescription}
          maxLength={TextLimits.videoDescription}
          required
        />
        <NotesField id="select-players-notes" value={notes} onChange={setNotes} />
        {info.isLoading && <ProgressBar mode="indeterminate" style={{ height: 4 }} />}
        <fieldset
          className="field select-players__teams"
          role="radiogroup"
          aria-required="true"
          aria-labelledby="select-players-teams-legend"
        >
          <legend id="select-players-teams-legend">
            Jersey Color
            <RequiredMark />
          </legend>
          {teams.map((option) => {
            const id = `select-players-team-${option.teamLetter}`;
            const hasPlayers = option.players.length > 0;
            return (
              <div key={option.teamLetter} className="select-players__team">
                <RadioButton
                  inputId={id}
                  name="teamLetter"
                  value={option.teamLetter}
                  checked={teamLetter === option.teamLetter}
                  onChange={() => chooseTeam(option.teamLetter)}
                />
                <label htmlFor={id} className="select-players__team-label">
                  <TeamSwatches team={option} />
                  <span>{`Team ${option.teamLetter}: ${teamColours(option)}`}</span>
                  {!hasPlayers && <span className="muted">(no readable numbers)</span>}
                </label>
              </div>
            );
          })}
        </fieldset>
        <fieldset className="field select-players__players" aria-labelledby="select-players-legend">
          <legend id="select-players-legend">
            Select Players
            <RequiredMark />
          </legend>
          {team && team.players.length === 0 && (
            <p className="select-players__none">{ProcessingMessages.noReadablePlayers}</p>
          )}
          {(team?.players ?? []).map((number) => {
            const id = `select-players-player-${number}`;
            const photo = team?.playerPhotos?.find((p) => p.number === number);
            return (
              <div key={number} className="select-players__player">
                <Checkbox
                  inputId={id}
                  checked={selectedPlayers.includes(number)}
                  onChange={(event) => toggle(number, event.checked === true)}
                />
                <label htmlFor={id}>{jerseyLabel(number)}</label>
                {photo && <PlayerPhoto photo={photo} onOpen={() => setEnlarged(photo)} />}
              </div>
            );
          })}
        </fieldset>
        <div className="form__actions">
          <Button type="button" label="Cancel" outlined onClick={onHide} />
          <Button type="submit" label="Save" loading={select.isPending} />
        </div>
      </form>
      <Dialog
        header={enlarged ? `Player ${jerseyLabel(enlarged.number)}` : ''}
        visible={enlarged !== undefined}
        onHide={() => setEnlarged(undefined)}
        className="player-photo-dialog"
        dismissableMask
      >
        {enlarged && (
          <img
            className="player-photo-dialog__image"
            src={enlarged.url}
            alt={`Player ${jerseyLabel(enlarged.number)}, large`}
          />
        )}
      </Dialog>
    </Dialog>
  );
}
