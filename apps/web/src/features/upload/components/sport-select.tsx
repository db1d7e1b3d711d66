import { SPORTS, type Sport } from '@filmroom/contract';
import { FormField } from '../../../components/form-field.js';

interface SportSelectProps {
  value: Sport;
  onChange(sport: Sport): void;
}

/** The film's sport for a tool (#36): a native dropdown of the contract's choices. */
export function SportSelect({ value, onChange }: SportSelectProps) {
  return (
    <FormField id="upload-sport" label="Sport">
      {(control) => (
        <select
          {...control}
          className="p-inputtext select"
          value={value}
          onChange={(event) => {
            const chosen = SPORTS.find((sport) => sport.id === event.target.value);
            if (chosen) onChange(chosen.id);
          }}
        >
          {SPORTS.map((sport) => (
            <option key={sport.id} value={sport.id}>
              {sport.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
