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
