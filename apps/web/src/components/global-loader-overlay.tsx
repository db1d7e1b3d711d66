import { Button } from 'primereact/button';
import { ProgressBar } from 'primereact/progressbar';
import { ProgressSpinner } from 'primereact/progressspinner';
import type { LoaderTransfer } from '../lib/global-loader.js';

/**
 * Full-screen loader: upload percentage, then 'Processing video...' once the upload is complete.
 * While a file is sent it also shows the speed and time left, and offers Cancel.
 */
export function GlobalLoaderOverlay({
  percentage,
  transfer,
}: {
  percentage: number | undefined;
  transfer?: LoaderTransfer | undefined;
}) {
  if (percentage === undefined) return null;
  const isProcessing = percentage >= 100;
  return (
    <div className="global-loader" role="alertdialog" aria-busy="true" aria-label="Loading">
      <div className="global-loader__panel">
        <ProgressSpinner style={{ width: 56, height: 56 }} strokeWidth="4" />
        {isProcessing ? (
          <p className="global-loader__text">Processing video...</p>
        ) : (
          <>
            <p className="global-loader__text">Uploading {percentage}%</p>
            <ProgressBar value={percentage} showValue={false} style={{ height: 8, width: 260 }} />
            {transfer && (
              <p className="global-loader__transfer" aria-live="polite">
                {transfer.speed} · {transfer.timeLeft}
              </p>
            )}
            {transfer?.cancel && (
              <Button
                type="button"
                label="Cancel upload"
                outlined
                severity="secondary"
                onClick={transfer.cancel}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}
