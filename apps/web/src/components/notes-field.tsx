import { InputTextarea } from 'primereact/inputtextarea';
import { NOTES_COLUMNS, NOTES_ROWS, TextLimits } from '@filmroom/contract';

interface NotesFieldProps {
  id: string;
  value: string;
  onChange(value: string): void;
}

/** The private 'Notes' field of the video dialogs: 'only visible to you', 5 rows by 30 columns. */
export function NotesField({ id, value, onChange }: NotesFieldProps) {
  return (
    <div className="field">
      <label htmlFor={id}>Notes</label>
      <small id={`${id}-hint`} className="muted">
        only visible to you
      </small>
      <InputTextarea
        id={id}
        aria-describedby={`${id}-hint`}
        rows={NOTES_ROWS}
        cols={NOTES_COLUMNS}
        maxLength={TextLimits.notes}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
