/** Speed and time left of a transfer, as the loader shows them. */
export interface TransferRate {
  bytesPerSecond: number;
  /** Undefined until the speed is known. */
  secondsLeft: number | undefined;
}

/** Samples older than this no longer count towards the speed: it follows the link as it changes. */
const WINDOW_MS = 5000;

/**
 * Measures a transfer's speed over the last few seconds from (bytes sent, time) samples. Bytes a
 * resumed upload skipped are not counted: the speed starts from the first sample.
 */
export function createRateMeter(now: () => number = () => performance.now()) {
  const samples: { at: number; bytes: number }[] = [];
  return {
    sample(sent: number, total: number): TransferRate {
      const at = now();
      samples.push({ at, bytes: sent });
      while (samples.length > 2 && at - (samples[0]?.at ?? at) > WINDOW_MS) samples.shift();
      const first = samples[0];
      const elapsed = first ? (at - first.at) / 1000 : 0;
      const bytesPerSecond = first && elapsed > 0 ? Math.max(0, (sent - first.bytes) / elapsed) : 0;
      return {
        bytesPerSecond,
        secondsLeft: bytesPerSecond > 0 ? Math.max(0, (total - sent) / bytesPerSecond) : undefined,
      };
    },
  };
}

export function formatSpeed(bytesPerSecond: number): string {
  const mb = bytesPerSecond / 1024 ** 2;
  if (mb >= 1) return `${mb.toFixed(mb >= 10 ? 0 : 1)} MB/s`;
  return `${Math.round(bytesPerSecond / 1024)} KB/s`;
}

export function formatTimeLeft(seconds: number | undefined): string {
  if (seconds === undefined) return 'estimating time left';
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} min left`;
  const hours = Math.floor(minutes / 60);
  return `about ${hours} h ${minutes % 60} min left`;
}
