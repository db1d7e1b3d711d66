import { useState } from 'react';
import { Button } from 'primereact/button';
import { Messages, RESEND_EMAIL_COUNTDOWN_SECONDS } from '@filmroom/contract';
import { formatCountdown } from './countdown-text.js';
import { useCountdown } from './use-countdown.js';

interface ResendEmailButtonProps {
  /** Label before the first successful send. */
  firstLabel: string;
  /** Label after a successful send. */
  againLabel: string;
  isSending: boolean;
  /** Sends the mail; resolves true when it was sent. */
  onSend(): Promise<boolean>;
}

/** A send button that, after a successful send, waits out a countdown before allowing another. */
export function ResendEmailButton({
  firstLabel,
  againLabel,
  isSending,
  onSend,
}: ResendEmailButtonProps) {
  const { remaining, start } = useCountdown(RESEND_EMAIL_COUNTDOWN_SECONDS);
  const [hasSent, setHasSent] = useState(false);
  const isCounting = remaining > 0;

  async function handleClick() {
    if (await onSend()) {
      setHasSent(true);
      start();
    }
  }

  return (
    <div className="resend">
      <Button
        type="submit"
        label={hasSent ? againLabel : firstLabel}
        loading={isSending}
        disabled={isSending || isCounting}
        onClick={(event) => {
          event.preventDefault();
          void handleClick();
        }}
        className="w-full"
      />
      {isCounting && (
        <div className="resend__countdown" role="status">
          <p>Re-send email in {formatCountdown(remaining)}</p>
          <p className="muted">{Messages.checkSpamInbox}</p>
        </div>
      )}
    </div>
  );
}
