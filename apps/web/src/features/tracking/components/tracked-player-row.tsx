import { useState, type KeyboardEvent } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import {
  formatDuration,
  parseJerseyNumber,
  ProcessingMessages,
  type TrackedPlayer,
} from '@filmroom/contract';
import { notify } from '../../../lib/notifier.js';

/** A jersey number as the dialog shows it: two digits, '#07'. */
export function jerseyLabel(number: number): string {
  return `#${String(number).padStart(2, '0')}`;
}

/** How a player is named in the list: by number, else by when they are on screen. */
export function playerName(player: TrackedPlayer): string {
  return player.number !== null
    ? jerseyLabel(player.number)
    : `Player seen ${formatDuration(player.firstSeenSec)}–${formatDuration(player.lastSeenSec)}`;
}

/** The player as a photo's title: 'Player #07', 'Player seen 0:12–0:31'. */
export function playerTitle(player: TrackedPlayer): string {
  return player.number !== null ? `Player ${playerName(player)}` : playerName(player);
}

/** The player inside a sentence: 'player #07', 'the player seen 0:12–0:31'. */
function playerPhrase(player: TrackedPlayer): string {
  return player.number !== null
    ? `player ${playerName(player)}`
    : `the ${playerName(player).toLowerCase()}`;
}

function onScreenText(player: TrackedPlayer): string {
  return `${Math.max(1, Math.round(player.onScreenSec))} s on screen`;
}

interface TrackedPlayerRowProps {
  player: TrackedPlayer;
  checked: boolean;
  onToggle(checked: boolean): void;
  onOpenPhoto(): void;
  /** Gives the player the number the coach typed; resolves when the server has it. */
  onNumber(number: number): Promise<unknown>;
}

/**
 * One tracked player in Select Players: a checkbox named by number (or by when they are on screen),
 * their photo, and a way to type the right number (a misread, or one never read).
 */
export function TrackedPlayerRow({
  player,
  checked,
  onToggle,
  onOpenPhoto,
  onNumber,
}: TrackedPlayerRowProps) {
  const [editing, setEditing] = useState(false);
  const [typed, setTyped] = useState('');
  const [saving, setSaving] = useState(false);
  const name = playerName(player);
  const id = `select-players-player-${player.id}`;

  async function saveNumber() {
    const number = parseJerseyNumber(typed);
    if (number === null) {
      notify.errors([ProcessingMessages.badJerseyNumber]);
      return;
    }
    setSaving(true);
    try {
      await onNumber(number);
      setEditing(false);
    } catch {
      // the request's error is shown by the HTTP client; the typed number stays for a fix
    } finally {
      setSaving(false);
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter saves the number, not the whole dialog; Escape leaves the number as it was
    if (event.key === 'Enter') {
      event.preventDefault();
      void saveNumber();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setEditing(false);
    }
  }

  return (
    <div className="select-players__player">
      <Checkbox
        inputId={id}
        checked={checked}
        onChange={(event) => onToggle(event.checked === true)}
      />
      <span className="select-players__player-label">
        <label htmlFor={id} className="select-players__player-name">
          {name}
        </label>
        <span className="muted">
          {player.number === null ? 'no number · ' : player.numberedByCoach ? 'your number · ' : ''}
          {onScreenText(player)}
        </span>
      </span>
      {player.photoUrl && (
        <button
          type="button"
          className="select-players__photo-button"
          aria-label={`Show the photo of ${playerPhrase(player)} large`}
          onClick={onOpenPhoto}
        >
          <img className="select-players__photo" src={player.photoUrl} alt={playerTitle(player)} />
        </button>
      )}
      {editing ? (
        <span className="select-players__number-editor">
          <InputText
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            onKeyDown={onKeyDown}
            inputMode="numeric"
            maxLength={2}
            autoFocus
            aria-label={`Jersey number of ${playerPhrase(player)}`}
            className="select-players__number-input"
          />
          <Button
            type="button"
            label="Save number"
            size="small"
            loading={saving}
            onClick={() => void saveNumber()}
          />
          <Button
            type="button"
            label="Cancel"
            size="small"
            text
            onClick={() => setEditing(false)}
          />
        </span>
      ) : (
        <Button
          type="button"
          label={player.number === null ? 'Set number' : 'Change number'}
          aria-label={`${player.number === null ? 'Set number' : 'Change number'} of ${playerPhrase(player)}`}
          size="small"
          text
          onClick={() => {
            setTyped(player.number === null ? '' : String(player.number));
            setEditing(true);
          }}
        />
      )}
    </div>
  );
}
