import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { PhoneField } from './phone-field.js';

function Host({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <PhoneField id="phone" label="Phone" value={value} onChange={setValue} />
      <output data-testid="sent">{value}</output>
    </>
  );
}

describe('phone field', () => {
  it('accepts a national number pasted or filled in whole', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Host initial="" />);
    const input = screen.getByLabelText('Phone');
    await user.tripleClick(input);
    await user.paste('555-123-4567');
    expect(input).toHaveValue('+1 555-123-4567');
    expect(screen.getByTestId('sent')).toHaveTextContent('5551234567');
  });

  it('formats a US number as +1 999-999-9999 and hands out the digits without the dial code', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Host initial="" />);
    await user.type(screen.getByLabelText('Phone'), '5551234567');
    expect(screen.getByLabelText('Phone')).toHaveValue('+1 555-123-4567');
    expect(screen.getByTestId('sent')).toHaveTextContent('5551234567');
  });

  it('ignores letters', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Host initial="" />);
    await user.type(screen.getByLabelText('Phone'), '55a5b');
    expect(screen.getByTestId('sent')).toHaveTextContent('555');
  });

  it('keeps the dial code when everything is erased, and accepts a new number', async () => {
    const user = userEvent.setup({ delay: null });
    render(<Host initial="5551234567" />);
    const input = screen.getByLabelText('Phone');
    await user.type(input, '{Backspace}'.repeat(16));
    expect((input as HTMLInputElement).value.trim()).toBe('+1');
    expect(screen.getByTestId('sent')).toBeEmptyDOMElement();
    await user.type(input, '2125550100');
    expect(input).toHaveValue('+1 212-555-0100');
    expect(screen.getByTestId('sent')).toHaveTextContent('2125550100');
  });
});
