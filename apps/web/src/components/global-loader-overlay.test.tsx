import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  GlobalLoaderProvider,
  useGlobalLoader,
  type GlobalLoaderApi,
} from '../lib/global-loader.js';
import { GlobalLoaderOverlay } from './global-loader-overlay.js';

function Harness({ onReady }: { onReady(api: GlobalLoaderApi): void }) {
  const loader = useGlobalLoader();
  onReady(loader);
  return <GlobalLoaderOverlay percentage={loader.percentage} />;
}

describe('global loader', () => {
  it('shows the upload percentage, then Processing video... at 100, and hides again', () => {
    let loader: GlobalLoaderApi | undefined;
    render(
      <GlobalLoaderProvider>
        <Harness onReady={(api) => (loader = api)} />
      </GlobalLoaderProvider>,
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    act(() => loader?.show(42.4));
    expect(screen.getByText('Uploading 42%')).toBeInTheDocument();

    act(() => loader?.show(100));
    expect(screen.getByText('Processing video...')).toBeInTheDocument();

    act(() => loader?.hide());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('global loader while a file is sent', () => {
  it('shows the speed and time left, and Cancel stops the upload', async () => {
    let cancelled = 0;
    render(
      <GlobalLoaderOverlay
        percentage={48}
        transfer={{
          speed: '12 MB/s',
          timeLeft: 'about 3 min left',
          cancel: () => (cancelled += 1),
        }}
      />,
    );

    expect(screen.getByText('Uploading 48%')).toBeInTheDocument();
    expect(screen.getByText('12 MB/s · about 3 min left')).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Cancel upload' }).click());
    expect(cancelled).toBe(1);
  });
});
