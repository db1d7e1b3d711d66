/** What a worker thread started with `serveInWorker` and its `WorkerClient` say to each other. */
export type WorkerReply<Result> =
  | { ready: true }
  | { ready: false; error: string }
  | { id: number; result: Result }
  | { id: number; error: string };

export interface WorkerCall<Request> {
  id: number;
  request: Request;
}
