import { ProgressBar } from 'primereact/progressbar';
import { ProgressSpinner } from 'primereact/progressspinner';

/** Full-screen loader: upload percentage, then 'Processing video...' once the upload is complete. */
export function GlobalLoaderOverlay({ percentage }: { percentage: number | undefined }) {
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
          </>
        )}
      </div>
    </div>
  );
}
