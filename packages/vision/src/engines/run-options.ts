/** What every engine's `run` takes besides its request. */
export interface EngineRunOptions {
  signal?: AbortSignal;
  /** 0–100 over the whole call. */
  onProgress?: (percent: number) => void;
}
