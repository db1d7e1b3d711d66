/**
 * Imports running in this process, so cancelling one stops its download at once. A job on another
 * worker notices the cancellation when it next writes to the (then deleted) row.
 */
export class RunningImports {
  private readonly controllers = new Map<string, AbortController>();

  start(videoId: string): AbortSignal {
    const controller = new AbortController();
    this.controllers.set(videoId, controller);
    return controller.signal;
  }

  finish(videoId: string): void {
    this.controllers.delete(videoId);
  }

  cancel(videoId: string): void {
    this.controllers.get(videoId)?.abort(new Error('Import cancelled'));
    this.controllers.delete(videoId);
  }
}
