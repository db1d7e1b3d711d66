import { useState } from 'react';
import PhoneInput from 'react-phone-input-2';
import 'react-phone-input-2/lib/style.css';

const US_DIAL_CODE = '1';

interface PhoneFieldProps {
  id: string;
  label: string;
  /** National number digits, without the dial code. */
  value: string;
  onChange(nationalDigits: string): void;
}

/**
 * International phone input defaulting to the US (mask 999-999-9999). The dial code is kept for
 * display only: callers receive the national digits, which is what the API stores (spec §2).
 */
export function PhoneField({ id, label, value, onChange }: PhoneFieldProps) {
  const [dialCode, setDialCode] = useState(US_DIAL_CODE);
  // The input never shows less than its dial code. When the user deletes it, the library blanks
  // the field and then rejects typing; handing it an equal value spelled differently ('1' vs '+1')
  // makes it show the dial code again.
  const [emptySpelling, setEmptySpelling] = useState<'plain' | 'plus'>('plain');
  const emptyValue = emptySpelling === 'plain' ? dialCode : `+${dialCode}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <PhoneInput
        country="us"
        preferredCountries={['us']}
        masks={{ us: '...-...-....' }}
        value={value ? dialCode + value : emptyValue}
        countryCodeEditable={false}
        specialLabel=""
        containerClass="phone-field"
        inputClass="p-inputtext"
        inputProps={{ id, name: id, autoComplete: 'tel-national' }}
        onChange={(digits, country) => {
          const nextDialCode =
            'dialCode' in country && country.dialCode ? country.dialCode : dialCode;
          setDialCode(nextDialCode);
          if (digits === '')
            setEmptySpelling((spelling) => (spelling === 'plain' ? 'plus' : 'plain'));
          onChange(digits.startsWith(nextDialCode) ? digits.slice(nextDialCode.length) : digits);
        }}
      />
    </div>
  );
}
