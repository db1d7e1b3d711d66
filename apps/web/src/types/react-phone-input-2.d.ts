declare module 'react-phone-input-2' {
  import type { ComponentType, InputHTMLAttributes } from 'react';

  export interface CountryData {
    name: string;
    dialCode: string;
    countryCode: string;
    format: string;
  }

  export interface PhoneInputProps {
    country?: string;
    value?: string;
    onChange?(value: string, country: CountryData | Record<string, never>): void;
    masks?: Record<string, string>;
    preferredCountries?: string[];
    inputProps?: InputHTMLAttributes<HTMLInputElement> & Record<string, unknown>;
    specialLabel?: string;
    placeholder?: string;
    disabled?: boolean;
    countryCodeEditable?: boolean;
    containerClass?: string;
    inputClass?: string;
    buttonClass?: string;
  }

  const PhoneInput: ComponentType<PhoneInputProps>;
  export default PhoneInput;
}
