import { useState, type ChangeEvent } from 'react';
import PhoneInput from 'react-phone-input-2';
import 'react-phone-input-2/lib/style.css';
import { FormField } from './form-field.js';

const US_DIAL_CODE = '1';
/** E.164 allows at most 15 digits including the dial code. */
const MAX_DIGITS = 15;

interface PhoneFieldProps {
  id: string;
  label: string;
  /** National number digits, without the dial code. */
  value: string;
  onChange(nationalDigits: string): void;
  /** Shown under the field, which is marked invalid. */
  error?: string;
}

/**
 * International phone input defaulting to the US (shown as +1 999-999-9999). Callers receive the
 * national digits without the dial code, which is what the API stores (spec §2).
 */
export function PhoneField({ id, label, value, onChange, error }: PhoneFieldProps) {
  const [dialCode, setDialCode] = useState(US_DIAL_CODE);

  // Typing, pasting and autofill all come through here. A value without the leading '+' is a
  // national number (pasted or filled in whole); anything that is not a digit is dropped.
  function handleTyping(event: ChangeEvent<HTMLInputElement>) {
    const raw = event.target.value;
    const digits = raw.replace(/\D/g, '');
    const isInternational = raw.trimStart().startsWith('+');
    const national =
      isInternational && digits.startsWith(dialCode) ? digits.slice(dialCode.length) : digits;
    if (isInternational && !digits.startsWith(dialCode) && digits.length < dialCode.length) {
      onChange('');
      return;
    }
    onChange(national.slice(0, MAX_DIGITS - dialCode.length));
  }

  return (
    <FormField id={id} label={label} error={error}>
      {(control) => (
        <PhoneInput
          country="us"
          preferredCountries={['us']}
          masks={{ us: '...-...-....' }}
          value={`+${dialCode}${value}`}
          specialLabel=""
          containerClass="phone-field"
          inputClass={error ? 'p-inputtext p-invalid' : 'p-inputtext'}
          inputProps={{
            ...control,
            name: id,
            autoComplete: 'tel-national',
            onChange: handleTyping,
          }}
          onChange={(digits, country) => {
            // Reached when a country is picked from the flag list.
            const nextDialCode =
              'dialCode' in country && country.dialCode ? country.dialCode : dialCode;
            setDialCode(nextDialCode);
            onChange(digits.startsWith(nextDialCode) ? digits.slice(nextDialCode.length) : digits);
          }}
        />
      )}
    </FormField>
  );
}
