/**
 * Collects the heap every few frames or calls, so that the buffers of frames and tensors no longer
 * used are freed now rather than when V8 gets round to it. Their pixels live outside the JavaScript
 * heap, held by small objects that outlive a few young-generation collections (frames wait in the
 * look-ahead queue), so only a full collection frees them; left to V8, each thread (the analysis,
 * the detector, the number readers) holds tens of MB of dead frames at a time, and the process's
 * peak memory is set by the moments when several do at once.
 *
 * Every third call: Player Tracking on a 1080p film of 3 minutes peaked at 542 MB instead of
 * 603–623 MB, at the same processor time (within the runs' spread); after every call, 544 MB at 20%
 * more processor time; every sixth, 584 MB. Collecting only when a thread's `arrayBuffers` had grown
 * by 8–32 MB changed nothing: the tensors' memory is not counted there (vision-lab journal,
 * player-tracking.md).
 *
 * Needs the process started with `--expose-gc` (ENGINE_EXEC_ARGV; worker threads inherit it);
 * without it this does nothing.
 */
const COLLECT_EVERY_CALLS = 3;

let calls = 0;

export function collectDeadBuffers(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return;
  calls = (calls + 1) % COLLECT_EVERY_CALLS;
  if (calls === 0) gc();
}
