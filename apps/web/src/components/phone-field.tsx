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
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <PhoneInput
        country="us"
        preferredCountries={['us']}
        masks={{ us: '...-...-....' }}
        value={value ? dialCode + value : ''}
        countryCodeEditable={false}
        specialLabel=""
        containerClass="phone-field"
        inputClass="p-inputtext"
        inputProps={{ id, name: id, autoComplete: 'tel-national' }}
        onChange={(digits, country) => {
          const nextDialCode =
            'dialCode' in country && country.dialCode ? country.dialCode : dialCode;
          setDialCode(nextDialCode);
          onChange(digits.startsWith(nextDialCode) ? digits.slice(nextDialCode.length) : digits);
        }}
      />
    </div>
  );
}
