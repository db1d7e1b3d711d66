import { useEffect, useState, type FormEvent } from 'react';
import { Button } from 'primereact/button';
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
  type TrackedPlayer,
  type TrackingTeamInfo,
  type TeamLetter,
} from '@filmroom/contract';
import { RequiredMark, RequiredNote } from '../../../components/field-label.js';
import { TextField } from '../../../components/text-field.js';
import { notify } from '../../../lib/notifier.js';
import { useNumberPlayer, useSelectPlayers, useTrackingInfo } from '../api/tracking-players.js';
import './select-players-dialog.css';
import { NotesField } from '../../../components/notes-field.js';
import { playerTitle, TrackedPlayerRow } from './tracked-player-row.js';

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

/** A team's players: every tracked player, or its numbers alone from a server that lists no more. */
function playersOf(team: TrackingTeamInfo): TrackedPlayer[] {
  return (
    team.trackedPlayers ??
    team.players.map((number) => ({
      id: `${team.teamLetter}-${number}`,
      number,
      numberedByCoach: false,
      photoUrl: null,
      onScreenSec: 0,
      firstSeenSec: 0,
      lastSeenSec: 0,
    }))
  );
}

/** What a team's radio says beside its colours: how it can be picked from. */
function teamNote(team: TrackingTeamInfo): string | null {
  const players = playersOf(team);
  if (players.length === 0) return '(no players tracked)';
  if (team.players.length === 0) return '(no readable numbers)';
  return null;
}

/** Select Players & Set Details For New Video (spec §2, 80vw). */
export function SelectPlayersDialog({ video, onHide }: SelectPlayersDialogProps) {
  const info = useTrackingInfo(video?.id);
  const select = useSelectPlayers();
  const numberPlayer = useNumberPlayer();
  const [title, setTitle] = useState('');
  // Until the user names it, the new video is named after its source and the chosen players.
  const [isTitleEdited, setTitleEdited] = useState(false);
  const [description, setDescription] = useState('');
  const [notes, setNotes] = useState('');
  const [teamLetter, setTeamLetter] = useState<TeamLetter>('A');
  // the chosen players by id, in the order chosen (each box's colour follows it)
  const [selectedIds, setSelectedIds] = useState<string[]>([]);
  const [enlarged, setEnlarged] = useState<TrackedPlayer | undefined>();

  useEffect(() => {
    if (!video) return;
    setTitle(video.title ?? '');
    setTitleEdited(false);
    setDescription(video.description ?? '');
    setNotes(video.notes ?? '');
    setTeamLetter('A');
    setSelectedIds([]);
    setEnlarged(undefined);
  }, [video]);

  const teams = info.data?.teams ?? [];
  const team = teams.find((t) => t.teamLetter === teamLetter);
  const players = team ? playersOf(team) : [];
  const chosen = selectedIds.flatMap((id) => players.filter((p) => p.id === id));
  const selectedPlayers = chosen.flatMap((p) => (p.number === null ? [] : [p.number]));
  const selectedPlayerIds = chosen.filter((p) => p.number === null).map((p) => p.id);
  const shownTitle =
    isTitleEdited || chosen.length === 0
      ? title
      : defaultOutputTitle(
          video?.title ?? '',
          trackedPlayersLabel(
            selectedPlayers,
            team ? colourName(team.primaryColor) : '',
            selectedPlayerIds.length,
          ),
        );

  function chooseTeam(letter: TeamLetter) {
    setTeamLetter(letter);
    setSelectedIds([]);
  }

  function toggle(id: string, checked: boolean) {
    setSelectedIds((current) =>
      checked ? [...current.filter((n) => n !== id), id] : current.filter((n) => n !== id),
    );
  }

  /** The coach's number for a player; a player joined to a teammate of that number stays chosen. */
  async function giveNumber(player: TrackedPlayer, number: number) {
    if (!video) return;
    const updated = await numberPlayer.mutateAsync({
      videoId: video.id,
      playerId: player.id,
      number,
    });
    const now = updated.teams.find((t) => t.teamLetter === teamLetter);
    const holder = now && playersOf(now).find((p) => p.number === number);
    setSelectedIds((current) =>
      current.includes(player.id) && holder
        ? [...new Set(current.map((id) => (id === player.id ? holder.id : id)))]
        : current,
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
      selectedPlayerIds,
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
            const note = teamNote(option);
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
                  {note && <span className="muted">{note}</span>}
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
          {team && players.length === 0 && (
            <p className="select-players__none">{ProcessingMessages.noTrackedPlayers}</p>
          )}
          {team && players.length > 0 && team.players.length === 0 && (
            <p className="select-players__none">
              {ProcessingMessages.noReadablePlayers} Pick players by their photo, or type a number.
            </p>
          )}
          {players.map((player) => (
            <TrackedPlayerRow
              key={player.id}
              player={player}
              checked={selectedIds.includes(player.id)}
              onToggle={(checked) => toggle(player.id, checked)}
              onOpenPhoto={() => setEnlarged(player)}
              onNumber={(number) => giveNumber(player, number)}
            />
          ))}
        </fieldset>
        <div className="form__actions">
          <Button type="button" label="Cancel" outlined onClick={onHide} />
          <Button type="submit" label="Save" loading={select.isPending} />
        </div>
      </form>
      <Dialog
        header={enlarged ? playerTitle(enlarged) : ''}
        visible={enlarged !== undefined}
        onHide={() => setEnlarged(undefined)}
        className="player-photo-dialog"
        dismissableMask
      >
        {enlarged?.photoUrl && (
          <img
            className="player-photo-dialog__image"
            src={enlarged.photoUrl}
            alt={`${playerTitle(enlarged)}, large`}
          />
        )}
      </Dialog>
    </Dialog>
  );
}
